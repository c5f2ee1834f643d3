import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../../lib/account/account-forms';
import { useConfiguration } from '../../lib/account/configuration';
import { forgetSession, type SessionUser } from '../../lib/account/session';
import { isAccountApiError } from '../../lib/api/account.api';
import { changePassword } from '../../lib/api/account-actions.api';
import { schemaResolver } from '../../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { FormAlert } from '../forms/form-alert';
import { TextField } from '../forms/fields';
import { PasswordRules } from '../forms/password-rules';
import { AccountView } from './account-view';

type ChangePasswordOutput = ReturnType<ReturnType<typeof changePasswordFormSchema>['parse']>;

const EMPTY: ChangePasswordFormValues = { current_password: '', new_password: '', new_password_confirmation: '' };

/** `#/change-password`: the current password, then the new one twice. Other sessions end on success. */
export function ChangePasswordForm({ store, user }: { store: string; user: SessionUser }) {
  const { t } = useTranslation();
  const rules = useConfiguration(store)?.password_requirements;
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [changed, setChanged] = useState(false);
  const resolver = useMemo(() => schemaResolver<ChangePasswordFormValues, ChangePasswordOutput>(changePasswordFormSchema(rules, user.email)), [rules, user.email]);
  const { register, handleSubmit, setError, reset, control, formState: { errors, isSubmitting } } = useForm<ChangePasswordFormValues, unknown, ChangePasswordOutput>({
    resolver,
    defaultValues: EMPTY,
  });
  const newPassword = useWatch({ control, name: 'new_password' });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    setChanged(false);
    try {
      await changePassword(store, values);
      reset(EMPTY);
      setChanged(true);
    } catch (error) {
      // A wrong current password is a field error; UNAUTHORISED means the session has ended.
      if (isAccountApiError(error, 'UNAUTHORISED')) {
        forgetSession();
        return;
      }
      setAlert(applyServerError(error, setError, {
        fields: ['current_password', 'new_password', 'new_password_confirmation'],
        fieldMap: { password: 'new_password' },
      }));
    }
  });

  return (
    <AccountView title={t('account.nav.change-password')}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        {changed && <FormAlert tone="success" alert={{ key: 'account.password.changed' }} />}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <TextField
          id="password-current"
          label={t('account.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          registration={register('current_password')}
          error={errors.current_password}
        />
        <TextField
          id="password-new"
          label={t('account.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          registration={register('new_password')}
          error={errors.new_password}
          describedBy={rules ? 'password-new-rules' : undefined}
        />
        <PasswordRules id="password-new-rules" rules={rules} password={newPassword ?? ''} username={user.email} />
        <TextField
          id="password-confirmation"
          label={t('account.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          registration={register('new_password_confirmation')}
          error={errors.new_password_confirmation}
        />
        <button type="submit" className="button" disabled={isSubmitting}>{t('account.password.submit')}</button>
      </form>
    </AccountView>
  );
}
