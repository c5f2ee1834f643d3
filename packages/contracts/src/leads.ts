import { z } from 'zod';
import { EmailSchema, NameSchema } from './identity.js';

/** Wire contracts of the leads service (`/api/leads/...`) and its operator endpoint (`/admin/leads`). */

export const LEAD_SOURCES = ['event', 'promoter'] as const;
export const LEAD_STATUSES = ['pending', 'confirmed'] as const;

/** A consent purpose id of the consents module (`email_marketing`). */
const PurposeIdSchema = z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, 'must be a consent purpose id');

/** `POST /admin/leads`: a person met at an event or by a promoter, in the store view of the `Store` header. */
export const LeadRegisterBodySchema = z.strictObject({
  email: EmailSchema,
  first_name: NameSchema,
  source: z.enum(LEAD_SOURCES),
  /** The event's or the promoter's code. */
  campaign_code: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'must be 1 to 64 letters, digits, _ . or -'),
  /** Marketing purposes of `/consent/purposes` the person asked for. */
  purposes: z.array(PurposeIdSchema).min(1).max(10),
});
export type LeadRegisterBody = z.infer<typeof LeadRegisterBodySchema>;

/** A lead as the operator sees it; the confirmation link itself only ever goes to the lead's e-mail address. */
export const LeadSchema = z.object({
  id: z.string(),
  store_code: z.string(),
  source: z.enum(LEAD_SOURCES),
  campaign_code: z.string(),
  status: z.enum(LEAD_STATUSES),
  purposes: z.array(z.string()),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** When this call e-mailed a confirmation link: its expiry; null when it sent none (the lead is confirmed). */
  link_expires_at: z.string().nullable(),
});
export type Lead = z.infer<typeof LeadSchema>;

/** `{hash}`: the token of the e-mailed link, judged by the service (a malformed one is LEAD_LINK_INVALID). */
export const LeadLinkParamsSchema = z.strictObject({ hash: z.string().min(1).max(200) });

/** `POST /api/leads/consents/validate/{hash}`: the lead's consents are confirmed (the same answer every time). */
export const LeadConfirmationSchema = z.object({
  confirmed: z.literal(true),
  purposes: z.array(z.string()),
});
export type LeadConfirmation = z.infer<typeof LeadConfirmationSchema>;

export const LeadParamsSchema = z.strictObject({ uuid: z.uuid() });

/** `GET /api/leads/{uuid}/actions/purchase`: what the lead bought, with no order number, amount or personal data. */
export const LeadPurchasesSchema = z.object({
  purchased: z.boolean(),
  purchases: z.array(z.object({
    purchased_at: z.string(),
    items: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  })),
});
export type LeadPurchases = z.infer<typeof LeadPurchasesSchema>;
