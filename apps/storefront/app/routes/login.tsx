import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../i18n/react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/login';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { TextField } from '../components/forms/fields';
import { LoginFormSchema, type LoginFormValues } from '../lib/account/account-forms';
import { accountPageMeta, type LoginNotice } from '../lib/account/account-meta';
import { accountPath, returnToFrom, withReturnTo } from '../lib/account/return-to';
import { refreshSession, useSession } from '../lib/account/session';
import { useSignOut } from '../lib/account/use-sign-out';
import { logIn } from '../lib/api/account-actions.api';
import { schemaResolver } from '../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../lib/forms/server-errors';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'login-page', section: 'account' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return accountPageMeta(t('login.title'), t('login.metaDescription'));
}

/** Where to go after logging in: a checked `returnTo`, else the account overview. */
export function loader({ request }: Route.LoaderArgs) {
  return { returnTo: returnToFrom(request.url) };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { returnTo: returnToFrom(request.url) };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const session = useSession();
  const notice = (useLocation().state as LoginNotice | null) ?? null;
  const { returnTo } = loaderData;

  return (
    <div className="auth-page">
      <h1>{t('login.title')}</h1>
      {session.status === 'signed-in' ? (
        <SignedIn store={code} firstname={session.user.firstname} returnTo={returnTo} />
      ) : (
        <>
          {notice && <FormAlert tone="success" alert={{ key: `login.notice.${notice.notice}` }} />}
          <LoginForm store={code} returnTo={returnTo} email={notice?.email} />
          <p className="auth-page__links">
            <Link to={storePath(code, '/forgot-password')}>{t('login.forgotPassword')}</Link>
            <br />
            <Link to={storePath(code, '/order-status')}>{t('orderStatus.fromLogin')}</Link>
          </p>
          <section className="auth-page__aside" aria-labelledby="login-new-heading">
            <h2 id="login-new-heading">{t('login.newHeading')}</h2>
            <p>{t('login.newText')}</p>
            <Link className="button button--secondary" to={withReturnTo(storePath(code, '/register'), returnTo)}>
              {t('login.createAccount')}
            </Link>
          </section>
        </>
      )}
    </div>
  );
}

const loginResolver = schemaResolver<LoginFormValues, ReturnType<typeof LoginFormSchema.parse>>(LoginFormSchema);

function LoginForm({ store, returnTo, email }: { store: string; returnTo: string | null; email?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const { register, handleSubmit, setError, resetField, formState: { errors, isSubmitting } } = useForm<LoginFormValues, unknown, ReturnType<typeof LoginFormSchema.parse>>({
    resolver: loginResolver,
    defaultValues: { email: email ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await logIn(store, values.email, values.password);
    } catch (error) {
      resetField('password');
      setAlert(applyServerError(error, setError, {
        fields: ['email', 'password'],
        fieldMap: { 'strategy_data.identifier': 'email', 'strategy_data.password': 'password' },
        alerts: { UNAUTHORISED: 'login.errors.credentials', INACTIVE: 'login.errors.inactive' },
      }));
      return;
    }
    // The next page should render signed in; if reading the session fails, it catches up there.
    await refreshSession(store).catch(() => null);
    await navigate(returnTo ?? accountPath(store), { replace: true });
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <FormAlert alert={alert} />
      <TextField
        id="login-email"
        label={t('account.fields.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        registration={register('email')}
        error={errors.email}
      />
      <TextField
        id="login-password"
        label={t('account.fields.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
      />
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}

/** Already signed in: say so, and offer the way on or out instead of a second login. */
function SignedIn({ store, firstname, returnTo }: { store: string; firstname: string; returnTo: string | null }) {
  const { t } = useTranslation();
  const { signOut, isSigningOut } = useSignOut(store);
  return (
    <div className="auth-page__signed-in">
      <p>{t('login.alreadySignedIn', { name: firstname })}</p>
      <p className="auth-page__actions">
        <Link className="button" to={returnTo ?? accountPath(store)}>
          {returnTo ? t('login.continue') : t('login.toAccount')}
        </Link>
        <button type="button" className="button button--secondary" onClick={() => void signOut()} disabled={isSigningOut}>
          {t('header.logOut')}
        </button>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
