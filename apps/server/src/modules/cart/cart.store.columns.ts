/** The column lists of the cart's tables, shared by its store files. */

export const CART_COLUMNS = `id::text AS id, masked_id, store_code, customer_uuid::text AS customer_uuid, status, email,
  shipping_carrier_code, shipping_method_code, payment_method_code, agreement_ids`;

export const ITEM_COLUMNS = 'id::text AS id, cart_id::text AS cart_id, product_id, parent_product_id, sku, quantity, is_gift, parent_gift_sku, bundle_selections';

export const ADDRESS_COLUMNS = `kind, firstname, lastname, company, street, city, postcode, country_code::text AS country_code, region, telephone,
  extra, customer_address_id, save_in_address_book, pickup_location_code`;

export const PROMOTION_COLUMNS = 'id, code, store_code, type, trigger_skus, min_qty, min_subtotal_minor, skus, allowed_qty, texts';

/** The promotions running now in store view $2: active and inside their date range. */
export const RUNNING_PROMOTION = 'store_code = $2 AND is_active AND (from_at IS NULL OR from_at <= now()) AND (to_at IS NULL OR to_at > now())';
