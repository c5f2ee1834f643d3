import { z } from 'zod';

/** Wire contracts of product (pack-code) registration (`/api/me/products/...`, spec §7). */

/** What the customer typed; the server reads it forgivingly (case, spaces, hyphens) and says when it is no pack code. */
export const ProductRegisterBodySchema = z.strictObject({ code: z.string().trim().min(1).max(64) });
export const ProductRegistrationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});

export const PackCodeRuleSchema = z.object({ event_name: z.string(), points: z.number(), description: z.string() });

/** The answer to a registration: spec fields (inventory, is_genuine, is_registrable, loyalty_rule, limitReached, hasError) and the outcome. */
export const ProductRegistrationSchema = z.object({
  code: z.string(),
  result: z.enum(['registered', 'not_genuine', 'already_registered', 'limit_reached', 'not_registrable']),
  inventory: z.number(),
  is_genuine: z.boolean(),
  is_registrable: z.boolean(),
  loyalty_rule: PackCodeRuleSchema.nullable(),
  sku: z.string().nullable(),
  /** The product's name in the store view's language (its SKU where the view does not sell it). */
  product_name: z.string().nullable(),
  points: z.number(),
  limitReached: z.boolean(),
  hasError: z.boolean(),
});
export type ProductRegistration = z.infer<typeof ProductRegistrationSchema>;

export const ProductRegistrationItemSchema = z.object({
  code: z.string(),
  sku: z.string(),
  product_name: z.string(),
  points: z.number(),
  earning_rule: z.string(),
  registered_at: z.string(),
});
export const ProductRegistrationListSchema = z.object({
  items: z.array(ProductRegistrationItemSchema),
  page: z.number(),
  perPage: z.number(),
  total: z.number(),
  total_pages: z.number(),
  /** Registrations allowed per calendar month, and what is left of this month's. */
  allowance: z.number(),
  inventory: z.number(),
});
export type ProductRegistrationList = z.infer<typeof ProductRegistrationListSchema>;
