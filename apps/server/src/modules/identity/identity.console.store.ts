import { CONSOLE_COUNT_CAP } from '@ember/contracts';
import type { Queryable } from '../../platform/db.js';
import { escapeLike, UUID } from '../../platform/sql.js';

/** The operator console's reads of identity_user and identity_address: the searchable list and one account. */

export interface ConsoleCustomerFilter {
  q: string | null;
  statuses: string[] | null;
  store_code: string | null;
  website_code: string | null;
  from: string | null;
  to: string | null;
  limit: number;
  offset: number;
}

export interface ConsoleCustomerRowDb {
  uuid: string;
  email: string;
  firstname: string;
  lastname: string;
  telephone: string | null;
  store_code: string;
  website_code: string;
  status: 'active' | 'deactivated' | 'cancelled';
  is_age_verified: boolean;
  created_at: Date;
}

export interface ConsoleCustomerDb extends ConsoleCustomerRowDb {
  date_of_birth: string | null;
  gender: string | null;
  email_verified_at: Date | null;
  telephone_verified_at: Date | null;
  status_reason: string | null;
  updated_at: Date;
}


const COLUMNS = `u.uuid::text AS uuid, u.email, u.firstname, u.lastname, u.telephone, u.store_code, v.website_code, u.status,
  u.is_age_verified, u.created_at`;

/**
 * One page of customers, newest first, and the number of matches. The text search reads as an
 * account uuid, a phone number (prefix, from its digits), or an e-mail prefix together with a name
 * fragment (3 characters or more), each through its own index.
 */
export async function listCustomers(db: Queryable, f: ConsoleCustomerFilter): Promise<{ rows: ConsoleCustomerRowDb[]; total: number; capped: boolean }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.q) {
    const q = f.q.trim();
    const digits = q.replace(/[\s().-]/g, '');
    if (UUID.test(q)) where.push(`u.uuid = ${p(q.toLowerCase())}::uuid`);
    else if (/^(\+|00)?[0-9]{4,15}$/.test(digits)) {
      const phone = digits.startsWith('+') ? digits : digits.startsWith('00') ? `+${digits.slice(2)}` : `+${digits}`;
      where.push(`u.telephone LIKE ${p(`${escapeLike(phone)}%`)}`);
    } else {
      const branches = [`SELECT uuid FROM identity_user WHERE email LIKE ${p(`${escapeLike(q.toLowerCase())}%`)}`];
      // Names hold neither digits nor an @; a fragment shorter than a trigram would read the whole index.
      if (q.length >= 3 && !/[0-9@]/.test(q)) {
        branches.push(`SELECT uuid FROM identity_user WHERE lower(firstname || ' ' || lastname) LIKE ${p(`%${escapeLike(q.toLowerCase().replace(/\s+/g, ' '))}%`)}`);
      }
      // The matching accounts first (each branch through its index), then their rows by primary key.
      where.push(`u.uuid = ANY(ARRAY(${branches.join(' UNION ')}))`);
    }
  }
  if (f.statuses?.length === 1) where.push(`u.status = ${p(f.statuses[0])}`);
  else if (f.statuses?.length) where.push(`u.status = ANY(${p(f.statuses)}::text[])`);
  if (f.store_code) where.push(`u.store_code = ${p(f.store_code)}`);
  if (f.website_code) where.push(`u.store_code IN (SELECT code FROM store_view WHERE website_code = ${p(f.website_code)})`);
  if (f.from) where.push(`u.created_at >= ${p(f.from)}::timestamptz`);
  if (f.to) where.push(`u.created_at < ${p(f.to)}::timestamptz`);
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // Counted on identity_user alone (an index-only scan when nothing filters); the page joins its store views.
  const [count, page] = await Promise.all([
    // Counted up to one past the cap: a list of 100,000 matches says "10,000+" instead of reading them all.
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM identity_user u ${cond} LIMIT ${CONSOLE_COUNT_CAP + 1}) c`, params),
    db.query<ConsoleCustomerRowDb>(
      `SELECT ${COLUMNS} FROM identity_user u JOIN store_view v ON v.code = u.store_code ${cond}
        ORDER BY u.created_at DESC, u.uuid DESC LIMIT ${Math.trunc(f.limit)} OFFSET ${Math.trunc(f.offset)}`,
      params,
    ),
  ]);
  const n = count.rows[0]!.n;
  return { rows: page.rows, total: Math.min(n, CONSOLE_COUNT_CAP), capped: n > CONSOLE_COUNT_CAP };
}

/** One account as the console shows it, whatever its status (a cancelled one is anonymised). */
export async function findCustomer(db: Queryable, uuid: string): Promise<ConsoleCustomerDb | null> {
  const { rows } = await db.query<ConsoleCustomerDb>(
    `SELECT ${COLUMNS}, u.date_of_birth::text AS date_of_birth, u.gender, u.email_verified_at, u.telephone_verified_at, u.status_reason, u.updated_at
       FROM identity_user u JOIN store_view v ON v.code = u.store_code WHERE u.uuid = $1::uuid`,
    [uuid],
  );
  return rows[0] ?? null;
}
