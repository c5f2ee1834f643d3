import { z } from 'zod';

// Wire contracts of the verification endpoints (spec §7 "Verification" and the profile service's code calls).

export const VerificationChannelSchema = z.enum(['sms', 'email']);
export const VerificationStatusSchema = z.enum(['pending', 'validated', 'expired', 'locked']);

const identifier = z.string().trim().min(3).max(254);
const phone = z.string().trim().min(3).max(32);

export const VerificationCreateItemBodySchema = z.strictObject({ channel: VerificationChannelSchema, identifier });
export const VerificationCodeBodySchema = z.strictObject({ code: z.string().regex(/^\d{6}$/, 'Expected the six digits of the code') });
export const LegacyInitPhoneBodySchema = z.strictObject({ phone });
export const SendOtcBodySchema = z.strictObject({ phone_number: phone });
export const SendEmailOtcBodySchema = z.strictObject({ email: z.string().trim().min(3).max(254) });

// Path ids stay plain strings: a malformed id answers 404 exactly like an unknown one.
export const VerificationItemParamsSchema = z.strictObject({ uuid: z.string() });
export const LegacyVerifyParamsSchema = z.strictObject({ id: z.string() });
export const LegacyStatusParamsSchema = z.strictObject({ uuid: z.string(), identifier: z.string() });

export const VerificationCreatedItemSchema = z.object({
  uuid: z.uuid(),
  status: z.literal('pending'),
  channel: VerificationChannelSchema,
  expires_at: z.string(),
});
export const VerificationItemStatusSchema = z.object({ uuid: z.uuid(), status: VerificationStatusSchema });
export const LegacyInitResponseSchema = z.object({ uuid: z.uuid() });
export const LegacyStatusResponseSchema = z.object({ status: VerificationStatusSchema });

export type VerificationCreateItemBody = z.infer<typeof VerificationCreateItemBodySchema>;
