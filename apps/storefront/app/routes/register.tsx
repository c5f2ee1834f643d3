import type { UserConfiguration } from '@ember/contracts';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/register';
import { ConfirmEmailForm } from '../components/account/confirm-email-form';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { SelectField, TextField } from '../components/forms/fields';
import { PasswordRules } from '../components/forms/password-rules';
import { TermsCheckbox } from '../components/legal/terms-checkbox';
import { MINIMUM_AGE, registerFormSchema, type RegisterFormValues } from '../lib/account/account-forms';
import { accountPageMeta } from '../lib/account/account-meta';
import { loadConfigurationInBrowser, loadConfigurationOnServer } from '../lib/account/configuration';
import { genderOptions } from '../lib/account/genders';
import { returnToFrom, withReturnTo } from '../lib/account/return-to';
import { registerCustomer, type RegisterResponse } from '../lib/api/account-actions.api';
import { schemaResolver } from '../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../lib/forms/server-errors';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'signup_regular', section: 'account' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return accountPageMeta(t('register.title'), t('register.metaDescription'));
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return { configuration: await loadConfigurationOnServer(context, params.store), returnTo: returnToFrom(request.url), referralCode: referralCodeFrom(request.url) };
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return { configuration: await loadConfigurationInBrowser(params.store), returnTo: returnToFrom(request.url), referralCode: referralCodeFrom(request.url) };
}

/** A referral link's `ref`: letters and digits only, or nothing. */
function referralCodeFrom(url: string): string {
  const ref = new URL(url).searchParams.get('ref')?.trim() ?? '';
  return /^[A-Za-z0-9]{6,16}$/.test(ref) ? ref.toUpperCase() : '';
}

const FIELDS = ['firstname', 'lastname', 'email', 'password', 'date_of_birth', 'gender', 'phone', 'parent_code', 'terms_accepted'] as const;

export default function Register({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <div className="auth-page">
      <h1>{t('register.title')}</h1>
      {created ? (
        <>
          <FormAlert tone="success" alert={{ key: 'register.created' }} />
          <ConfirmEmailForm store={code} returnTo={loaderData.returnTo} {...created} />
        </>
      ) : (
        <RegistrationForm store={code} {...loaderData} onCreated={setCreated} />
      )}
    </div>
  );
}

/** A new account whose e-mail address waits for the code sent to it (null: throttled, the customer asks for a new one). */
interface Created {
  email: string;
  userUuid: string;
  verificationUuid: string | null;
}

interface RegistrationFormProps {
  store: string;
  configuration: UserConfiguration | null;
  returnTo: string | null;
  referralCode: string;
  onCreated: (created: Created) => void;
}

function RegistrationForm({ store, configuration, returnTo, referralCode, onCreated }: RegistrationFormProps) {
  const { t } = useTranslation();
  const rules = configuration?.password_requirements;
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const resolver = useMemo(() => schemaResolver<RegisterFormValues, RegisterOutput>(registerFormSchema(rules)), [rules]);
  const { register, handleSubmit, setError, control, formState: { errors, isSubmitting } } = useForm<RegisterFormValues, unknown, RegisterOutput>({
    resolver,
    defaultValues: { firstname: '', lastname: '', email: '', password: '', date_of_birth: '', gender: '', phone: '', parent_code: referralCode, terms_accepted: false },
  });
  const [password, email] = useWatch({ control, name: ['password', 'email'] });
  const loginPath = withReturnTo(storePath(store, '/login'), returnTo);

  const onSubmit = handleSubmit(async ({ email, password, ...person }) => {
    setAlert(null);
    let registered: RegisterResponse;
    try {
      registered = await registerCustomer(store, { ...person, strategy: 'email_password', strategy_data: { identifier: email, password } });
    } catch (error) {
      setAlert(applyServerError(error, setError, {
        fields: FIELDS,
        fieldMap: { 'strategy_data.identifier': 'email', 'strategy_data.password': 'password' },
        // A taken address answers like a new one (the server e-mails its owner), so it has no error here.
        fieldErrors: { REFERRAL_NOT_ALLOWED: { field: 'parent_code', message: 'referralInvalid' } },
      }));
      return;
    }
    // When no code could be sent just now (throttled), the code step offers to send one.
    onCreated({ email, userUuid: registered.user_uuid, verificationUuid: registered.email_verification_uuid ?? null });
  });

  return (
    <>
      <p className="auth-page__lead">{t('register.lead', { age: MINIMUM_AGE })}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        <div className="form__row">
          <TextField id="register-firstname" label={t('account.fields.firstname')} autoComplete="given-name" registration={register('firstname')} error={errors.firstname} />
          <TextField id="register-lastname" label={t('account.fields.lastname')} autoComplete="family-name" registration={register('lastname')} error={errors.lastname} />
        </div>
        <TextField
          id="register-email"
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          id="register-password"
          label={t('account.fields.password')}
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
          describedBy={rules ? 'register-password-rules' : undefined}
        />
        <PasswordRules id="register-password-rules" rules={rules} password={password ?? ''} username={email} />
        <TextField
          id="register-dob"
          label={t('account.fields.dateOfBirth')}
          hint={t('register.dobHint', { age: MINIMUM_AGE })}
          type="date"
          autoComplete="bday"
          registration={register('date_of_birth')}
          error={errors.date_of_birth}
        />
        <SelectField id="register-gender" label={t('account.fields.gender')} optional options={genderOptions(t)} registration={register('gender')} error={errors.gender} />
        <TextField id="register-phone" label={t('account.fields.phone')} optional type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
        <TextField id="register-referral" label={t('register.referralCode')} optional autoComplete="off" registration={register('parent_code')} error={errors.parent_code} />
        <TermsCheckbox id="register-terms" store={store} invalid={!!errors.terms_accepted} {...register('terms_accepted')} />
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
      <p className="auth-page__links">
        {t('register.haveAccount')} <Link to={loginPath}>{t('header.logIn')}</Link>
      </p>
    </>
  );
}

type RegisterOutput = ReturnType<ReturnType<typeof registerFormSchema>['parse']>;

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
