import type { Queryable, Tx } from '../../platform/db.js';

/** One store view with its configuration (spec §3 "Store config"). */
export interface StoreView {
  code: string;
  website_code: string;
  website_name: string;
  group_code: string;
  name: string;
  locale: string;
  language: string;
  base_currency_code: string;
  timezone: string;
  default_country: string;
  weight_unit: string;
  is_trial: boolean;
  is_default: boolean;
  sort_order: number;
  is_order_limit_enabled: boolean;
  order_limit_value: number;
  cartons_limit_value: number;
  is_age_verification_enabled: boolean;
  is_free_gifts_enabled: boolean;
  gift_basket_quantity_limitation: number;
  postcode_validation_enabled: boolean;
  postcode_is_required: boolean;
  postcode_min_length: number;
  postcode_max_length: number;
  postcode_validate_regex: string | null;
  allow_empty_firstname: boolean;
  is_guest_checkout_enabled: boolean;
  order_cancellation_enabled: boolean;
  newsletter_enabled: boolean;
  minimum_password_length: number;
  required_character_classes_number: number;
  /** Prices shown excluding tax, including it, or both (spec §4; docs/decisions/0074). */
  tax_display: 'EXCLUDING' | 'INCLUDING' | 'BOTH';
  /** Orders on one page of the account's order history (spec §9). */
  orders_page_size: number;
  /** The website's public tenant token (`X-Tenant-Token`, docs/decisions/0074). */
  tenant_token: string;
}

export async function listActiveStoreViews(db: Queryable): Promise<StoreView[]> {
  const { rows } = await db.query<StoreView>(
    `SELECT v.*, w.name AS website_name, w.tenant_token
       FROM store_view v JOIN store_website w ON w.code = v.website_code
      WHERE v.is_active
      ORDER BY v.sort_order, v.code`,
  );
  return rows;
}

/** The codes of the active store views that ship to a country (`store_view_country`), in display order. */
export async function activeStoreCodesShippingTo(db: Queryable, countryId: string): Promise<string[]> {
  const { rows } = await db.query<{ code: string }>(
    `SELECT v.code FROM store_view_country sc JOIN store_view v ON v.code = sc.store_code
      WHERE sc.country_id = $1 AND v.is_active
      ORDER BY v.sort_order, v.code`,
    [countryId],
  );
  return rows.map((r) => r.code);
}

/** The selling rules a store view holds (the console's compliance area, docs/decisions/0083). */
export interface SellingRules {
  is_age_verification_enabled: boolean;
  is_order_limit_enabled: boolean;
  order_limit_value: number;
  cartons_limit_value: number;
}

export async function lockStoreView(tx: Tx, code: string): Promise<(SellingRules & { default_country: string }) | null> {
  const { rows } = await tx.query<SellingRules & { default_country: string }>(
    `SELECT is_age_verification_enabled, is_order_limit_enabled, order_limit_value, cartons_limit_value, default_country::text AS default_country
       FROM store_view WHERE code = $1 FOR UPDATE`,
    [code],
  );
  return rows[0] ?? null;
}

/** Changes a store view's selling rules; its trigger announces `config`, so every instance reads them again. */
export async function updateSellingRules(tx: Tx, code: string, r: Partial<SellingRules>): Promise<void> {
  await tx.query(
    `UPDATE store_view SET is_age_verification_enabled = COALESCE($2, is_age_verification_enabled), is_order_limit_enabled = COALESCE($3, is_order_limit_enabled),
            order_limit_value = COALESCE($4, order_limit_value), cartons_limit_value = COALESCE($5, cartons_limit_value)
      WHERE code = $1`,
    [code, r.is_age_verification_enabled ?? null, r.is_order_limit_enabled ?? null, r.order_limit_value ?? null, r.cartons_limit_value ?? null],
  );
}

/** The active store views with their time zone and currency. */
export async function storeViewClocks(db: Queryable): Promise<{ code: string; timezone: string; currency: string; midnight: Date }[]> {
  const { rows } = await db.query<{ code: string; timezone: string; currency: string; midnight: Date }>(
    `SELECT code, timezone, base_currency_code AS currency,
            (date_trunc('day', now() AT TIME ZONE timezone) AT TIME ZONE timezone) AS midnight
       FROM store_view WHERE is_active ORDER BY code`,
  );
  return rows;
}
