import { z } from 'zod';

// Wire contracts of the age-verification service (spec §7) and the account families' age calls.

const country = z.string().regex(/^[A-Za-z]{2}$/, 'Expected a two-letter country code');
const methodCode = z.string().regex(/^[a-z][a-z0-9_]{1,39}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a date');
const name = z.string().trim().min(1).max(100);

export const AgeVerificationStatusSchema = z.enum(['pending', 'verified', 'rejected', 'needs_review', 'expired']);

export const AgeVerificationCountryParamsSchema = z.strictObject({ country });
export const AgeVerificationHiddenQuerySchema = z.strictObject({ country: country.optional() });
export const AgeVerificationUuidParamsSchema = z.strictObject({ uuid: z.string().uuid() });
export const AgeVerificationReferenceParamsSchema = z.strictObject({ reference: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
export const AgeVerificationProviderParamsSchema = z.strictObject({ provider: z.string().regex(/^[A-Z][A-Z0-9_]{1,19}$/) });

const start = {
  method_code: methodCode,
  country_code: country,
  user_email: z.string().trim().email().max(254).optional(),
  firstName: name.optional(),
  lastName: name.optional(),
  dateOfBirth: isoDate.optional(),
};

export const AgeVerifyBodySchema = z.strictObject(start);
export const AgeVerificationInitAsyncBodySchema = z.strictObject({
  ...start,
  callback: z.string().max(300).optional(),
  workflow_name: z.string().regex(/^[a-z][a-z0-9_]{1,39}$/).optional(),
  identity_verification_id: z.string().uuid().optional(),
});

export const AgeVerificationMethodSchema = z.object({
  code: z.string(),
  kind: z.enum(['document', 'bank', 'database', 'hidden']),
  provider: z.string(),
  is_async: z.boolean(),
  is_hidden: z.boolean(),
  workflow_name: z.string().nullable(),
});
export const AgeVerificationMethodsResponseSchema = z.object({ country_code: z.string(), minimum_age: z.number().int(), methods: z.array(AgeVerificationMethodSchema) });

export const AgeVerificationSchema = z.object({
  identity_verification_id: z.string().uuid(),
  status: AgeVerificationStatusSchema,
  reason: z.string().nullable(),
  method_code: z.string(),
  country_code: z.string(),
  provider: z.string(),
  workflow_name: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  completed_at: z.string().nullable(),
});
export const AgeVerificationInitAsyncResponseSchema = AgeVerificationSchema.extend({ workflow_url: z.string() });
export const AccountAgeSchema = z.object({ is_age_verified: z.boolean(), verification: AgeVerificationSchema.nullable() });

/** Linking a verification to the profile: the profile service names it either way (spec §7). */
export const AgeVerificationAttachBodySchema = z
  .strictObject({ age_verification_uuid: z.string().uuid().optional(), avp_uuid: z.string().uuid().optional() })
  .refine((b) => Boolean(b.age_verification_uuid ?? b.avp_uuid), 'age_verification_uuid or avp_uuid is required');

export const AgeVerificationCallbackBodySchema = z.strictObject({
  event_id: z.string().min(8).max(100),
  reference: z.string().min(16).max(100),
  outcome: z.enum(['verified', 'rejected', 'needs_review']),
  date_of_birth: isoDate.nullable(),
  reason: z.string().max(100).nullable(),
});

export const AgeVerificationWorkflowSubmitSchema = z.strictObject({ identity: z.enum(['adult', 'minor', 'review', 'timeout']) });
