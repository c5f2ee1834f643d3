import {
  AddressInputSchema, ChangePasswordSchema, EmailSchema, ForgotPasswordSchema, PasswordSchema, ProfileUpdateSchema,
  RegisterRequestSchema, ResetPasswordSchema, TermsAcceptedSchema, passwordProblems, type PasswordRequirements,
} from '@ember/contracts';

/**
 * The account forms' schemas, derived from the shared contracts so the browser checks what the
 * server checks; the additions are the password policy (from the server's configuration), the
 * confirmation fields, the minimum age and the accepted terms. Custom issues carry their message key.
 */

/** Customers must be adults; the shop sells age-restricted products only. */
export const MINIMUM_AGE = 18;

/** What the inputs hold: strings as typed, before the schema trims and checks them. */
export interface LoginFormValues {
  email: string;
  password: string;
}

export interface RegisterFormValues {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  date_of_birth: string;
  gender: string;
  phone: string;
  /** A friend's referral code (from the shared link's `ref`). */
  parent_code: string;
  /** The terms and privacy policy accepted (never ticked in advance). */
  terms_accepted: boolean;
}

export interface PersonalDetailsFormValues {
  firstname: string;
  lastname: string;
  date_of_birth: string;
  gender: string;
}

export interface AddressFormValues {
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string;
  country_code: string;
  telephone: string;
}

export interface ChangePasswordFormValues {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}

export interface ResetPasswordFormValues {
  password: string;
  password_confirmation: string;
}

export const LoginFormSchema = ForgotPasswordSchema.extend({ password: PasswordSchema });

export const ForgotPasswordFormSchema = ForgotPasswordSchema;

type Issues = { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void };

function checkPassword(ctx: Issues, field: string, password: string, rules: PasswordRequirements | undefined, username?: string) {
  if (rules && passwordProblems(password, rules, username).length) ctx.addIssue({ code: 'custom', path: [field], message: 'passwordPolicy' });
}

/** `invalid` for an impossible or future date, `underage` for a customer younger than the minimum age. */
export function dateOfBirthProblem(value: string, today = new Date()): 'invalid' | 'underage' | null {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return 'invalid';
  const oldest = Date.UTC(today.getUTCFullYear() - 120, today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > today.getTime() || date.getTime() < oldest) return 'invalid';
  const adultFrom = Date.UTC(date.getUTCFullYear() + MINIMUM_AGE, date.getUTCMonth(), date.getUTCDate());
  return adultFrom > today.getTime() ? 'underage' : null;
}

function checkDateOfBirth(ctx: Issues, value: string | undefined) {
  const problem = value ? dateOfBirthProblem(value) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: problem });
}

export function registerFormSchema(rules: PasswordRequirements | undefined) {
  return RegisterRequestSchema.omit({ strategy: true, strategy_data: true, sms_verification_uuid: true })
    // The terms are checked with the other fields (not in the refinement, which runs only once they all pass).
    .extend({ email: EmailSchema, password: PasswordSchema, terms_accepted: TermsAcceptedSchema })
    .superRefine((value, ctx) => {
      checkPassword(ctx, 'password', value.password, rules, value.email);
      checkDateOfBirth(ctx, value.date_of_birth);
    });
}

export const PersonalDetailsFormSchema = ProfileUpdateSchema.required({ firstname: true, lastname: true }).superRefine((value, ctx) => {
  checkDateOfBirth(ctx, value.date_of_birth);
});

export const AddressFormSchema = AddressInputSchema.omit({ region: true, is_default_billing: true, is_default_shipping: true });

export function changePasswordFormSchema(rules: PasswordRequirements | undefined, email: string) {
  return ChangePasswordSchema.superRefine((value, ctx) => {
    checkPassword(ctx, 'new_password', value.new_password, rules, email);
    if (value.new_password !== value.new_password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['new_password_confirmation'], message: 'passwordMismatch' });
    }
  });
}

export function resetPasswordFormSchema(rules: PasswordRequirements | undefined) {
  return ResetPasswordSchema.superRefine((value, ctx) => {
    checkPassword(ctx, 'password', value.password, rules);
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'passwordMismatch' });
    }
  });
}
