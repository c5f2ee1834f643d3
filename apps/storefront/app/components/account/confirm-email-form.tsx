import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { LoginNotice } from '../../lib/account/account-meta';
import { withReturnTo } from '../../lib/account/return-to';
import { confirmRegistrationEmail, isAccountApiError, verifyCode } from '../../lib/api/account.api';
import { codeResolver, wrongCodeMessage, type CodeValues } from '../../lib/forms/code-schema';
import { applyServerError, type FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { storePath } from '../../lib/store-paths';
import { FormAlert } from '../forms/form-alert';
import { TextField } from '../forms/fields';

interface ConfirmEmailFormProps {
  store: string;
  email: string;
  userUuid: string;
  verificationUuid: string;
  returnTo: string | null;
}

/**
 * The step after registering: the code e-mailed to the new address confirms it. Logging in does
 * not wait for it, so the customer may also skip it.
 */
export function ConfirmEmailForm({ store, email, userUuid, verificationUuid, returnTo }: ConfirmEmailFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [spent, setSpent] = useState(false);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<CodeValues, unknown, CodeValues>({
    resolver: codeResolver,
    defaultValues: { code: '' },
  });
  const loginPath = withReturnTo(storePath(store, '/login'), returnTo);
  const toLogin = (notice: LoginNotice['notice']) => navigate(loginPath, { state: { notice, email } satisfies LoginNotice });

  useEffect(() => heading.current?.focus(), []);

  const onSubmit = handleSubmit(async ({ code }) => {
    setAlert(null);
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

  return (
    <section aria-labelledby="confirm-email-heading">
      <h2 id="confirm-email-heading" ref={heading} tabIndex={-1}>{t('register.confirm.title')}</h2>
      <p>{t('register.confirm.lead', { email })}</p>
      {spent ? (
        <FormAlert alert={alert}>
          <p><Link to={loginPath} state={{ notice: 'registered', email } satisfies LoginNotice}>{t('register.confirm.skip')}</Link></p>
        </FormAlert>
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
            <button type="submit" className="button" disabled={isSubmitting}>{t('register.confirm.submit')}</button>
          </form>
          <p className="auth-page__links">
            <Link to={loginPath} state={{ notice: 'registered', email } satisfies LoginNotice}>{t('register.confirm.skip')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
