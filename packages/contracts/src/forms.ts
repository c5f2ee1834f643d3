import { z } from 'zod';
import { EmailSchema, NameSchema } from './identity.js';

/**
 * The storefront's contact form, sent to `POST /api/messaging/forms` as a CONTACT submission: the
 * sender as `data_subject`, the order number and message in the payload.
 */
export const ContactFormSchema = z.strictObject({
  firstname: NameSchema,
  lastname: NameSchema,
  email: EmailSchema,
  order_number: z.string().trim().max(32).regex(/^[A-Za-z0-9-]*$/).optional(),
  message: z.string().trim().min(1).max(2000),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** One field of a submission's payload. */
export const FormFieldValueSchema = z.union([z.string().max(5000), z.number().finite(), z.boolean(), z.null(), z.array(z.string().max(500)).max(20)]);
export const FormPayloadSchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'field names are letters, digits, _ . -'), FormFieldValueSchema)
  .refine((p) => Object.keys(p).length <= 50, 'at most 50 fields');

/** `POST /api/messaging/forms`: a contact, complaint or feedback submission. */
export const FormSubmissionBodySchema = z.strictObject({
  user: z.string().uuid().optional(),
  type: z.enum(['CONTACT', 'COMPLAINT', 'FEEDBACK']).default('CONTACT'),
  channel: z.enum(['web', 'app', 'email', 'phone', 'store']).default('web'),
  payload: FormPayloadSchema,
  collection_point_token: z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/).optional(),
  consent_purposes: z.array(z.string().regex(/^[a-z][a-z0-9_]{1,63}$/)).max(20).default([]),
  data_subject: z
    .strictObject({ email: EmailSchema.optional(), first_name: NameSchema.optional(), last_name: NameSchema.optional(), phone: z.string().trim().min(5).max(32).regex(/^[+0-9 ()-]+$/).optional() })
    .optional(),
});
export type FormSubmissionBody = z.input<typeof FormSubmissionBodySchema>;

export const FormSubmissionSchema = z.object({ uuid: z.string(), reference: z.string(), type: z.string(), created_at: z.string() });
export type FormSubmission = z.infer<typeof FormSubmissionSchema>;

/** `GET /account/users/{uuid}/complaints`. */
export const ComplaintsStatusSchema = z.object({ has_complaints: z.boolean() });
