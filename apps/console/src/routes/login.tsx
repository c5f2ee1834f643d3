import { OperatorEnrolmentSchema, OperatorLoginBodySchema, OperatorSessionSchema, OperatorTotpBodySchema } from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api, messageOf } from '../api';
import { ErrorNotice, Field, describedBy } from '../components/fields';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { groupSecret, svgDataUrl } from '../enrolment';
import { noteSessionEnd, pathForStage, useSession, useSetSession } from '../session';

function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div className="auth-page">
      <header className="auth-header">
        <span className="brand">{t('app.name')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" className="auth-card">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const setSession = useSetSession();
  const form = useForm({ resolver: zodResolver(OperatorLoginBodySchema), defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post('/admin/session', OperatorSessionSchema, body, { quiet401: true }),
    onSuccess: (next) => {
      setSession(next);
      void navigate(pathForStage(next), { replace: true });
    },
  });
  if (session.data?.stage === 'signed_in') return <Navigate to="/" replace />;
  const errors = form.formState.errors;
  const reason = params.get('reason');
  return (
    <AuthShell title={t('login.title')}>
      {reason === 'idle' ? (
        <div className="notice notice-info" role="status">
          {t('login.idle')}
        </div>
      ) : null}
      {reason === 'signed_out' ? (
        <div className="notice notice-info" role="status">
          {t('login.signedOut')}
        </div>
      ) : null}
      {reason === 'expired' ? (
        <div className="notice notice-info" role="status">
          {t('login.expired')}
        </div>
      ) : null}
      <ErrorNotice message={login.error ? messageOf(login.error, t('errors.generic')) : null} />
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <Field id="email" label={t('login.email')} error={errors.email}>
          <input id="email" type="email" autoComplete="username" required {...describedBy('email', errors.email)} {...form.register('email')} />
        </Field>
        <Field id="password" label={t('login.password')} error={errors.password}>
          <input id="password" type="password" autoComplete="current-password" required {...describedBy('password', errors.password)} {...form.register('password')} />
        </Field>
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? t('common.working') : t('login.submit')}
        </button>
      </form>
    </AuthShell>
  );
}

function CodeForm({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const form = useForm({ resolver: zodResolver(OperatorTotpBodySchema), defaultValues: { code: '' } });
  const verify = useMutation({
    mutationFn: (body: { code: string }) => api.post('/admin/session/totp', OperatorSessionSchema, body, { quiet401: true }),
    onSuccess: (next) => {
      setSession(next);
      void navigate(pathForStage(next), { replace: true });
    },
  });
  const error = form.formState.errors.code;
  return (
    <>
      <ErrorNotice message={verify.error ? messageOf(verify.error, t('errors.generic')) : null} />
      <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))}>
        <Field id="code" label={t('totp.code')} error={error} hint={t('totp.codeHint')}>
          <input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={9}
            required
            className="code-input"
            {...describedBy('code', error, true)}
            {...form.register('code')}
          />
        </Field>
        <button type="submit" className="primary" disabled={verify.isPending}>
          {verify.isPending ? t('common.working') : submitLabel}
        </button>
      </form>
    </>
  );
}

function useStageGuard(stage: 'totp' | 'enrol') {
  const session = useSession();
  if (session.isPending) return { ready: false as const, redirect: null };
  const current = session.data;
  if (!current || current.stage !== stage) return { ready: false as const, redirect: pathForStage(current) };
  return { ready: true as const, redirect: null };
}

export function TotpPage() {
  const { t } = useTranslation();
  const guard = useStageGuard('totp');
  if (guard.redirect) return <Navigate to={guard.redirect} replace />;
  if (!guard.ready) return <p className="loading">{t('common.loading')}</p>;
  return (
    <AuthShell title={t('totp.title')}>
      <p>{t('totp.intro')}</p>
      <CodeForm submitLabel={t('totp.submit')} />
      <SignOutLink />
    </AuthShell>
  );
}

export function EnrolPage() {
  const { t } = useTranslation();
  const guard = useStageGuard('enrol');
  const enrolment = useQuery({
    queryKey: ['enrolment'],
    queryFn: () => api.get('/admin/session/enrolment', OperatorEnrolmentSchema),
    enabled: guard.ready,
    staleTime: Infinity,
  });
  if (guard.redirect) return <Navigate to={guard.redirect} replace />;
  if (!guard.ready) return <p className="loading">{t('common.loading')}</p>;
  return (
    <AuthShell title={t('enrol.title')}>
      <p>{t('enrol.intro')}</p>
      <ErrorNotice message={enrolment.error ? messageOf(enrolment.error, t('errors.generic')) : null} />
      {enrolment.data ? (
        <div className="enrolment">
          <img className="qr" src={svgDataUrl(enrolment.data.qr_svg)} alt={t('enrol.qrAlt')} width={200} height={200} />
          <div>
            <p>{t('enrol.manual')}</p>
            <p>
              <span className="label">{t('enrol.secret')}</span>{' '}
              <code className="secret" data-testid="totp-secret" data-secret={enrolment.data.secret}>
                {groupSecret(enrolment.data.secret)}
              </code>
            </p>
          </div>
        </div>
      ) : (
        !enrolment.error && <p className="loading">{t('common.loading')}</p>
      )}
      <CodeForm submitLabel={t('enrol.submit')} />
      <SignOutLink />
    </AuthShell>
  );
}

function SignOutLink() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <p className="auth-alt">
      <button type="button" className="link-button" onClick={() => void signOut('signed_out')}>
        {t('login.startAgain')}
      </button>
    </p>
  );
}

/** Ends the session on the server (a failure there still signs the console out) and shows the sign-in page. */
export function useSignOut() {
  const setSession = useSetSession();
  // The signed-in layout sees the session go and shows the sign-in page with the reason.
  return useCallback(
    async (reason: 'signed_out' | 'idle') => {
      if (reason === 'signed_out') await api.delete('/admin/session').catch(() => undefined);
      noteSessionEnd(reason);
      setSession(null);
    },
    [setSession],
  );
}
