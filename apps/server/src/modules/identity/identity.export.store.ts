import type { Reader } from '../../platform/transaction.js';

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
  const params: unknown[] = [limit];
  const where: string[] = [];
  const add = (sql: string, ...v: unknown[]) => {
    let s = sql;
    for (const value of v) {
      params.push(value);
      s = s.replace('?', `$${params.length}`);
    }
    where.push(s);
  };
  if (after) add('(u.created_at, u.uuid) > (?::timestamptz, ?::uuid)', after.at, after.uuid);
  if (f.status) add('u.status = ?', f.status);
  if (f.store) add('u.store_code = ?', f.store);
  if (f.from) add('u.created_at >= ?::timestamptz', f.from);
  if (f.to) add('u.created_at < ?::timestamptz', f.to);
  const { rows } = await q.query<CustomerExportRow>(
    `SELECT u.uuid::text AS uuid, u.created_at, u.store_code, u.status, u.email, u.firstname, u.lastname, u.telephone, u.is_age_verified,
            u.created_at::text AS created_key
       FROM identity_user u ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY u.created_at, u.uuid LIMIT $1`,
    params,
  );
  return rows;
}
