import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate } from 'react-router';
import type { LoginNotice } from '../../lib/account/account-meta';
import { withReturnTo } from '../../lib/account/return-to';
import { isAccountApiError } from '../../lib/api/account.api';
import { confirmRegistrationEmail, resendRegistrationCode, verifyCode } from '../../lib/api/account-actions.api';
import { codeResolver, wrongCodeMessage, type CodeValues } from '../../lib/forms/code-schema';
import { applyServerError, type FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { useCountdown } from '../../lib/forms/use-countdown';
import { storePath } from '../../lib/store-paths';
import { FormAlert } from '../forms/form-alert';
import { TextField } from '../forms/fields';

interface ConfirmEmailFormProps {
  store: string;
  email: string;
  userUuid: string;
  /** The code sent at registration; null when sending it was throttled (the customer asks for one). */
  verificationUuid: string | null;
  returnTo: string | null;
}

/**
 * The step after registering: the code e-mailed to the new address confirms it. Logging in does
 * not wait for it, so the customer may also skip it. A lost or expired code is replaced by a new
 * one on request (throttled by the server; the button counts down its Retry-After).
 */
export function ConfirmEmailForm({ store, email, userUuid, verificationUuid: firstVerificationUuid, returnTo }: ConfirmEmailFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [spent, setSpent] = useState(false);
  const [verificationUuid, setVerificationUuid] = useState(firstVerificationUuid);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const waitSeconds = useCountdown();
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<CodeValues, unknown, CodeValues>({
    resolver: codeResolver,
    defaultValues: { code: '' },
  });
  const loginPath = withReturnTo(storePath(store, '/login'), returnTo);
  const toLogin = (notice: LoginNotice['notice']) => navigate(loginPath, { state: { notice, email } satisfies LoginNotice });

  useEffect(() => heading.current?.focus(), []);

  const onSubmit = handleSubmit(async ({ code }) => {
    setAlert(null);
    setResent(false);
    if (!verificationUuid) return;
    try {
      await verifyCode(store, verificationUuid, code);
      await confirmRegistrationEmail(store, userUuid, verificationUuid);
    } catch (error) {
      if (isAccountApiError(error, 'VERIFICATION_CODE_INVALID')) {
        setError('code', { type: 'server', message: wrongCodeMessage(error.details) }, { shouldFocus: true });
        return;
      }
      if (isAccountApiError(error) && ['VERIFICATION_EXPIRED', 'VERIFICATION_LOCKED', 'VERIFICATION_REQUIRED', 'NOT_FOUND'].includes(error.code)) {
        setSpent(true);
        setAlert({ key: 'register.confirm.spent' });
        return;
      }
      setAlert(applyServerError(error, setError, { fields: ['code'] }));
      return;
    }
    await toLogin('registered-confirmed');
  });

  const resend = async () => {
    setAlert(null);
    setResent(false);
    setResending(true);
    try {
      const item = await resendRegistrationCode(store, userUuid);
      reset({ code: '' });
      setVerificationUuid(item.email_verification_uuid);
      setSpent(false);
      setResent(true);
    } catch (error) {
      if (isAccountApiError(error, 'RATE_LIMITED')) waitSeconds.start(error.retryAfterSeconds ?? 60);
      setAlert(applyServerError(error, setError, { fields: [] }));
    } finally {
      setResending(false);
    }
  };

  const resendButton = (
    <button type="button" className="button button--secondary" disabled={resending || waitSeconds.remaining > 0} onClick={() => void resend()}>
      {waitSeconds.remaining > 0 ? t('register.confirm.resendIn', { count: waitSeconds.remaining }) : t('register.confirm.resend')}
    </button>
  );

  return (
    <section aria-labelledby="confirm-email-heading">
      <h2 id="confirm-email-heading" ref={heading} tabIndex={-1}>{t('register.confirm.title')}</h2>
      <p>{verificationUuid ? t('register.confirm.lead', { email }) : t('register.confirm.noCode', { email })}</p>
      {resent && <FormAlert tone="success" alert={{ key: 'register.confirm.resent', values: { email } }} />}
      {spent ? (
        <>
          <FormAlert alert={alert}>
            <p><Link to={loginPath} state={{ notice: 'registered', email } satisfies LoginNotice}>{t('register.confirm.skip')}</Link></p>
          </FormAlert>
          <div className="form__actions">{resendButton}</div>
        </>
      ) : (
        <>
          <form className="form" noValidate onSubmit={onSubmit}>
            <FormAlert alert={alert} />
            <TextField
              id="confirm-email-code"
              label={t('register.confirm.code')}
              hint={t('register.confirm.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              registration={register('code')}
              error={errors.code}
            />
            <div className="form__actions">
              <button type="submit" className="button" disabled={isSubmitting || !verificationUuid}>{t('register.confirm.submit')}</button>
              {resendButton}
            </div>
          </form>
          <p className="auth-page__links">
            <Link to={loginPath} state={{ notice: 'registered', email } satisfies LoginNotice}>{t('register.confirm.skip')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
