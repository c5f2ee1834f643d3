import type { LocatorStoreUpdateBody } from '@ember/contracts';
import type { Reader, Tx } from '../../platform/transaction.js';
import { Conditions, escapeLike } from '../../platform/sql.js';

/** The console's reads and writes of the store locator's stores (docs/decisions/0086). */

export interface ConsoleStoreRow {
  id: string; external_id: string; type: 'shop' | 'kiosk' | 'service_point'; name: string; street: string; city: string; postcode: string | null;
  country_code: string; telephone: string | null; latitude: number | null; longitude: number | null; timezone: string; is_active: boolean;
  store_views: { store_code: string; is_pickup: boolean; position: number }[];
  texts: { language: string; description: string }[];
  hours: { weekday: number; opens: string; closes: string }[];
  services: string[];
  total?: number;
}

const LIST_SELECT = `s.id, s.external_id, s.type, s.name, s.city, s.country_code::text AS country_code, s.is_active,
  COALESCE((SELECT array_agg(v.store_code ORDER BY v.store_code) FROM store_locator_store_view v WHERE v.store_id = s.id), '{}'::text[]) AS store_views`;

const DETAIL_SELECT = `s.id, s.external_id, s.type, s.name, s.street, s.city, s.postcode, s.country_code::text AS country_code, s.telephone,
  s.latitude, s.longitude, s.timezone, s.is_active,
  COALESCE((SELECT json_agg(json_build_object('store_code', v.store_code, 'is_pickup', v.is_pickup, 'position', v.position) ORDER BY v.store_code)
              FROM store_locator_store_view v WHERE v.store_id = s.id), '[]'::json) AS store_views,
  COALESCE((SELECT json_agg(json_build_object('language', t.language, 'description', t.description) ORDER BY t.language)
              FROM store_locator_store_text t WHERE t.store_id = s.id), '[]'::json) AS texts,
  COALESCE((SELECT json_agg(json_build_object('weekday', h.weekday, 'opens', to_char(h.opens, 'HH24:MI'), 'closes', to_char(h.closes, 'HH24:MI')) ORDER BY h.weekday, h.opens)
              FROM store_locator_opening_hours h WHERE h.store_id = s.id), '[]'::json) AS hours,
  COALESCE((SELECT array_agg(x.service_code ORDER BY x.service_code) FROM store_locator_store_service x WHERE x.store_id = s.id), '{}'::text[]) AS services`;

export async function listStores(q: Reader, f: { q?: string; store?: string; enabled?: boolean; type?: string; limit: number; offset: number }) {
  const c = new Conditions();
  if (f.q) {
    const text = c.p(escapeLike(f.q.toLowerCase()));
    c.and(`(lower(s.name) LIKE '%' || ${text} || '%' OR lower(s.city) LIKE '%' || ${text} || '%' OR s.id LIKE ${text} || '%' OR lower(s.external_id) LIKE ${text} || '%')`);
  }
  if (f.store) c.and(`EXISTS (SELECT 1 FROM store_locator_store_view v WHERE v.store_id = s.id AND v.store_code = ${c.p(f.store)})`);
  if (f.enabled !== undefined) c.and(`s.is_active = ${c.p(f.enabled)}`);
  if (f.type) c.and(`s.type = ${c.p(f.type)}`);
  const { rows } = await q.query<Pick<ConsoleStoreRow, 'id' | 'external_id' | 'type' | 'name' | 'city' | 'country_code' | 'is_active' | 'total'> & { store_views: string[] }>(
    `SELECT ${LIST_SELECT}, count(*) OVER ()::int AS total FROM store_locator_store s ${c.where()} ORDER BY s.name, s.id LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function storeById(q: Reader, id: string): Promise<ConsoleStoreRow | null> {
  const { rows } = await q.query<ConsoleStoreRow>(`SELECT ${DETAIL_SELECT} FROM store_locator_store s WHERE s.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Who holds an id or an external id already (another store than `except`). */
export async function takenBy(q: Reader, id: string, externalId: string, except: string | null): Promise<{ id: string; external_id: string } | null> {
  const { rows } = await q.query<{ id: string; external_id: string }>(
    'SELECT id, external_id FROM store_locator_store WHERE (id = $1 OR external_id = $2) AND id IS DISTINCT FROM $3 LIMIT 1',
    [id, externalId, except],
  );
  return rows[0] ?? null;
}

export async function countryExists(q: Reader, code: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM directory_country WHERE id = $1', [code]);
  return rows.length > 0;
}

export async function unknownServices(q: Reader, codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  const { rows } = await q.query<{ code: string }>('SELECT c AS code FROM unnest($1::text[]) c WHERE NOT EXISTS (SELECT 1 FROM store_locator_service s WHERE s.code = c)', [codes]);
  return rows.map((r) => r.code);
}

export async function services(q: Reader): Promise<{ code: string; labels: Record<string, string> }[]> {
  const { rows } = await q.query<{ code: string; labels: Record<string, string> | null }>(
    `SELECT s.code, (SELECT json_object_agg(t.language, t.label) FROM store_locator_service_text t WHERE t.code = s.code) AS labels
       FROM store_locator_service s ORDER BY s.position, s.code`,
  );
  return rows.map((r) => ({ code: r.code, labels: r.labels ?? {} }));
}

const storeValues = (b: LocatorStoreUpdateBody) => [b.external_id, b.type, b.name, b.street, b.city, b.postcode, b.country_code, b.telephone, b.latitude, b.longitude, b.timezone, b.is_active];

export async function insertStore(tx: Tx, id: string, b: LocatorStoreUpdateBody): Promise<void> {
  await tx.query(
    `INSERT INTO store_locator_store (id, external_id, type, name, street, city, postcode, country_code, telephone, latitude, longitude, timezone, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [id, ...storeValues(b)],
  );
}

export async function updateStore(tx: Tx, id: string, b: LocatorStoreUpdateBody): Promise<void> {
  await tx.query(
    `UPDATE store_locator_store SET external_id = $2, type = $3, name = $4, street = $5, city = $6, postcode = $7, country_code = $8, telephone = $9,
            latitude = $10, longitude = $11, timezone = $12, is_active = $13 WHERE id = $1`,
    [id, ...storeValues(b)],
  );
}

/** Replaces the store's store views, descriptions, hours and services with the body's. */
export async function replaceParts(tx: Tx, id: string, b: LocatorStoreUpdateBody): Promise<void> {
  await tx.query('DELETE FROM store_locator_store_view WHERE store_id = $1', [id]);
  await tx.query('DELETE FROM store_locator_store_text WHERE store_id = $1', [id]);
  await tx.query('DELETE FROM store_locator_opening_hours WHERE store_id = $1', [id]);
  await tx.query('DELETE FROM store_locator_store_service WHERE store_id = $1', [id]);
  if (b.store_views.length) {
    await tx.query(
      `INSERT INTO store_locator_store_view (store_id, store_code, is_pickup, position)
       SELECT $1, x.store_code, x.is_pickup, x.position FROM json_to_recordset($2::json) AS x(store_code text, is_pickup boolean, position int)`,
      [id, JSON.stringify(b.store_views)],
    );
  }
  if (b.texts.length) {
    await tx.query(
      `INSERT INTO store_locator_store_text (store_id, language, description)
       SELECT $1, x.language, x.description FROM json_to_recordset($2::json) AS x(language text, description text)`,
      [id, JSON.stringify(b.texts)],
    );
  }
  if (b.hours.length) {
    await tx.query(
      `INSERT INTO store_locator_opening_hours (store_id, weekday, opens, closes)
       SELECT $1, x.weekday, x.opens::time, x.closes::time FROM json_to_recordset($2::json) AS x(weekday smallint, opens text, closes text)`,
      [id, JSON.stringify(b.hours)],
    );
  }
  if (b.services.length) {
    await tx.query('INSERT INTO store_locator_store_service (store_id, service_code) SELECT $1, unnest($2::text[])', [id, b.services]);
  }
}

export async function setActive(tx: Tx, id: string, active: boolean): Promise<void> {
  await tx.query('UPDATE store_locator_store SET is_active = $2 WHERE id = $1', [id, active]);
}
