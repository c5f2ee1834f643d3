import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { storeProfile, useProfile } from '../../lib/account/account-queries';
import { forgetSession, type SessionUser } from '../../lib/account/session';
import { isAccountApiError } from '../../lib/api/account.api';
import { requestPhoneCode, updatePhone, verifyCode } from '../../lib/api/account-actions.api';
import { codeResolver, wrongCodeMessage, type CodeValues } from '../../lib/forms/code-schema';
import { CUSTOM_ISSUE, schemaResolver, type FormSchema } from '../../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { useCountdown } from '../../lib/forms/use-countdown';
import { FormAlert } from '../forms/form-alert';
import { TextField } from '../forms/fields';
import { AccountView } from './account-view';

interface PhoneValues {
  phone: string;
  /** Asked before the change starts: a signed-in device alone may not change the number (re-authentication). */
  current_password: string;
}

/**
 * A number as people type it (`07911 123456`, `+44 7911 123456`): digits with spaces, dashes,
 * dots or brackets, at least six digits. The server decides whether it is a real number.
 */
const PhoneSchema: FormSchema<PhoneValues> = {
  safeParse(value) {
    const phone = String((value as Partial<PhoneValues>).phone ?? '').trim();
    const currentPassword = String((value as Partial<PhoneValues>).current_password ?? '');
    const digits = phone.replace(/\D/g, '');
    const issues = [];
    if (!(/^\+?[\d\s().-]+$/.test(phone) && digits.length >= 6 && phone.length <= 32)) issues.push({ code: CUSTOM_ISSUE, path: ['phone'], message: phone ? 'phoneInvalid' : 'required' });
    if (!currentPassword) issues.push({ code: CUSTOM_ISSUE, path: ['current_password'], message: 'required' });
    if (!issues.length) return { success: true, data: { phone, current_password: currentPassword } };
    return { success: false, error: { issues } };
  },
};
const phoneResolver = schemaResolver<PhoneValues, PhoneValues>(PhoneSchema);

/** A code that can no longer be checked: a new one has to be sent. */
const SPENT_CODES = ['VERIFICATION_EXPIRED', 'VERIFICATION_LOCKED', 'VERIFICATION_REQUIRED', 'NOT_FOUND'];

interface PendingChange {
  phone: string;
  verificationUuid: string;
  /** Sent with the save; kept in memory only for the length of the change. */
  currentPassword: string;
}

/** What the save refused, to be shown back on the first step. */
type Refusal = 'phone' | 'password' | null;

/**
 * `#/update-phone`: the current number, and a new one confirmed by the code texted to it. The
 * customer's current password is asked with the new number and sent with the save; the number is
 * saved only once its code is verified and the password is right; the server keeps it in E.164
 * and texts the old number that it changed.
 */
export function UpdatePhoneForm({ store, user }: { store: string; user: SessionUser }) {
  const { t } = useTranslation();
  const profile = useProfile(store, user.uuid);
  const current = profile.data?.personalInfo.telephone;
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [lastTyped, setLastTyped] = useState('');
  const [saved, setSaved] = useState(false);
  const [refused, setRefused] = useState<Refusal>(null);

  return (
    <AccountView title={t('account.nav.update-phone')}>
      <p>{current ? t('account.phone.current', { phone: current }) : t('account.phone.none')}</p>
      {saved && <FormAlert tone="success" alert={{ key: 'account.phone.saved', values: { phone: current ?? '' } }} />}
      {pending ? (
        <CodeStep
          store={store}
          user={user}
          pending={pending}
          onResent={setPending}
          onChangeNumber={() => setPending(null)}
          onRefused={(what) => {
            setRefused(what);
            setPending(null);
          }}
          onSaved={() => {
            setPending(null);
            setLastTyped('');
            setSaved(true);
          }}
        />
      ) : (
        <PhoneStep
          store={store}
          initialPhone={lastTyped}
          refused={refused}
          onSent={(change) => {
            setSaved(false);
            setRefused(null);
            setLastTyped(change.phone);
            setPending(change);
          }}
        />
      )}
    </AccountView>
  );
}

interface PhoneStepProps {
  store: string;
  initialPhone: string;
  /** The number's code was right but the number itself, or the password, was refused when saving. */
  refused: Refusal;
  onSent: (change: PendingChange) => void;
}

function PhoneStep({ store, initialPhone, refused, onSent }: PhoneStepProps) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<PhoneValues, unknown, PhoneValues>({
    resolver: phoneResolver,
    defaultValues: { phone: initialPhone, current_password: '' },
  });

  useEffect(() => {
    if (refused === 'phone') setError('phone', { type: 'server', message: 'phoneInvalid' }, { shouldFocus: true });
    if (refused === 'password') setError('current_password', { type: 'server', message: 'currentPasswordWrong' }, { shouldFocus: true });
  }, [refused, setError]);

  const onSubmit = handleSubmit(async ({ phone, current_password }) => {
    setAlert(null);
    try {
      const item = await requestPhoneCode(store, phone);
      onSent({ phone, verificationUuid: item.uuid, currentPassword: current_password });
    } catch (error) {
      if (isAccountApiError(error, 'VALIDATION_FAILED')) {
        setError('phone', { type: 'server', message: 'phoneInvalid' }, { shouldFocus: true });
        return;
      }
      setAlert(applyServerError(error, setError, { fields: ['phone'] }));
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="phone-new-heading">
      <h3 id="phone-new-heading">{t('account.phone.newHeading')}</h3>
      <FormAlert alert={alert} />
      <TextField
        id="phone-new"
        label={t('account.phone.newNumber')}
        hint={t('account.phone.newNumberHint')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={32}
        registration={register('phone')}
        error={errors.phone}
      />
      <TextField
        id="phone-current-password"
        label={t('account.fields.currentPassword')}
        hint={t('account.phone.passwordHint')}
        type="password"
        autoComplete="current-password"
        registration={register('current_password')}
        error={errors.current_password}
      />
      <button type="submit" className="button" disabled={isSubmitting}>{t('account.phone.sendCode')}</button>
    </form>
  );
}

interface CodeStepProps {
  store: string;
  user: SessionUser;
  pending: PendingChange;
  onResent: (change: PendingChange) => void;
  onChangeNumber: () => void;
  onRefused: (what: 'phone' | 'password') => void;
  onSaved: () => void;
}

function CodeStep({ store, user, pending, onResent, onChangeNumber, onRefused, onSaved }: CodeStepProps) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const waitSeconds = useCountdown();
  const { register, handleSubmit, setError, setFocus, reset, formState: { errors, isSubmitting } } = useForm<CodeValues, unknown, CodeValues>({
    resolver: codeResolver,
    defaultValues: { code: '' },
  });

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setAlert(null);
    setResent(false);
    try {
      await verifyCode(store, pending.verificationUuid, code);
      storeProfile(await updatePhone(store, user.uuid, pending.phone, pending.verificationUuid, pending.currentPassword));
    } catch (error) {
      if (isAccountApiError(error, 'UNAUTHORISED')) {
        forgetSession();
        return;
      }
      if (isAccountApiError(error, 'VERIFICATION_CODE_INVALID')) {
        setError('code', { type: 'server', message: wrongCodeMessage(error.details) }, { shouldFocus: true });
        return;
      }
      if (isAccountApiError(error) && SPENT_CODES.includes(error.code)) {
        setAlert({ key: 'account.phone.codeSpent' });
        return;
      }
      // The server checks the number itself, and the password, only when saving: back to the first step, marked wrong.
      if (isAccountApiError(error, 'VALIDATION_FAILED')) {
        const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields;
        onRefused(fields?.current_password ? 'password' : 'phone');
        return;
      }
      setAlert(applyServerError(error, setError, { fields: ['code'] }));
      return;
    }
    onSaved();
  });

  const resend = async () => {
    setAlert(null);
    setResent(false);
    setResending(true);
    try {
      const item = await requestPhoneCode(store, pending.phone);
      reset({ code: '' });
      onResent({ ...pending, verificationUuid: item.uuid });
      setResent(true);
    } catch (error) {
      if (isAccountApiError(error, 'RATE_LIMITED')) waitSeconds.start(error.retryAfterSeconds ?? 60);
      setAlert(applyServerError(error, setError, { fields: [] }));
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="phone-code-heading">
      <h3 id="phone-code-heading">{t('account.phone.codeHeading')}</h3>
      <p>{t('account.phone.codeSent', { phone: pending.phone })}</p>
      <FormAlert alert={alert} />
      {resent && <FormAlert tone="success" alert={{ key: 'account.phone.codeResent', values: { phone: pending.phone } }} />}
      <TextField
        id="phone-code"
        label={t('account.phone.code')}
        hint={t('account.phone.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        registration={register('code')}
        error={errors.code}
      />
      <div className="form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>{t('account.phone.confirm')}</button>
        <button type="button" className="button button--secondary" disabled={resending || waitSeconds.remaining > 0} onClick={() => void resend()}>
          {waitSeconds.remaining > 0 ? t('account.phone.resendIn', { count: waitSeconds.remaining }) : t('account.phone.resend')}
        </button>
        <button type="button" className="link-button" onClick={onChangeNumber}>{t('account.phone.changeNumber')}</button>
      </div>
    </form>
  );
}
