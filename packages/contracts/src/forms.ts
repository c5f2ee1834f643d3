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
