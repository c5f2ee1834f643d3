import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { useTranslation } from '../i18n/react';
import { confirmNewsletter, MarketingApiError } from '../lib/api/marketing.api';
import type { FormAlert as FormAlertMessage } from '../lib/forms/server-errors';
import { privatePageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'communication-preferences', section: 'newsletter' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFor(matches)('newsletter.confirm.title'));
}

// Nothing to load; the loader exists so the page counts as rendered for tracking.
export function loader() {
  return {};
}

export function clientLoader() {
  return {};
}

/** A token as the shop writes it: two base64url parts. The server judges everything else. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}\.[A-Za-z0-9_-]{20,100}$/;

function alertFor(error: unknown): FormAlertMessage {
  const code = error instanceof MarketingApiError ? error.code : undefined;
  if (code === 'MARKETING_LINK_EXPIRED') return { key: 'newsletter.confirm.expired' };
  if (code === 'MARKETING_LINK_INVALID' || code === 'VALIDATION_FAILED') return { key: 'newsletter.confirm.invalid' };
  if (code === 'RATE_LIMITED') return { key: 'newsletter.errors.tooMany' };
  return { key: 'newsletter.confirm.failed' };
}

/**
 * Where the newsletter's confirmation e-mail lands. Confirming takes the person's click, not the
 * page's load, so a mail scanner that opens links subscribes nobody (docs/decisions/0058, 0070).
 */
export default function NewsletterConfirm({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const [confirmed, setConfirmed] = useState(false);
  const [alert, setAlert] = useState<FormAlertMessage | null>(TOKEN.test(params.token) ? null : { key: 'newsletter.confirm.invalid' });
  const [busy, setBusy] = useState(false);
  const linkRefused = alert?.key === 'newsletter.confirm.invalid' || alert?.key === 'newsletter.confirm.expired';

  const confirm = async () => {
    setBusy(true);
    setAlert(null);
    try {
      await confirmNewsletter(code, params.token);
      setConfirmed(true);
    } catch (error) {
      setAlert(alertFor(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <h1>{t('newsletter.confirm.title')}</h1>
      {confirmed ? (
        <FormAlert tone="success" alert={{ key: 'newsletter.confirm.confirmed' }} />
      ) : (
        <>
          <FormAlert alert={alert} />
          {linkRefused ? (
            <p><Link to={storePath(code, '/newsletter')}>{t('newsletter.confirm.again')}</Link></p>
          ) : (
            <>
              <p className="auth-page__lead">{t('newsletter.confirm.lead')}</p>
              <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>{t('newsletter.confirm.button')}</button>
            </>
          )}
        </>
      )}
      <p className="auth-page__links"><Link to={storePath(code, '/')}>{t('newsletter.toShop')}</Link></p>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
