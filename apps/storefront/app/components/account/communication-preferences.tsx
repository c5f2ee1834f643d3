import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { storeConsents, useConsentPurposes, useConsents } from '../../lib/account/account-queries';
import { forgetSession, type SessionUser } from '../../lib/account/session';
import { isAccountApiError } from '../../lib/api/account.api';
import { updateConsents, type ConsentPurpose, type UserConsent } from '../../lib/api/account-actions.api';
import { applyServerError, type FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { FormAlert } from '../forms/form-alert';
import { AccountNewsletter } from '../newsletter/account-newsletter';
import { AccountView } from './account-view';

/** Purposes by category, in the order the server lists them (e-mail, SMS, post, survey, additional, GDPR). */
export function groupByCategory(purposes: readonly ConsentPurpose[]): { category: string; purposes: ConsentPurpose[] }[] {
  const groups = new Map<string, ConsentPurpose[]>();
  for (const purpose of purposes) {
    const group = groups.get(purpose.category) ?? [];
    group.push(purpose);
    groups.set(purpose.category, group);
  }
  return [...groups].map(([category, list]) => ({ category, purposes: list }));
}

/** `#/communication`: how we may contact the customer, saved in one change. */
export function CommunicationPreferences({ store, language, user }: { store: string; language: string; user: SessionUser }) {
  const { t } = useTranslation();
  const purposes = useConsentPurposes(store, language);
  const consents = useConsents(store, user.uuid);
  // Bumped when the newsletter changed the e-mail consent, so the form starts again from the saved consents.
  const [revision, setRevision] = useState(0);

  let body;
  if (purposes.isPending || consents.isPending) body = <p role="status">{t('account.loading')}</p>;
  else if (!purposes.data || !consents.data) body = <FormAlert alert={{ key: 'account.errors.generic' }} />;
  else body = <PreferencesForm key={revision} store={store} user={user} purposes={purposes.data} consents={consents.data} />;

  return (
    <AccountView title={t('account.nav.communication')}>
      <p>{t('account.communication.lead')}</p>
      {/* Unsubscribing withdraws the e-mail consent below: it is read again after a change. */}
      <AccountNewsletter store={store} uuid={user.uuid} onChange={() => void consents.refetch().then(() => setRevision((r) => r + 1))} />
      {body}
    </AccountView>
  );
}

interface PreferencesFormProps {
  store: string;
  user: SessionUser;
  purposes: ConsentPurpose[];
  consents: UserConsent[];
}

function grantedOf(purposes: ConsentPurpose[], consents: UserConsent[]): Record<string, boolean> {
  const granted = new Map(consents.map((c) => [c.purpose_id, c.granted]));
  return Object.fromEntries(purposes.map((p) => [p.id, p.mandatory || (granted.get(p.id) ?? false)]));
}

function PreferencesForm({ store, user, purposes, consents }: PreferencesFormProps) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState(() => grantedOf(purposes, consents));
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const optional = purposes.filter((p) => !p.mandatory);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    setSaved(false);
    setSaving(true);
    try {
      const updated = await updateConsents(store, user.uuid, optional.map((p) => ({ purpose_id: p.id, granted: choices[p.id] ?? false })));
      storeConsents(user.uuid, updated);
      setChoices(grantedOf(purposes, updated));
      setSaved(true);
    } catch (error) {
      if (isAccountApiError(error, 'UNAUTHORISED')) {
        forgetSession();
        return;
      }
      setAlert(applyServerError(error, () => undefined, { fields: [] }));
    } finally {
      setSaving(false);
    }
  };

  if (!purposes.length) return <p>{t('account.communication.none')}</p>;

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormAlert alert={alert} />
      {groupByCategory(purposes).map((group) => (
        <fieldset key={group.category} className="choice-group">
          <legend className="choice-group__legend">
            {t(`account.communication.categories.${group.category}`, { defaultValue: group.purposes[0]!.section.name })}
          </legend>
          {group.purposes.map((purpose) => {
            const id = `consent-${purpose.id}`;
            const described = [purpose.description && `${id}-description`, purpose.mandatory && `${id}-mandatory`].filter(Boolean).join(' ');
            return (
              <div key={purpose.id} className="choice">
                <input
                  id={id}
                  type="checkbox"
                  className="choice__input"
                  checked={choices[purpose.id] ?? false}
                  disabled={purpose.mandatory}
                  aria-describedby={described || undefined}
                  onChange={(event) => {
                    const granted = event.currentTarget.checked;
                    setSaved(false);
                    setChoices((current) => ({ ...current, [purpose.id]: granted }));
                  }}
                />
                <label htmlFor={id} className="choice__label">{purpose.name}</label>
                {purpose.description && <p id={`${id}-description`} className="choice__hint">{purpose.description}</p>}
                {purpose.mandatory && <p id={`${id}-mandatory`} className="choice__hint">{t('account.communication.mandatory')}</p>}
              </div>
            );
          })}
        </fieldset>
      ))}
      {saved && <FormAlert tone="success" alert={{ key: 'account.communication.saved' }} />}
      <button type="submit" className="button" disabled={saving || !optional.length}>{t('account.communication.submit')}</button>
    </form>
  );
}
