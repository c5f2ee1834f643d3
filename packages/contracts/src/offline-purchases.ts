import { z } from 'zod';

/** Wire contracts of the offline purchases' import (`/admin/offline-purchases`, spec §3, docs/decisions/0069). */

const plain = /^[^<>{}\p{Cc}]*$/u;

export const OfflinePurchaseItemSchema = z.strictObject({
  sku: z.string().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be a SKU'),
  quantity: z.number().int().min(1).max(1000),
  /** The line's price in minor units, as the till charged it. */
  price: z.number().int().min(0).max(10_000_000),
  name: z.string().max(200).regex(plain, 'must be plain text').optional(),
});

export const OfflinePurchaseSchema = z.strictObject({
  action_id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, 'must be the till\'s action id'),
  datetime: z.iso.datetime({ offset: true }),
  type: z.enum(['purchase']),
  store_code: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/),
  /** Who bought: the customer's uuid (a scanned club card) or e-mail address. */
  customer: z.union([z.strictObject({ uuid: z.uuid() }), z.strictObject({ email: z.email().max(254) })]),
  items: z.array(OfflinePurchaseItemSchema).min(1).max(200),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type OfflinePurchaseInput = z.infer<typeof OfflinePurchaseSchema>;

export const OfflinePurchaseImportSchema = z.strictObject({ purchases: z.array(OfflinePurchaseSchema).min(1).max(1000) });

export const OFFLINE_PURCHASE_OUTCOMES = ['credited', 'recorded', 'already_imported', 'no_customer', 'unknown_store'] as const;

export const OfflinePurchaseImportResultSchema = z.object({
  /** Spec §8: all imported (SUCCESS), none (FAILURE), or some (MIXED_RESULTS). */
  result: z.enum(['SUCCESS', 'FAILURE', 'MIXED_RESULTS']),
  purchases: z.array(z.object({ action_id: z.string(), outcome: z.enum(OFFLINE_PURCHASE_OUTCOMES), points: z.number().int() })),
});
export type OfflinePurchaseImportResult = z.infer<typeof OfflinePurchaseImportResultSchema>;
