import { z } from 'zod';
import { AddressSchema, NameSchema } from './address.js';

/** Shapes of the account services (second family and profile), shared by server and storefront. */

export const EmailSchema = z.string().trim().toLowerCase().max(254).email();
export const PasswordSchema = z.string().min(1).max(128);
export { NameSchema };
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
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

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

/** An address-book write: the one postal address and whether it becomes a default. */
export const AddressInputSchema = AddressSchema.extend({
  is_default_billing: z.boolean().optional(),
  is_default_shipping: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

/** An entry of a customer's address book. */
export const SavedAddressSchema = AddressInputSchema.extend({
  id: z.number().int(),
  is_default_billing: z.boolean(),
  is_default_shipping: z.boolean(),
  isSubscription: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;
/** A customer's address book. */
export const AddressBookSchema = z.array(SavedAddressSchema);

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
  addresses: z.array(SavedAddressSchema),
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

/** The current password a contact change asks for first (re-authentication). */
export const CurrentPasswordSchema = z.string().min(1).max(128);

/** `/{uuid}/addresses/{id}`: the customer and one of their addresses. */
export const AddressParamsSchema = z.strictObject({ uuid: z.string().uuid(), id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const CustomAttributesBodySchema = z.strictObject({
  attributes: z.array(z.strictObject({ code: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), value: z.string().max(1000) })).min(1).max(20),
});
/** A customer's custom attributes, code to value. */
export const CustomAttributesSchema = z.record(z.string(), z.string());

export const RegisterEmailVerifyBodySchema = z.strictObject({ user_uuid: z.string().uuid(), verification_uuid: z.string().uuid() });
export const RegisterResendBodySchema = z.strictObject({ user_uuid: z.string().uuid() });
/** A new registration code went out: which one, and until when it works. */
export const RegisterResendResponseSchema = z.object({ email_verification_uuid: z.string(), expires_at: z.string() });

export const SessionValidateBodySchema = z.strictObject({ token: z.string().max(100).optional() }).optional();
export const SessionValidateResponseSchema = z.object({
  valid: z.boolean(), user_uuid: z.string().optional(), consent_renewal_required: z.boolean().optional(), is_device_registered: z.boolean().optional(),
});

export const ResetTokenParamsSchema = z.strictObject({ token: z.string().min(20).max(100) });

/** Re-authentication before a privacy action: the password, or a verified one-time code. */
export const ReauthBodySchema = z.union([
  z.strictObject({ password: z.string().min(1).max(128) }),
  z.strictObject({ verification_uuid: z.string().uuid() }),
]);
export const ReauthResponseSchema = z.object({ valid_until: z.string(), token: z.string().optional(), expires_at: z.string().optional() });

export const CancelReasonBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export const EmailChangeBodySchema = z.strictObject({ email: EmailSchema, current_password: CurrentPasswordSchema });
export const VerificationUuidBodySchema = z.strictObject({ verification_uuid: z.string().uuid() });
export const PhoneChangeBodySchema = z.strictObject({ phone: z.string().trim().min(5).max(32), pvs_uuid: z.string().uuid(), avp_uuid: z.string().uuid().optional(), current_password: CurrentPasswordSchema });

export const AvailabilityParamsSchema = z.strictObject({ value: z.string().trim().min(3).max(254) });
export const AvailabilityResponseSchema = z.object({ available: z.boolean() });

// The legacy account family (`/account-legacy/...`).

export const LegacyLoginSchema = z.strictObject({ email: EmailSchema, password: PasswordSchema });
export const LegacyRegisterSchema = z.strictObject({
  firstname: NameSchema, lastname: NameSchema, email: EmailSchema, password: PasswordSchema,
  dob: DateOfBirthSchema, phone: z.string().trim().min(5).max(32).optional(), gender: GenderSchema.optional(),
  terms_accepted: z.boolean().optional(),
});
export const LegacyPersonalDetailsSchema = z.strictObject({
  firstname: NameSchema.optional(), lastname: NameSchema.optional(), dob: DateOfBirthSchema.optional(), gender: GenderSchema.optional(),
});
export const LegacyChangePasswordSchema = z.strictObject({ email: EmailSchema, old_password: PasswordSchema, new_password: PasswordSchema, new_password_confirmation: PasswordSchema });
export const LegacyUuidBodySchema = z.strictObject({ uuid: z.string().uuid() });
export const LegacyTokenBodySchema = z.strictObject({ token: z.string().max(100) });
export const LegacyResetBodySchema = z.strictObject({ token: z.string().min(20).max(100), password: PasswordSchema, password_confirmation: PasswordSchema });
export const LegacyPhoneParamsSchema = z.strictObject({ phone: z.string().trim().min(5).max(32) });
export const LegacyPhoneStatusSchema = z.object({ phone: z.string(), verified: z.boolean() });
export const LegacyPhoneChangeBodySchema = z.strictObject({ phone: z.string().trim().min(5).max(32), pvs_uuid: z.string().uuid(), current_password: CurrentPasswordSchema });
export const LegacyEmailParamsSchema = z.strictObject({ email: EmailSchema });

// The profile service (`/profile/...`).

export const ProfileServiceUpdateSchema = z.strictObject({
  first_name: NameSchema.optional(), last_name: NameSchema.optional(), date_of_birth: DateOfBirthSchema.optional(), gender: GenderSchema.optional(),
});
/** Either family's password change body. */
export const ChangePasswordAnySchema = z.union([
  ChangePasswordSchema,
  z.strictObject({ old_password: z.string().min(1).max(128), new_password: z.string().min(1).max(128), new_password_confirmation: z.string().min(1).max(128), email: EmailSchema.optional() }),
]);

// Wallet passes of the loyalty card.

export const WALLET_TYPES = ['apple', 'google'] as const;
export const WalletBodySchema = z.strictObject({ type: z.enum(WALLET_TYPES) });
export const WalletLinkSchema = z.object({ type: z.enum(WALLET_TYPES), url: z.string(), expires_at: z.string() });
export type WalletLink = z.infer<typeof WalletLinkSchema>;
export const WalletPassParamsSchema = z.strictObject({ token: z.string().min(20).max(200) });

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

// Operators (`/admin/customers/...`, docs/decisions/0073).

/** An operator deactivates an account (sign-in answers INACTIVE, its sessions end) or reactivates it. */
export const OperatorAccountStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'deactivated']),
  reason: z.string().trim().min(1).max(500).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text'),
});
export const OperatorAccountStatusSchema = z.object({ uuid: z.string().uuid(), status: z.enum(['active', 'deactivated']) });

/** The profile service's `GET /profile/verify-phone/{phone}`: whether the signed-in customer has this number verified. */
export const ProfilePhoneParamsSchema = z.strictObject({ phone: z.string().trim().min(5).max(32) });
