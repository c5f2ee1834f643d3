import { z } from 'zod';

/** Wire contracts of the external coupon providers (`/coupons/external/providers/...`, spec §7, docs/decisions/0068). */

export const CouponProviderParamsSchema = z.strictObject({
  id: z.string().min(2).max(40).regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be a provider id'),
});

export const CouponProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  terms: z.string(),
  /** Whether codes can be had now: the offer runs and its pool is not empty. */
  available: z.boolean(),
  ends_at: z.string().nullable(),
  /** The session customer's code of this provider, when they have one (none for a guest). */
  code: z.string().nullable(),
});
export type CouponProvider = z.infer<typeof CouponProviderSchema>;

/** `POST .../request`: nothing to send; the session names the customer. */
export const CouponRequestBodySchema = z.strictObject({}).optional();

export const CouponGrantSchema = z.object({
  provider_id: z.string(),
  code: z.string(),
  /** When the customer got it: asking again answers the same code. */
  taken_at: z.string(),
});
export type CouponGrant = z.infer<typeof CouponGrantSchema>;

/** `POST /admin/coupons/providers/{id}/codes`: codes added to the pool (ones already there are skipped). */
export const CouponCodesBodySchema = z.strictObject({
  codes: z.array(z.string().regex(/^[A-Za-z0-9-]{4,40}$/, 'must be 4–40 letters, digits or dashes')).min(1).max(10_000),
});
export const CouponCodesAddedSchema = z.object({ added: z.number().int(), free: z.number().int() });
