import type { Queryable, Reader } from '../../platform/db.js';

/** The only SQL on the store locator's tables (store_locator_*). */

export interface StoreRow {
  id: string;
  external_id: string;
  type: 'shop' | 'kiosk' | 'service_point';
  name: string;
  street: string;
  city: string;
  postcode: string | null;
  country_code: string;
  telephone: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  is_pickup: boolean;
  position: number;
  distance_km: number | null;
}

export interface OpeningRow {
  store_id: string;
  weekday: number;
  opens: string;
  closes: string;
}

const COLUMNS = `s.id, s.external_id, s.type, s.name, s.street, s.city, s.postcode, s.country_code::text AS country_code, s.telephone,
  s.latitude, s.longitude, s.timezone, v.is_pickup, v.position`;

/** Mean earth radius in km (IUGG), the sphere the haversine distance is taken on. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * The store view's active stores nearest a point, nearest first, with their great-circle distance
 * (haversine, plain SQL on PGlite and PostgreSQL alike). Within `maxKm` a bounding box on the
 * (latitude, longitude) index narrows the rows before any distance is computed.
 */
export async function nearestStores(
  q: Reader,
  storeCode: string,
  point: { lat: number; lng: number },
  opts: { maxKm: number | null; limit: number; type: string | null },
): Promise<StoreRow[]> {
  let box: [number, number, number, number] | null = null;
  if (opts.maxKm !== null) {
    const dLat = (opts.maxKm / EARTH_RADIUS_KM) * (180 / Math.PI);
    const cos = Math.cos((point.lat * Math.PI) / 180);
    const dLng = cos < 1e-6 ? 360 : dLat / cos;
    // Near a pole or across the antimeridian the box would wrap: then no box, the distance alone decides.
    if (point.lat - dLat > -90 && point.lat + dLat < 90 && point.lng - dLng > -180 && point.lng + dLng < 180) {
      box = [point.lat - dLat, point.lat + dLat, point.lng - dLng, point.lng + dLng];
    }
  }
  const { rows } = await q.query<StoreRow>(
    `SELECT * FROM (
       SELECT ${COLUMNS},
              ${EARTH_RADIUS_KM} * 2 * asin(least(1, sqrt(
                power(sin(radians(s.latitude - $2) / 2), 2)
                + cos(radians($2)) * cos(radians(s.latitude)) * power(sin(radians(s.longitude - $3) / 2), 2)))) AS distance_km
         FROM store_locator_store s JOIN store_locator_store_view v ON v.store_id = s.id
        WHERE v.store_code = $1 AND s.is_active AND s.latitude IS NOT NULL
          AND ($4::text IS NULL OR s.type = $4)
          AND ($5::float8 IS NULL OR s.latitude BETWEEN $5 AND $6)
          AND ($7::float8 IS NULL OR s.longitude BETWEEN $7 AND $8)
     ) d
     WHERE $9::float8 IS NULL OR d.distance_km <= $9
     ORDER BY d.distance_km, d.id
     LIMIT $10`,
    [storeCode, point.lat, point.lng, opts.type, box?.[0] ?? null, box?.[1] ?? null, box?.[2] ?? null, box?.[3] ?? null, opts.maxKm, opts.limit],
  );
  return rows;
}

/** The store view's active stores in its order, then by name, without distances. */
export async function listStores(q: Reader, storeCode: string, opts: { limit: number; type: string | null }): Promise<StoreRow[]> {
  const { rows } = await q.query<StoreRow>(
    `SELECT ${COLUMNS}, NULL::float8 AS distance_km
       FROM store_locator_store s JOIN store_locator_store_view v ON v.store_id = s.id
      WHERE v.store_code = $1 AND s.is_active AND ($2::text IS NULL OR s.type = $2)
      ORDER BY v.position, s.name, s.id LIMIT $3`,
    [storeCode, opts.type, opts.limit],
  );
  return rows;
}

/** One active store the store view shows, by id or by external id. */
export async function findStore(q: Reader, storeCode: string, by: 'id' | 'external_id', value: string): Promise<StoreRow | null> {
  const { rows } = await q.query<StoreRow>(
    `SELECT ${COLUMNS}, NULL::float8 AS distance_km
       FROM store_locator_store s JOIN store_locator_store_view v ON v.store_id = s.id
      WHERE v.store_code = $1 AND s.is_active AND s.${by === 'id' ? 'id' : 'external_id'} = $2`,
    [storeCode, value],
  );
  return rows[0] ?? null;
}

/** The weekly opening hours of the stores, by store, weekday and time. */
export async function openingHours(q: Reader, storeIds: string[]): Promise<OpeningRow[]> {
  if (storeIds.length === 0) return [];
  const { rows } = await q.query<OpeningRow>(
    `SELECT store_id, weekday, to_char(opens, 'HH24:MI') AS opens, to_char(closes, 'HH24:MI') AS closes
       FROM store_locator_opening_hours WHERE store_id = ANY($1::text[]) ORDER BY store_id, weekday, opens`,
    [storeIds],
  );
  return rows;
}

/** A store's description and services in a language. */
export async function storeContent(q: Reader, storeId: string, language: string): Promise<{ description: string | null; services: { code: string; label: string }[] }> {
  const { rows } = await q.query<{ description: string | null; services: { code: string; label: string }[] }>(
    `SELECT (SELECT description FROM store_locator_store_text WHERE store_id = $1 AND language = $2) AS description,
            COALESCE((SELECT json_agg(json_build_object('code', c.code, 'label', COALESCE(t.label, c.code)) ORDER BY c.position, c.code)
                        FROM store_locator_store_service ss JOIN store_locator_service c ON c.code = ss.service_code
                        LEFT JOIN store_locator_service_text t ON t.code = c.code AND t.language = $2
                       WHERE ss.store_id = $1), '[]'::json) AS services`,
    [storeId, language],
  );
  return rows[0] ?? { description: null, services: [] };
}

export interface PickupRow {
  code: string;
  name: string;
  street: string;
  city: string;
  postcode: string | null;
  country_code: string;
  telephone: string | null;
  description: string | null;
  latitude: string | null;
  longitude: string | null;
}

/** The store view's active pick-up points in its order, with their description in its language. */
export async function pickupStores(q: Queryable, storeCode: string, language: string): Promise<PickupRow[]> {
  const { rows } = await q.query<PickupRow>(
    `SELECT s.id AS code, s.name, s.street, s.city, s.postcode, s.country_code::text AS country_code, s.telephone,
            t.description, s.latitude::text AS latitude, s.longitude::text AS longitude
       FROM store_locator_store s JOIN store_locator_store_view v ON v.store_id = s.id
       LEFT JOIN store_locator_store_text t ON t.store_id = s.id AND t.language = $2
      WHERE v.store_code = $1 AND v.is_pickup AND s.is_active ORDER BY v.position, s.id`,
    [storeCode, language],
  );
  return rows;
}
