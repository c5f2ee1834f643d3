/** The column lists of the cart's tables, shared by its store files. */

export const CART_COLUMNS = `id::text AS id, masked_id, store_code, customer_uuid::text AS customer_uuid, status, email,
  shipping_carrier_code, shipping_method_code, payment_method_code, agreement_ids, purpose`;

export const ITEM_COLUMNS = 'id::text AS id, cart_id::text AS cart_id, product_id, parent_product_id, sku, quantity, is_gift, parent_gift_sku, bundle_selections, subscription_frequency_weeks';

export const ADDRESS_COLUMNS = `kind, firstname, lastname, company, street, city, postcode, country_code::text AS country_code, region, telephone,
  extra, customer_address_id, save_in_address_book, pickup_location_code`;

/**
 * The columns of cart_address a write sets, in order, with their types (for jsonb_to_recordset):
 * `kind` first and `pickup_location_code` last, which the copy of a delivery address relies on.
 */
export const ADDRESS_WRITE = [
  ['kind', 'text'], ['firstname', 'text'], ['lastname', 'text'], ['company', 'text'], ['street', 'text[]'], ['city', 'text'],
  ['postcode', 'text'], ['country_code', 'text'], ['region', 'text'], ['telephone', 'text'], ['extra', 'jsonb'],
  ['customer_address_id', 'int'], ['save_in_address_book', 'boolean'], ['pickup_location_code', 'text'],
] as const;
export const ADDRESS_NAMES = ADDRESS_WRITE.map(([n]) => n).join(', ');
/** An address written over the one of its kind the cart has. */
export const ADDRESS_UPSERT = `ON CONFLICT (cart_id, kind) DO UPDATE SET ${ADDRESS_WRITE.slice(1).map(([n]) => `${n} = EXCLUDED.${n}`).join(', ')}`;

export const PROMOTION_COLUMNS = 'id, code, store_code, type, trigger_skus, min_qty, min_subtotal_minor, skus, allowed_qty, texts';

/** The promotions running now in store view $2: active and inside their date range. */
export const RUNNING_PROMOTION = 'store_code = $2 AND is_active AND (from_at IS NULL OR from_at <= now()) AND (to_at IS NULL OR to_at > now())';
