import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/lead-confirm';
import { useTranslation } from '../i18n/react';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { confirmLead, LeadsApiError } from '../lib/api/leads.api';
import type { FormAlert as FormAlertMessage } from '../lib/forms/server-errors';
import { privatePageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'communication-preferences', section: 'leads' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFor(matches)('leads.title'));
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
/** The purposes the catalogue has words for; any other is left out of the list. */
const WORDED_PURPOSES = new Set(['email_marketing', 'sms_marketing', 'post_marketing']);

/** The words for a refused confirmation: a link that is no good, or one that may work when tried again. */
function alertFor(error: unknown): FormAlertMessage {
  const code = error instanceof LeadsApiError ? error.code : undefined;
  if (code === 'LEAD_LINK_EXPIRED') return { key: 'leads.expired' };
  if (code === 'LEAD_LINK_INVALID' || code === 'VALIDATION_FAILED') return { key: 'leads.invalid' };
  if (code === 'RATE_LIMITED') return { key: 'leads.tooMany' };
  return { key: 'leads.failed' };
}

/**
 * Where the link e-mailed to a lead lands. Confirming takes the person's click, not the page's
 * load, so a mail scanner that opens links confirms nothing (docs/decisions/0058).
 */
export default function LeadConfirm({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const [purposes, setPurposes] = useState<string[] | null>(null);
  const [alert, setAlert] = useState<FormAlertMessage | null>(TOKEN.test(params.token) ? null : { key: 'leads.invalid' });
  const [busy, setBusy] = useState(false);
  const linkRefused = alert?.key === 'leads.invalid' || alert?.key === 'leads.expired';

  const confirm = async () => {
    setBusy(true);
    setAlert(null);
    try {
      setPurposes((await confirmLead(code, params.token)).purposes);
    } catch (error) {
      setAlert(alertFor(error));
    } finally {
      setBusy(false);
    }
  };

  const worded = (purposes ?? []).filter((p) => WORDED_PURPOSES.has(p));
  return (
    <div className="auth-page">
      <h1>{t('leads.title')}</h1>
      {purposes ? (
        <FormAlert tone="success" alert={{ key: 'leads.confirmed' }}>
          {worded.length > 0 && (
            <>
              <p>{t('leads.confirmedBy')}</p>
              <ul>{worded.map((p) => <li key={p}>{t(`leads.purposes.${p}`)}</li>)}</ul>
            </>
          )}
        </FormAlert>
      ) : (
        <>
          <FormAlert alert={alert} />
          {!linkRefused && (
            <>
              <p className="auth-page__lead">{t('leads.lead')}</p>
              <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>{t('leads.confirm')}</button>
            </>
          )}
        </>
      )}
      <p className="auth-page__links"><Link to={storePath(code, '/')}>{t('leads.toShop')}</Link></p>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
