import { useTranslation } from '../../i18n/react';
import { Link, isRouteErrorResponse } from 'react-router';
import { DEFAULT_STORE_CODE, storePath } from '../../lib/store-paths';

/**
 * The friendly page for a failed route: "not found" for 404 responses, a generic apology for
 * anything else. Never shows the error itself.
 */
export function RouteError({ error, store }: { error: unknown; store?: string }) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="route-error" aria-labelledby="route-error-heading">
      <p className="route-error__code" aria-hidden="true">{notFound ? '404' : '500'}</p>
      <h1 id="route-error-heading">{notFound ? t('error.notFoundTitle') : t('error.genericTitle')}</h1>
      <p>{notFound ? t('error.notFoundText') : t('error.genericText')}</p>
      <p className="route-error__actions">
        <Link className="button" to={storePath(store ?? DEFAULT_STORE_CODE)}>{t('error.backHome')}</Link>
        <Link className="button button--secondary" to={storePath(store ?? DEFAULT_STORE_CODE, '/shop')}>{t('header.shopAll')}</Link>
      </p>
    </section>
  );
}
