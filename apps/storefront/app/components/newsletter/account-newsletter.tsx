import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useQuery, useQueryClient } from '../../lib/api/query';
import {
  fetchAccountNewsletter, MarketingApiError, subscribeAccountNewsletter, unsubscribeAccountNewsletter, type AccountNewsletter as AccountNewsletterState,
} from '../../lib/api/marketing.api';
import type { FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { FormAlert } from '../forms/form-alert';

const newsletterKey = (uuid: string, store: string) => ['newsletter', uuid, store];

/**
 * The newsletter in the account's communication preferences: its status in this store view and one
 * button to subscribe (the same double opt-in as a guest's, for a customer whose age is verified) or
 * unsubscribe. A customer without a verified age is told to verify it first (docs/decisions/0070).
 */
export function AccountNewsletter({ store, uuid, onChange }: { store: string; uuid: string; onChange?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: newsletterKey(uuid, store), queryFn: () => fetchAccountNewsletter(store, uuid) });
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [notice, setNotice] = useState<FormAlertMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async (action: (current: AccountNewsletterState) => Promise<AccountNewsletterState>, done: string) => {
    if (!status.data) return;
    setBusy(true);
    setAlert(null);
    setNotice(null);
    try {
      queryClient.setQueryData(newsletterKey(uuid, store), await action(status.data));
      setNotice({ key: done });
      onChange?.();
    } catch (error) {
      const code = error instanceof MarketingApiError ? error.code : undefined;
      setAlert({ key: code === 'AGE_VERIFICATION_REQUIRED' ? 'newsletter.account.verifyFirst' : code === 'RATE_LIMITED' ? 'newsletter.errors.tooMany' : 'newsletter.account.failed' });
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (status.isPending) body = <p role="status">{t('account.loading')}</p>;
  else if (!status.data) body = <FormAlert alert={{ key: 'account.errors.generic' }} />;
  else {
    const s = status.data;
    const subscribe = () => void change((c) => subscribeAccountNewsletter(store, uuid, c.consent_version), 'newsletter.account.sent');
    const unsubscribe = () => void change(() => unsubscribeAccountNewsletter(store, uuid), 'newsletter.account.unsubscribed');
    body = (
      <>
        <p>{t(`newsletter.account.status.${s.status}`, { email: s.email_masked })}</p>
        <FormAlert alert={alert} />
        {notice && <FormAlert tone="success" alert={notice} />}
        {s.status === 'SUBSCRIBED' || s.status === 'UNCONFIRMED' ? (
          <div className="newsletter-account__actions">
            {s.status === 'UNCONFIRMED' && s.is_age_verified && (
              <button type="button" className="button button--secondary" disabled={busy} onClick={subscribe}>{t('newsletter.account.resend')}</button>
            )}
            <button type="button" className="button button--secondary" disabled={busy} onClick={unsubscribe}>{t('newsletter.account.unsubscribe')}</button>
          </div>
        ) : s.is_age_verified ? (
          <>
            <p className="choice__hint">{t('newsletter.consent')} <small>{t('newsletter.version', { version: s.consent_version })}</small></p>
            <button type="button" className="button" disabled={busy} onClick={subscribe}>{t('newsletter.account.subscribe')}</button>
          </>
        ) : (
          <p>{t('newsletter.account.verifyFirst')} <a href="#/age-verification">{t('newsletter.account.verifyLink')}</a></p>
        )}
      </>
    );
  }
  return (
    <section className="newsletter-account" aria-labelledby="newsletter-account-title">
      <h2 id="newsletter-account-title">{t('newsletter.title')}</h2>
      {body}
    </section>
  );
}
