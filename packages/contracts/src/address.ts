import { z } from 'zod';

const plain = /^[^<>{}\r\n\t]*$/;

/** A person's first or last name: no markup, no control characters. */
export const NameSchema = z.string().trim().min(1).max(80).regex(plain, 'must not contain markup or control characters');

/**
 * The one postal address of the shop: an address-book entry (identity), a cart's shipping and
 * billing address (cart, checkout) and an order's addresses (orders) all carry these fields, over
 * REST as they are and over GraphQL in Magento's shapes, which the storefront maps to this type.
 */
export const AddressSchema = z.strictObject({
  firstname: NameSchema,
  lastname: NameSchema,
  street: z.array(z.string().trim().max(120).regex(plain)).min(1).max(3),
  city: z.string().trim().min(1).max(80).regex(plain),
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
