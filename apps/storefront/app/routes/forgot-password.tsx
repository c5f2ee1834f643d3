import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/forgot-password';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { TextField } from '../components/forms/fields';
import { ForgotPasswordFormSchema } from '../lib/account/account-forms';
import { accountPageMeta } from '../lib/account/account-meta';
import { requestPasswordReset } from '../lib/api/account-actions.api';
import { schemaResolver } from '../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../lib/forms/server-errors';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'forgot-password', section: 'account' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return accountPageMeta(t('forgotPassword.title'));
}

// Nothing to load; the loader exists so the page counts as rendered for tracking.
export function loader() {
  return {};
}

export function clientLoader() {
  return {};
}

const resolver = schemaResolver<{ email: string }, { email: string }>(ForgotPasswordFormSchema);

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * the page cannot be used to find out who is a customer.
 */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<{ email: string }, unknown, { email: string }>({
    resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setAlert(null);
    try {
      await requestPasswordReset(code, email);
      setSent(true);
    } catch (error) {
      setAlert(applyServerError(error, setError, { fields: ['email'] }));
    }
  });

  return (
    <div className="auth-page">
      <h1>{t('forgotPassword.title')}</h1>
      {sent ? (
        <FormAlert tone="success" alert={{ key: 'forgotPassword.sent' }}>
          <p><Link to={storePath(code, '/login')}>{t('forgotPassword.backToLogin')}</Link></p>
        </FormAlert>
      ) : (
        <>
          <p className="auth-page__lead">{t('forgotPassword.lead')}</p>
          <form className="form" noValidate onSubmit={onSubmit}>
            <FormAlert alert={alert} />
            <TextField
              id="forgot-email"
              label={t('account.fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              registration={register('email')}
              error={errors.email}
            />
            <button type="submit" className="button" disabled={isSubmitting}>{t('forgotPassword.submit')}</button>
          </form>
          <p className="auth-page__links">
            <Link to={storePath(code, '/login')}>{t('forgotPassword.backToLogin')}</Link>
          </p>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
