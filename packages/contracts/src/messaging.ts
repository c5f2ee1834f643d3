import { z } from 'zod';

/** Wire contracts of the dev mailbox (`/dev/mailbox...`, TEST store mode only). */

export const MailboxQuerySchema = z.strictObject({ recipient: z.string().trim().min(1).max(254).optional() });

export const MailboxMessageSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'failed']),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  template: z.string(),
  language: z.string(),
  /** Extra e-mail headers the message carries (a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers: z.record(z.string(), z.string()),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

export const MailboxResponseSchema = z.object({ messages: z.array(MailboxMessageSchema) });
