import { z } from 'zod';

/**
 * Text of a name or an address: no markup and no control character (`\p{Cc}`: tab, line breaks, BEL,
 * ESC, DEL, …), so none reaches a label, an e-mail or an order. One rule for every address the shop keeps.
 */
export const PLAIN_TEXT = /^[^<>{}\p{Cc}]*$/u;

/** A person's first or last name: no markup, no control characters. */
export const NameSchema = z.string().trim().min(1).max(80).regex(PLAIN_TEXT, 'must not contain markup or control characters');

/**
 * The one postal address of the shop: an address-book entry (identity), a cart's shipping and
 * billing address (cart, checkout) and an order's addresses (orders) all carry these fields, over
 * REST as they are and over GraphQL in Magento's shapes, which the storefront maps to this type.
 */
export const AddressSchema = z.strictObject({
  firstname: NameSchema,
  lastname: NameSchema,
  street: z.array(z.string().trim().max(120).regex(PLAIN_TEXT)).min(1).max(3),
  city: z.string().trim().min(1).max(80).regex(PLAIN_TEXT),
  postcode: z.string().trim().max(16).regex(/^[A-Za-z0-9 -]*$/).optional(),
  country_code: z.string().regex(/^[A-Z]{2}$/),
  region: z.string().trim().max(80).optional(),
  telephone: z.string().trim().max(32).optional(),
});
export type Address = z.infer<typeof AddressSchema>;

/**
 * The Address as the server's modules hand it to each other and store it: every field present, an
 * optional one null when absent.
 */
export type PostalAddress = { [K in keyof Address]-?: undefined extends Address[K] ? Exclude<Address[K], undefined> | null : Address[K] };
