import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../i18n/react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/reset-password';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { TextField } from '../components/forms/fields';
import { PasswordRules } from '../components/forms/password-rules';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../lib/account/account-forms';
import { accountPageMeta, type LoginNotice } from '../lib/account/account-meta';
import { loadConfigurationInBrowser, loadConfigurationOnServer } from '../lib/account/configuration';
import { resetPassword } from '../lib/api/account-actions.api';
import { schemaResolver } from '../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../lib/forms/server-errors';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'reset-password', section: 'account' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return accountPageMeta(t('resetPassword.title'));
}

/** The single-use token from the e-mailed link (`?token=`), and the password rules. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return { configuration: await loadConfigurationOnServer(context, params.store), token: tokenFrom(request.url) };
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return { configuration: await loadConfigurationInBrowser(params.store), token: tokenFrom(request.url) };
}

function tokenFrom(url: string): string | null {
  const token = new URL(url).searchParams.get('token');
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

type ResetOutput = ReturnType<ReturnType<typeof resetPasswordFormSchema>['parse']>;

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const navigate = useNavigate();
  const { configuration, token } = loaderData;
  const rules = configuration?.password_requirements;
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [expired, setExpired] = useState(!token);
  const resolver = useMemo(() => schemaResolver<ResetPasswordFormValues, ResetOutput>(resetPasswordFormSchema(rules)), [rules]);
  const { register, handleSubmit, setError, control, formState: { errors, isSubmitting } } = useForm<ResetPasswordFormValues, unknown, ResetOutput>({
    resolver,
    defaultValues: { password: '', password_confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    if (!token) return;
    setAlert(null);
    try {
      await resetPassword(code, token, values.password, values.password_confirmation);
    } catch (error) {
      const alertMessage = applyServerError(error, setError, { fields: ['password', 'password_confirmation'], alerts: { NOT_FOUND: 'resetPassword.expired' } });
      if (alertMessage?.key === 'resetPassword.expired') setExpired(true);
      setAlert(alertMessage);
      return;
    }
    const notice: LoginNotice = { notice: 'password-reset' };
    await navigate(storePath(code, '/login'), { replace: true, state: notice });
  });

  return (
    <div className="auth-page">
      <h1>{t('resetPassword.title')}</h1>
      {expired ? (
        <FormAlert alert={alert ?? { key: 'resetPassword.expired' }}>
          <p><Link to={storePath(code, '/forgot-password')}>{t('resetPassword.requestNew')}</Link></p>
        </FormAlert>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <FormAlert alert={alert} />
          <TextField
            id="reset-password"
            label={t('account.fields.newPassword')}
            type="password"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password}
            describedBy={rules ? 'reset-password-rules' : undefined}
          />
          <PasswordRules id="reset-password-rules" rules={rules} password={password ?? ''} />
          <TextField
            id="reset-password-confirmation"
            label={t('account.fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            registration={register('password_confirmation')}
            error={errors.password_confirmation}
          />
          <button type="submit" className="button" disabled={isSubmitting}>{t('resetPassword.submit')}</button>
        </form>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
