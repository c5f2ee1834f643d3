import type { Reader } from '../../platform/transaction.js';
import { Conditions } from '../../platform/sql.js';

/** The customers export's pages: only this file runs the export's SQL on identity_user. */

export interface CustomerExportRow {
  uuid: string;
  created_at: Date;
  store_code: string;
  status: string;
  email: string;
  firstname: string;
  lastname: string;
  telephone: string | null;
  is_age_verified: boolean;
  /** The creation time to the microsecond, as text: the page's keyset position (a Date keeps milliseconds only). */
  created_key: string;
}

/** The next page of customers after a position (creation time, then uuid), within the filters. */
export async function exportPage(q: Reader, f: { status?: string; store?: string; from?: string; to?: string }, after: { at: string; uuid: string } | null, limit: number): Promise<CustomerExportRow[]> {
  const c = new Conditions();
  if (after) c.and(`(u.created_at, u.uuid) > (${c.p(after.at)}::timestamptz, ${c.p(after.uuid)}::uuid)`);
  if (f.status) c.and(`u.status = ${c.p(f.status)}`);
  if (f.store) c.and(`u.store_code = ${c.p(f.store)}`);
  if (f.from) c.and(`u.created_at >= ${c.p(f.from)}::timestamptz`);
  if (f.to) c.and(`u.created_at < ${c.p(f.to)}::timestamptz`);
  const { rows } = await q.query<CustomerExportRow>(
    `SELECT u.uuid::text AS uuid, u.created_at, u.store_code, u.status, u.email, u.firstname, u.lastname, u.telephone, u.is_age_verified,
            u.created_at::text AS created_key
       FROM identity_user u ${c.where()} ORDER BY u.created_at, u.uuid LIMIT ${c.p(limit)}`,
    c.params,
  );
  return rows;
}
