import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { forgetSession, type SessionUser } from '../../lib/account/session';
import { isAccountApiError } from '../../lib/api/account.api';
import { cancelAccount, fetchAccountData, reauthenticate } from '../../lib/api/account-actions.api';
import { applyServerError, type FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { storePath } from '../../lib/store-paths';
import { FormAlert } from '../forms/form-alert';
import { TextField } from '../forms/fields';
import { AccountView } from './account-view';

interface PasswordValues {
  password: string;
}

/** Saves a file the browser holds in memory under a name, as a download link would. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * One action that needs the password first: the form re-authenticates the session, then runs the
 * action while the server still counts the proof as fresh.
 */
function PasswordConfirmedAction({ id, store, user, heading, text, submit, danger, onConfirmed }: {
  id: string;
  store: string;
  user: SessionUser;
  heading: string;
  text: string;
  submit: string;
  danger?: boolean;
  onConfirmed: () => Promise<FormAlertMessage | null>;
}) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [done, setDone] = useState<FormAlertMessage | null>(null);
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<PasswordValues>({ defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setAlert(null);
    setDone(null);
    if (!password) {
      setError('password', { type: 'required', message: 'required' }, { shouldFocus: true });
      return;
    }
    try {
      await reauthenticate(store, user.uuid, password);
      reset({ password: '' });
      setDone(await onConfirmed());
    } catch (error) {
      if (isAccountApiError(error, 'UNAUTHORISED')) {
        forgetSession();
        return;
      }
      setAlert(applyServerError(error, setError, { fields: ['password'], alerts: { VERIFICATION_REQUIRED: 'account.privacy.confirmAgain' } }));
    }
  });

  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <p>{text}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        {done && <FormAlert tone="success" alert={done} />}
        {/* Lets password managers offer the right account's password. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <TextField
          id={`${id}-password`}
          label={t('account.privacy.password')}
          hint={t('account.privacy.passwordHint')}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
        />
        <button type="submit" className={danger ? 'button button--danger' : 'button'} disabled={isSubmitting}>{submit}</button>
      </form>
    </section>
  );
}

/** `#/privacy`: a copy of the account's data, and deleting the account; both ask for the password first. */
export function PrivacyView({ store, user }: { store: string; user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AccountView title={t('account.nav.privacy')}>
      <PasswordConfirmedAction
        id="privacy-export"
        store={store}
        user={user}
        heading={t('account.privacy.exportHeading')}
        text={t('account.privacy.exportText')}
        submit={t('account.privacy.exportSubmit')}
        onConfirmed={async () => {
          saveFile(await fetchAccountData(store), 'ember-account-data.json');
          return { key: 'account.privacy.exported' };
        }}
      />
      <PasswordConfirmedAction
        id="privacy-delete"
        store={store}
        user={user}
        heading={t('account.privacy.deleteHeading')}
        text={t('account.privacy.deleteText')}
        submit={t('account.privacy.deleteSubmit')}
        danger
        onConfirmed={async () => {
          await cancelAccount(store, user.uuid);
          // Leave the account pages first, so they do not answer the ended session with a sign-in form.
          await navigate(storePath(store));
          forgetSession();
          return null;
        }}
      />
    </AccountView>
  );
}
