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

const ActionId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, 'must be the till\'s action id');
/** Who bought: the customer's uuid (a scanned club card) or e-mail address. */
const Customer = z.union([z.strictObject({ uuid: z.uuid() }), z.strictObject({ email: z.email().max(254) })]);
const common = {
  action_id: ActionId,
  datetime: z.iso.datetime({ offset: true }),
  store_code: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/),
  items: z.array(OfflinePurchaseItemSchema).min(1).max(200),
  currency: z.string().regex(/^[A-Z]{3}$/),
};

export const OfflinePurchaseSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...common, type: z.literal('purchase'), customer: Customer }),
  /**
   * Items of an earlier purchase brought back to a store: `original_action_id` names that purchase;
   * the customer is the purchase's (a customer sent with it must be the same one).
   */
  z.strictObject({ ...common, type: z.literal('return'), original_action_id: ActionId, customer: Customer.optional() }),
]);
export type OfflinePurchaseInput = z.infer<typeof OfflinePurchaseSchema>;

export const OfflinePurchaseImportSchema = z.strictObject({ purchases: z.array(OfflinePurchaseSchema).min(1).max(1000) });

/**
 * `credited`/`recorded`: a purchase taken with or without points; `returned`: a return taken, its
 * share of the purchase's points taken back; `already_imported`: the action id was taken before;
 * `no_customer`, `unknown_store`; `unknown_purchase`: a return of no purchase of that customer;
 * `exceeds_purchase`: a return of more than was bought (with the earlier returns) or of other items.
 */
export const OFFLINE_PURCHASE_OUTCOMES = ['credited', 'recorded', 'returned', 'already_imported', 'no_customer', 'unknown_store', 'unknown_purchase', 'exceeds_purchase'] as const;

export const OfflinePurchaseImportResultSchema = z.object({
  /** Spec §8: all imported (SUCCESS), none (FAILURE), or some (MIXED_RESULTS). */
  result: z.enum(['SUCCESS', 'FAILURE', 'MIXED_RESULTS']),
  purchases: z.array(z.object({ action_id: z.string(), outcome: z.enum(OFFLINE_PURCHASE_OUTCOMES), points: z.number().int() })),
});
export type OfflinePurchaseImportResult = z.infer<typeof OfflinePurchaseImportResultSchema>;
