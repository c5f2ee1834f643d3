import { z } from 'zod';

/** Wire contracts of the consent service (`/consent/...` and `/account/users/{uuid}/consents`). */

export const ConsentCategorySchema = z.enum(['email', 'sms', 'post', 'survey', 'additional', 'GDPR']);
export type ConsentCategory = z.infer<typeof ConsentCategorySchema>;

export const ConsentPurposesQuerySchema = z.strictObject({
  language: z.string().regex(/^[a-z]{2}$/).default('en'),
  step: z.string().regex(/^[a-z_]{1,32}$/).optional(),
  context: z.string().regex(/^[a-z_]{1,32}$/).optional(),
  category: ConsentCategorySchema.optional(),
});

export const ConsentChangesSchema = z.strictObject({
  consents: z.array(z.strictObject({ purpose_id: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/), granted: z.boolean() })).min(1).max(50),
});
export type ConsentChanges = z.infer<typeof ConsentChangesSchema>;

/** Something the customer may agree to, named in the requested language. */
export const ConsentPurposeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: ConsentCategorySchema,
  section: z.object({ id: z.string(), name: z.string(), description: z.string() }),
  mandatory: z.boolean(),
  steps: z.array(z.string()),
});
export type ConsentPurpose = z.infer<typeof ConsentPurposeSchema>;
export const ConsentPurposesSchema = z.array(ConsentPurposeSchema);

export const UserConsentSchema = z.object({
  purpose_id: z.string(),
  granted: z.boolean(),
  updated_at: z.string(),
  /** Granted to an older text of the purpose: to be renewed. */
  renewal_required: z.boolean().optional(),
});
export type UserConsent = z.infer<typeof UserConsentSchema>;
export const UserConsentsSchema = z.array(UserConsentSchema);
