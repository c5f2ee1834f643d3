import type { Queryable, Tx } from '../../platform/db.js';

/** The only SQL on the leads tables (leads_lead, leads_purchase). */

export type LeadSource = 'event' | 'promoter';
export type LeadStatus = 'pending' | 'confirmed';

export interface LeadRow {
  id: string;
  store_code: string;
  source: LeadSource;
  campaign_code: string;
  email: string;
  first_name: string;
  purposes: string[];
  status: LeadStatus;
  confirmed_at: Date | null;
  created_at: Date;
}

export interface PurchaseItem {
  sku: string;
  quantity: number;
}

export interface PurchaseRow {
  lead_id: string;
  order_entity_id: string;
  order_number: string;
  purchased_at: Date;
  items: PurchaseItem[];
}

const LEAD_COLUMNS = 'id::text AS id, store_code, source, campaign_code, email, first_name, purposes, status, confirmed_at, created_at';

/**
 * Inserts a lead unless the person is registered for the campaign in the store view already:
 * then null, and the caller reads that one.
 */
export async function insertLead(tx: Tx, l: Omit<LeadRow, 'status' | 'confirmed_at' | 'created_at'>): Promise<LeadRow | null> {
  const { rows } = await tx.query<LeadRow>(
    `INSERT INTO leads_lead (id, store_code, source, campaign_code, email, first_name, purposes)
     VALUES ($1, $2, $3, $4, $5, $6, $7::text[])
     ON CONFLICT ON CONSTRAINT leads_lead_once_per_campaign DO NOTHING
     RETURNING ${LEAD_COLUMNS}`,
    [l.id, l.store_code, l.source, l.campaign_code, l.email, l.first_name, l.purposes],
  );
  return rows[0] ?? null;
}

/** The lead of a person and campaign in a store view, locked for the rest of the transaction. */
export async function lockLeadOfCampaign(tx: Tx, storeCode: string, campaignCode: string, email: string): Promise<LeadRow | null> {
  const { rows } = await tx.query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM leads_lead WHERE store_code = $1 AND campaign_code = $2 AND email = $3 FOR UPDATE`,
    [storeCode, campaignCode, email],
  );
  return rows[0] ?? null;
}

/** A lead by id, locked: two confirmations of one link wait for each other. */
export async function lockLead(tx: Tx, id: string): Promise<LeadRow | null> {
  const { rows } = await tx.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads_lead WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/** Confirms a pending lead; false when it was not pending. */
export async function confirmLead(tx: Tx, id: string): Promise<boolean> {
  const r = await tx.query(`UPDATE leads_lead SET status = 'confirmed', confirmed_at = now() WHERE id = $1 AND status = 'pending'`, [id]);
  return r.rowCount === 1;
}

/** The purposes of every confirmed lead of this e-mail address in these store views, each once. */
export async function confirmedPurposesOf(q: Queryable, email: string, storeCodes: string[]): Promise<string[]> {
  const { rows } = await q.query<{ purpose: string }>(
    `SELECT DISTINCT unnest(purposes) AS purpose FROM leads_lead
      WHERE email = $1 AND store_code = ANY($2::text[]) AND status = 'confirmed' ORDER BY 1`,
    [email, storeCodes],
  );
  return rows.map((r) => r.purpose);
}

/** Whether an order has been credited to a lead already. */
export async function isOrderCredited(q: Queryable, orderEntityId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM leads_purchase WHERE order_entity_id = $1', [orderEntityId]);
  return rows.length > 0;
}

/** The lead an order is credited to: the latest one of its e-mail address in these store views met before the order. */
export async function latestLeadBefore(q: Queryable, email: string, storeCodes: string[], before: Date): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id::text AS id FROM leads_lead
      WHERE email = $1 AND store_code = ANY($2::text[]) AND created_at < $3
      ORDER BY created_at DESC, id LIMIT 1`,
    [email, storeCodes, before],
  );
  return rows[0]?.id ?? null;
}

/** Credits an order to a lead; false when the order was credited already (the unique order key). */
export async function insertPurchase(tx: Tx, p: PurchaseRow): Promise<boolean> {
  const r = await tx.query(
    `INSERT INTO leads_purchase (lead_id, order_entity_id, order_number, purchased_at, items)
     VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT DO NOTHING`,
    [p.lead_id, p.order_entity_id, p.order_number, p.purchased_at, JSON.stringify(p.items)],
  );
  return r.rowCount === 1;
}

/** A lead's purchases, oldest first. */
export async function purchasesOf(q: Queryable, leadIds: string[]): Promise<PurchaseRow[]> {
  if (!leadIds.length) return [];
  const { rows } = await q.query<PurchaseRow>(
    `SELECT lead_id::text AS lead_id, order_entity_id::text AS order_entity_id, order_number, purchased_at, items
       FROM leads_purchase WHERE lead_id = ANY($1::uuid[]) ORDER BY purchased_at, order_number`,
    [leadIds],
  );
  return rows;
}

/** Every lead of these e-mail addresses (the data-subject export). */
export async function leadsOf(q: Queryable, emails: string[]): Promise<LeadRow[]> {
  if (!emails.length) return [];
  const { rows } = await q.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads_lead WHERE email = ANY($1::text[]) ORDER BY created_at, id`, [emails]);
  return rows;
}

/** Erasure: the leads of these e-mail addresses and, with them, their purchases. */
export async function deleteLeadsOf(tx: Tx, emails: string[]): Promise<number> {
  if (!emails.length) return 0;
  const r = await tx.query('DELETE FROM leads_lead WHERE email = ANY($1::text[])', [emails]);
  return r.rowCount;
}
