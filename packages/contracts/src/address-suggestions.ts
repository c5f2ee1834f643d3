import { z } from 'zod';

/** Wire contracts of address suggestions (`/api/address-suggestions`, spec §7, §8 empty list on error, §9 results 5). */

export const ADDRESS_SUGGESTIONS_DEFAULT = 5;
export const ADDRESS_SUGGESTIONS_MAX = 20;

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * `GET /api/address-suggestions`: what the shopper typed so far. Text shorter than 3 characters
 * (after trimming) answers an empty list, longer than 100 or with markup or control characters is a 400.
 */
export const AddressSuggestionQuerySchema = z.strictObject({
  text: z.string().max(100).regex(/^[^<>{}\p{Cc}]*$/u, 'text must not contain markup or control characters'),
  /** With a ready-to-print address (the lines of a label, in the country's order) in each suggestion. */
  print_address: flag.optional(),
  /** Language of the country names and print lines; default the store view's. */
  lang: z.enum(['en', 'de']).optional(),
  results: z.string().regex(/^\d{1,3}$/, 'results must be a whole number').transform(Number).pipe(z.number().int().min(1).max(ADDRESS_SUGGESTIONS_MAX)).optional(),
});
export type AddressSuggestionQuery = z.infer<typeof AddressSuggestionQuerySchema>;

/** One suggested address, split as the shop's address forms take it. */
export const AddressSuggestionSchema = z.object({
  id: z.string(),
  /** One line to show in the list ("221 Baker Street, London NW1 6XE"). */
  label: z.string(),
  street: z.string(),
  number: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  country_code: z.string(),
  country_name: z.string(),
  /** The address as printed on a label, line by line (only with print_address). */
  print_address: z.array(z.string()).optional(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

export const AddressSuggestionsSchema = z.array(AddressSuggestionSchema);
