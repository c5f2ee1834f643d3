import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { useTranslation } from '../i18n/react';
import { apiTargetFrom } from '../lib/api/load-context';
import { fetchUnsubscribeLink, MarketingApiError, unsubscribeNewsletter, type MarketingSubscriptionView } from '../lib/api/marketing.api';
import type { FormAlert as FormAlertMessage } from '../lib/forms/server-errors';
import { privatePageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'unsubscribe', section: 'newsletter' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFor(matches)('newsletter.unsubscribe.title'));
}

/** A token as the shop writes it: two base64url parts. The server judges everything else. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}\.[A-Za-z0-9_-]{20,100}$/;

/** The subscription the link names (its address masked), or why the link does not work. */
export async function loader({ params, context }: Route.LoaderArgs): Promise<{ view: MarketingSubscriptionView | null; refusal: 'invalid' | 'failed' | null }> {
  if (!TOKEN.test(params.token)) return { view: null, refusal: 'invalid' };
  try {
    return { view: await fetchUnsubscribeLink(params.store, params.token, apiTargetFrom(context)), refusal: null };
  } catch (error) {
    return { view: null, refusal: error instanceof MarketingApiError && error.code === 'MARKETING_LINK_INVALID' ? 'invalid' : 'failed' };
  }
}

/**
 * The page of an e-mail's List-Unsubscribe link: no login, the address masked, one button. The
 * mail clients' one-click POST (RFC 8058) goes to the same address and is answered by the server.
 */
export default function Unsubscribe({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const [view, setView] = useState(loaderData.view);
  const [alert, setAlert] = useState<FormAlertMessage | null>(loaderData.refusal ? { key: `newsletter.unsubscribe.${loaderData.refusal}` } : null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const unsubscribe = async () => {
    setBusy(true);
    setAlert(null);
    try {
      setView(await unsubscribeNewsletter(code, params.token));
      setDone(true);
    } catch (error) {
      setAlert({ key: error instanceof MarketingApiError && error.code === 'RATE_LIMITED' ? 'newsletter.errors.tooMany' : 'newsletter.unsubscribe.failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <h1>{t('newsletter.unsubscribe.title')}</h1>
      <FormAlert alert={alert} />
      {view && (view.status === 'UNSUBSCRIBED' ? (
        <FormAlert tone="success" alert={{ key: done ? 'newsletter.unsubscribe.done' : 'newsletter.unsubscribe.already', values: { email: view.email_masked } }} />
      ) : (
        <>
          <p className="auth-page__lead">{t('newsletter.unsubscribe.lead', { email: view.email_masked })}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void unsubscribe()}>{t('newsletter.unsubscribe.button')}</button>
        </>
      ))}
      <p className="auth-page__links"><Link to={storePath(code, '/')}>{t('newsletter.toShop')}</Link></p>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
