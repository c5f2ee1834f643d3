import type { Reader, Tx } from '../../platform/db.js';

/** The only SQL on the trade-in tables (trade_in_offer, trade_in_offer_text, trade_in_claim). */

export interface OfferRow {
  id: number;
  store_code: string;
  trade_in_sku: string;
  qualifying_skus: string[];
  min_device_age_days: number;
  starts_at: Date;
  ends_at: Date | null;
  /** The terms in every language the offer has, by language. */
  terms: Record<string, string>;
}

/** A store view's offers, with their terms in every language. */
export async function offersOf(q: Reader, storeCode: string): Promise<OfferRow[]> {
  const { rows } = await q.query<OfferRow>(
    `SELECT o.id, o.store_code, o.trade_in_sku, o.qualifying_skus, o.min_device_age_days, o.starts_at, o.ends_at,
            COALESCE((SELECT json_object_agg(t.language, t.terms) FROM trade_in_offer_text t WHERE t.offer_id = o.id), '{}'::json) AS terms
       FROM trade_in_offer o WHERE o.store_code = $1 ORDER BY o.id`,
    [storeCode],
  );
  return rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at), ends_at: r.ends_at ? new Date(r.ends_at) : null }));
}

/** Which of these devices are held by a claim that still stands (an order not cancelled or returned). */
export async function claimedDevices(q: Reader, deviceIds: string[]): Promise<Set<string>> {
  if (!deviceIds.length) return new Set();
  const { rows } = await q.query<{ device_id: string }>(
    'SELECT device_id FROM trade_in_claim WHERE device_id = ANY($1::text[]) AND released_at IS NULL',
    [deviceIds],
  );
  return new Set(rows.map((r) => r.device_id));
}

export interface ClaimInput {
  device_id: string;
  customer_uuid: string;
  offer_id: number;
  order_entity_id: string;
  credit_minor: number;
  currency: string;
}

/**
 * Claims a device for an order. The partial unique index allows one standing claim per device:
 * a parallel order that claimed it first makes this one fail (false), never both succeed.
 */
export async function insertClaim(tx: Tx, c: ClaimInput): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO trade_in_claim (device_id, customer_uuid, offer_id, order_entity_id, credit_minor, currency)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (device_id) WHERE released_at IS NULL DO NOTHING
     RETURNING id::text AS id`,
    [c.device_id, c.customer_uuid, c.offer_id, c.order_entity_id, c.credit_minor, c.currency],
  );
  return rows.length === 1;
}

/** Releases an order's claim (the order was cancelled or returned): its device may be traded in again. */
export async function releaseClaimOf(tx: Tx, orderEntityId: string): Promise<void> {
  await tx.query('UPDATE trade_in_claim SET released_at = now() WHERE order_entity_id = $1 AND released_at IS NULL', [orderEntityId]);
}

export interface ClaimRow {
  device_id: string;
  offer_id: number;
  order_entity_id: string;
  credit_minor: number;
  currency: string;
  created_at: Date;
  released_at: Date | null;
}

/** A customer's claims, for the data-subject export. */
export async function claimsOf(q: Reader, customerUuid: string): Promise<ClaimRow[]> {
  const { rows } = await q.query<ClaimRow>(
    `SELECT device_id, offer_id, order_entity_id::text AS order_entity_id, credit_minor, currency, created_at, released_at
       FROM trade_in_claim WHERE customer_uuid = $1 ORDER BY id`,
    [customerUuid],
  );
  return rows;
}

/** Erasure: a customer's claims stay with their orders (the credit is part of what was paid) but name no one. */
export async function anonymiseClaims(tx: Tx, customerUuid: string): Promise<void> {
  await tx.query(`UPDATE trade_in_claim SET customer_uuid = '00000000-0000-0000-0000-000000000000' WHERE customer_uuid = $1`, [customerUuid]);
}
