import { z } from 'zod';

/** Shapes of the account services (second family and profile), shared by server and storefront. */

export const EmailSchema = z.string().trim().toLowerCase().max(254).email();
export const PasswordSchema = z.string().min(1).max(128);
export const NameSchema = z.string().trim().min(1).max(80).regex(/^[^<>{}\r\n\t]*$/, 'must not contain markup or control characters');
/** ISO date, YYYY-MM-DD. */
export const DateOfBirthSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
export const GenderSchema = z.enum(['male', 'female', 'diverse', 'unspecified']);

export const StrategyDataSchema = z.strictObject({
  identifier: EmailSchema,
  password: PasswordSchema,
});

export const LoginRequestSchema = z.strictObject({
  strategy: z.literal('email_password'),
  strategy_data: StrategyDataSchema,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  user_uuid: z.string().uuid(),
  token: z.string(),
  magento_token: z.string(),
  expires_at: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** A form's "I accept the terms and conditions and have read the privacy policy": only a tick passes. */
export const TermsAcceptedSchema = z.literal(true);

export const RegisterRequestSchema = z.strictObject({
  firstname: NameSchema,
  lastname: NameSchema,
  phone: z.string().trim().min(5).max(32).optional(),
  date_of_birth: DateOfBirthSchema,
  gender: GenderSchema.optional(),
  strategy: z.literal('email_password'),
  strategy_data: StrategyDataSchema,
  sms_verification_uuid: z.string().uuid().optional(),
  /** A referrer's referral code: the new customer's parent_code. */
  parent_code: z.string().trim().min(1).max(32).optional(),
  /** The customer accepts the store's current terms and privacy policy; registration is refused without it. */
  terms_accepted: z.boolean().optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const RegisterResponseSchema = z.object({
  user_uuid: z.string().uuid(),
  /** The code e-mailed to the new address confirms it (POST /users/register/verify-email); absent when codes to it are throttled. */
  email_verification_uuid: z.string().uuid().optional(),
});

export const PasswordRequirementsSchema = z.object({
  min_length: z.number().int(),
  min_lowercase: z.number().int(),
  min_uppercase: z.number().int(),
  min_number: z.number().int(),
  min_symbol: z.number().int(),
  exclude_username: z.boolean(),
});
export type PasswordRequirements = z.infer<typeof PasswordRequirementsSchema>;

export const UserConfigurationSchema = z.object({
  password_requirements: PasswordRequirementsSchema,
  auth_strategies: z.array(z.string()),
  custom_attributes: z.array(z.object({ code: z.string(), label: z.string(), input_type: z.string(), is_required: z.boolean() })),
});
export type UserConfiguration = z.infer<typeof UserConfigurationSchema>;

export const AddressInputSchema = z.strictObject({
  firstname: NameSchema,
  lastname: NameSchema,
  street: z.array(z.string().trim().max(120).regex(/^[^<>{}\r\n\t]*$/)).min(1).max(3),
  city: z.string().trim().min(1).max(80).regex(/^[^<>{}\r\n\t]*$/),
  postcode: z.string().trim().max(16).regex(/^[A-Za-z0-9 -]*$/).optional(),
  country_code: z.string().regex(/^[A-Z]{2}$/),
  region: z.string().trim().max(80).optional(),
  telephone: z.string().trim().max(32).optional(),
  is_default_billing: z.boolean().optional(),
  is_default_shipping: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSchema = AddressInputSchema.extend({
  id: z.number().int(),
  is_default_billing: z.boolean(),
  is_default_shipping: z.boolean(),
  isSubscription: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

export const ProfileSchema = z.object({
  uuid: z.string().uuid(),
  is_age_verified: z.boolean(),
  is_pending_email_verification: z.boolean(),
  personalInfo: z.object({
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    dob: z.string().nullable(),
    telephone: z.string().nullable(),
    gender: z.string().nullable(),
  }),
  addresses: z.array(AddressSchema),
  extra: z.record(z.string(), z.string()),
  purposes: z.array(z.string()),
  // allow_name_update: false once an age verification whose method binds names confirmed them.
  meta: z.object({ allow_date_of_birth_update: z.boolean(), allow_name_update: z.boolean() }),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileUpdateSchema = z.strictObject({
  firstname: NameSchema.optional(),
  lastname: NameSchema.optional(),
  date_of_birth: DateOfBirthSchema.optional(),
  gender: GenderSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const ChangePasswordSchema = z.strictObject({
  current_password: PasswordSchema,
  new_password: PasswordSchema,
  new_password_confirmation: PasswordSchema,
});

export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema });
export const ResetPasswordSchema = z.strictObject({ password: PasswordSchema, password_confirmation: PasswordSchema });

/** Which password rules a candidate breaks (codes the storefront translates). */
export function passwordProblems(password: string, rules: PasswordRequirements, username?: string): string[] {
  const count = (re: RegExp) => (password.match(re) ?? []).length;
  const problems: string[] = [];
  if ([...password].length < rules.min_length) problems.push('min_length');
  if (count(/[a-z]/g) < rules.min_lowercase) problems.push('min_lowercase');
  if (count(/[A-Z]/g) < rules.min_uppercase) problems.push('min_uppercase');
  if (count(/[0-9]/g) < rules.min_number) problems.push('min_number');
  if (count(/[^A-Za-z0-9]/g) < rules.min_symbol) problems.push('min_symbol');
  if (rules.exclude_username && username) {
    const local = username.split('@')[0]!.toLowerCase();
    if (local.length >= 3 && password.toLowerCase().includes(local)) problems.push('exclude_username');
  }
  return problems;
}
