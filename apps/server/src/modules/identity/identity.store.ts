import type { PostalAddress } from '@ember/contracts';
import type { Queryable, Tx } from '../../platform/db.js';

export interface UserRow {
  uuid: string;
  email: string;
  email_verified_at: Date | null;
  pending_email: string | null;
  firstname: string;
  lastname: string;
  date_of_birth: string | null;
  telephone: string | null;
  gender: string | null;
  store_code: string;
  status: 'active' | 'deactivated' | 'cancelled';
  is_age_verified: boolean;
  allow_date_of_birth_update: boolean;
  /** False once an age verification whose method binds names confirmed them. */
  allow_name_update: boolean;
}

export interface AddressRow {
  id: number;
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string | null;
  country_code: string;
  region: string | null;
  telephone: string | null;
  is_default_billing: boolean;
  is_default_shipping: boolean;
  is_subscription: boolean;
}

const USER_COLUMNS = `uuid, email, email_verified_at, pending_email, firstname, lastname,
  to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, telephone, gender, store_code, status,
  is_age_verified, allow_date_of_birth_update, allow_name_update`;

export async function insertUser(
  tx: Tx,
  u: { uuid: string; email: string; firstname: string; lastname: string; date_of_birth: string; telephone: string | null; gender: string | null; store_code: string },
  passwordHash: string,
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO identity_user (uuid, email, firstname, lastname, date_of_birth, telephone, gender, store_code)
     VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8)
     ON CONFLICT (email) WHERE status <> 'cancelled' DO NOTHING`,
    [u.uuid, u.email, u.firstname, u.lastname, u.date_of_birth, u.telephone, u.gender, u.store_code],
  );
  if (inserted.rowCount === 0) return false;
  await tx.query('INSERT INTO identity_credential (user_uuid, password_hash) VALUES ($1, $2)', [u.uuid, passwordHash]);
  return true;
}

export async function findLoginByEmail(db: Queryable, email: string) {
  const { rows } = await db.query<{ uuid: string; status: string; password_hash: string }>(
    `SELECT u.uuid, u.status, c.password_hash FROM identity_user u JOIN identity_credential c ON c.user_uuid = u.uuid
      WHERE u.email = $1 AND u.status <> 'cancelled'`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUser(db: Queryable, uuid: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity_user WHERE uuid = $1`, [uuid]);
  return rows[0] ?? null;
}

/** The user row locked for the rest of the transaction (a profile change against a verification finishing). */
export async function lockUser(tx: Tx, uuid: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity_user WHERE uuid = $1 FOR UPDATE`, [uuid]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity_user WHERE email = $1 AND status <> 'cancelled'`, [email]);
  return rows[0] ?? null;
}

export async function updateUser(tx: Tx, uuid: string, patch: { firstname?: string; lastname?: string; date_of_birth?: string; gender?: string }): Promise<void> {
  await tx.query(
    `UPDATE identity_user SET
       firstname = COALESCE($2, firstname), lastname = COALESCE($3, lastname),
       date_of_birth = COALESCE($4::date, date_of_birth), gender = COALESCE($5, gender), updated_at = now()
     WHERE uuid = $1`,
    [uuid, patch.firstname ?? null, patch.lastname ?? null, patch.date_of_birth ?? null, patch.gender ?? null],
  );
}

export async function findPasswordHash(db: Queryable, uuid: string): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM identity_credential WHERE user_uuid = $1', [uuid]);
  return rows[0]?.password_hash ?? null;
}

export async function setPasswordHash(tx: Tx, uuid: string, hash: string): Promise<void> {
  await tx.query('UPDATE identity_credential SET password_hash = $2, changed_at = now() WHERE user_uuid = $1', [uuid, hash]);
}

// --- sessions -------------------------------------------------------------------------------

/** Swaps a hash for a stronger one of the same password, only if no password change happened in between. */
export async function replacePasswordHash(tx: Tx, uuid: string, previous: string, next: string): Promise<void> {
  await tx.query('UPDATE identity_credential SET password_hash = $3 WHERE user_uuid = $1 AND password_hash = $2', [uuid, previous, next]);
}

export async function insertSession(tx: Tx, s: { id: string; user_uuid: string; token_hash: string; expires_at: Date; ip: string; user_agent: string | null }) {
  await tx.query(
    'INSERT INTO identity_session (id, user_uuid, token_hash, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6)',
    [s.id, s.user_uuid, s.token_hash, s.expires_at, s.ip, s.user_agent],
  );
}

/**
 * Uses the live session of a token hash: not revoked, not past its absolute expiry, not idle longer
 * than `idleSeconds`, and its user active. One statement on every request: its last use moves to now
 * only once it is older than `touchSeconds`, so a busy session costs one write every few minutes
 * rather than one per request. The update re-checks the row's own last use, so concurrent requests
 * of one session write it once.
 */
export async function useLiveSession(db: Queryable, tokenHash: string, idleSeconds: number, touchSeconds: number) {
  const { rows } = await db.query<{ id: string; user_uuid: string; expires_at: Date }>(
    `WITH live AS (
       SELECT s.id, s.user_uuid, s.expires_at FROM identity_session s JOIN identity_user u ON u.uuid = s.user_uuid
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND s.last_used_at > now() - make_interval(secs => $2) AND u.status = 'active'
     ), touched AS (
       UPDATE identity_session s SET last_used_at = now() FROM live
        WHERE s.id = live.id AND s.last_used_at < now() - make_interval(secs => $3)
     )
     SELECT id, user_uuid, expires_at FROM live`,
    [tokenHash, idleSeconds, touchSeconds],
  );
  return rows[0] ?? null;
}

export async function revokeSession(tx: Tx, tokenHash: string): Promise<void> {
  await tx.query('UPDATE identity_session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** Ends every session of a user except, optionally, one. */
export async function revokeUserSessions(tx: Tx, uuid: string, exceptId?: string): Promise<void> {
  await tx.query(
    'UPDATE identity_session SET revoked_at = now() WHERE user_uuid = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)',
    [uuid, exceptId ?? null],
  );
}

// --- password resets ------------------------------------------------------------------------

export async function insertPasswordReset(tx: Tx, tokenHash: string, uuid: string, expiresAt: Date): Promise<void> {
  await tx.query('INSERT INTO identity_password_reset (token_hash, user_uuid, expires_at) VALUES ($1, $2, $3)', [tokenHash, uuid, expiresAt]);
}

/** Retires every unused reset token of an account: a newer request, or a completed reset, supersedes them. */
export async function retirePasswordResets(tx: Tx, uuid: string): Promise<void> {
  await tx.query('DELETE FROM identity_password_reset WHERE user_uuid = $1 AND used_at IS NULL', [uuid]);
}

/** Marks a reset token used and returns its user, only if it was unused and unexpired (single use under races). */
export async function consumePasswordReset(tx: Tx, tokenHash: string): Promise<string | null> {
  const { rows } = await tx.query<{ user_uuid: string }>(
    `UPDATE identity_password_reset SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_uuid`,
    [tokenHash],
  );
  return rows[0]?.user_uuid ?? null;
}

// --- addresses ------------------------------------------------------------------------------

const ADDRESS_COLUMNS = 'id, firstname, lastname, street, city, postcode, country_code, region, telephone, is_default_billing, is_default_shipping, is_subscription';

export async function listAddresses(db: Queryable, uuid: string): Promise<AddressRow[]> {
  const { rows } = await db.query<AddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM identity_address WHERE user_uuid = $1 ORDER BY id`, [uuid]);
  return rows;
}

/** Flags the one address-book entry a subscription delivers to (spec §3 `isSubscription`), or none. */
export async function flagSubscriptionAddress(tx: Tx, uuid: string, id: number | null): Promise<void> {
  await tx.query(
    'UPDATE identity_address SET is_subscription = (id IS NOT DISTINCT FROM $2::int) WHERE user_uuid = $1 AND is_subscription <> (id IS NOT DISTINCT FROM $2::int)',
    [uuid, id],
  );
}

/** The postal Address (packages/contracts) an address-book entry is written with. */
export type AddressValues = PostalAddress;

export async function insertAddress(tx: Tx, uuid: string, a: AddressValues): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO identity_address (user_uuid, firstname, lastname, street, city, postcode, country_code, region, telephone)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9) RETURNING id`,
    [uuid, a.firstname, a.lastname, a.street, a.city, a.postcode, a.country_code, a.region, a.telephone],
  );
  return rows[0]!.id;
}

/** Updates an address only if it belongs to the user; false when it does not. */
export async function updateAddress(tx: Tx, uuid: string, id: number, a: AddressValues): Promise<boolean> {
  const r = await tx.query(
    `UPDATE identity_address SET firstname = $3, lastname = $4, street = $5::text[], city = $6, postcode = $7,
            country_code = $8, region = $9, telephone = $10, updated_at = now()
      WHERE user_uuid = $1 AND id = $2`,
    [uuid, id, a.firstname, a.lastname, a.street, a.city, a.postcode, a.country_code, a.region, a.telephone],
  );
  return r.rowCount > 0;
}

export async function deleteAddress(tx: Tx, uuid: string, id: number): Promise<boolean> {
  return (await tx.query('DELETE FROM identity_address WHERE user_uuid = $1 AND id = $2', [uuid, id])).rowCount > 0;
}

/** Makes one of the user's addresses the default of a kind; clears the old default first (partial unique index). */
export async function setDefaultAddress(tx: Tx, uuid: string, id: number, kind: 'billing' | 'shipping'): Promise<boolean> {
  const column = kind === 'billing' ? 'is_default_billing' : 'is_default_shipping';
  // One round trip: the old default is unset (deferred, so it is written just before) and the new one
  // set, in that order, since one default per customer is a unique index. An address that is not the
  // customer's changes nothing and answers false; the caller then fails its transaction, which
  // undoes the unset with it.
  tx.defer(`UPDATE identity_address SET ${column} = false WHERE user_uuid = $1 AND ${column} AND id <> $2`, [uuid, id]);
  const set = await tx.query(`UPDATE identity_address SET ${column} = true WHERE user_uuid = $1 AND id = $2`, [uuid, id]);
  return set.rowCount > 0;
}

export async function listCustomAttributes(db: Queryable, uuid: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ code: string; value: string }>('SELECT code, value FROM identity_custom_attribute WHERE user_uuid = $1 ORDER BY code', [uuid]);
  return Object.fromEntries(rows.map((r) => [r.code, r.value]));
}

// --- account end of life ----------------------------------------------------------------------

/** Replaces every personal field of a cancelled account; the uuid stays for records the law keeps (orders). */
export async function anonymiseUser(tx: Tx, uuid: string): Promise<void> {
  await tx.query('DELETE FROM identity_registration_attempt WHERE email = (SELECT email FROM identity_user WHERE uuid = $1)', [uuid]);
  await tx.query(
    `UPDATE identity_user SET email = 'erased+' || uuid::text || '@invalid', pending_email = NULL, firstname = 'Erased',
            lastname = 'Erased', date_of_birth = NULL, telephone = NULL, gender = NULL, status = 'cancelled',
            status_reason = 'cancelled by customer', email_verified_at = NULL, telephone_verified_at = NULL, updated_at = now()
      WHERE uuid = $1`,
    [uuid],
  );
  await tx.query('DELETE FROM identity_address WHERE user_uuid = $1', [uuid]);
  await tx.query('DELETE FROM identity_custom_attribute WHERE user_uuid = $1', [uuid]);
  await tx.query('DELETE FROM identity_credential WHERE user_uuid = $1', [uuid]);
  await tx.query('DELETE FROM identity_password_reset WHERE user_uuid = $1', [uuid]);
  await revokePromoCodes(tx, uuid);
  await tx.query('UPDATE identity_session SET revoked_at = COALESCE(revoked_at, now()), ip = NULL, user_agent = NULL WHERE user_uuid = $1', [uuid]);
}

/** Moves an account that is not cancelled to active or deactivated; false when there is no such account. */
export async function setUserActive(tx: Tx, uuid: string, active: boolean, reason: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE identity_user SET status = $2, status_reason = $3, updated_at = now() WHERE uuid = $1 AND status <> 'cancelled' RETURNING uuid`,
    [uuid, active ? 'active' : 'deactivated', active ? null : reason],
  );
  return rows.length > 0;
}

export async function setUserStatus(tx: Tx, uuid: string, status: 'deactivated', reason: string): Promise<void> {
  await tx.query('UPDATE identity_user SET status = $2, status_reason = $3, updated_at = now() WHERE uuid = $1', [uuid, status, reason]);
}

export async function listSessions(db: Queryable, uuid: string) {
  const { rows } = await db.query<{ created_at: Date; expires_at: Date; revoked_at: Date | null; ip: string | null; user_agent: string | null }>(
    'SELECT created_at, expires_at, revoked_at, ip, user_agent FROM identity_session WHERE user_uuid = $1 ORDER BY created_at',
    [uuid],
  );
  return rows;
}

// --- contact changes ------------------------------------------------------------------------

export async function setPendingEmail(tx: Tx, uuid: string, email: string): Promise<void> {
  await tx.query('UPDATE identity_user SET pending_email = $2, updated_at = now() WHERE uuid = $1', [uuid, email]);
}

/** Moves the pending e-mail into place; false when there is none or it is not the one verified. */
export async function confirmPendingEmail(tx: Tx, uuid: string, email: string): Promise<boolean> {
  const r = await tx.query(
    `UPDATE identity_user SET email = pending_email, pending_email = NULL, email_verified_at = now(), updated_at = now()
      WHERE uuid = $1 AND pending_email = $2 AND status = 'active'`,
    [uuid, email],
  );
  return r.rowCount > 0;
}

export async function setVerifiedTelephone(tx: Tx, uuid: string, telephone: string): Promise<void> {
  await tx.query('UPDATE identity_user SET telephone = $2, telephone_verified_at = now(), updated_at = now() WHERE uuid = $1', [uuid, telephone]);
}

export async function findPendingEmail(db: Queryable, uuid: string): Promise<string | null> {
  const { rows } = await db.query<{ pending_email: string | null }>('SELECT pending_email FROM identity_user WHERE uuid = $1', [uuid]);
  return rows[0]?.pending_email ?? null;
}

/** Whether the account's telephone is this number and was verified by code. */
/** The account's e-mail and its telephone when verified, for telling whether two accounts are one person. */
export async function findContact(db: Queryable, uuid: string): Promise<{ email: string; verified_telephone: string | null } | null> {
  const { rows } = await db.query<{ email: string; verified_telephone: string | null }>(
    `SELECT email, CASE WHEN telephone_verified_at IS NOT NULL THEN telephone END AS verified_telephone FROM identity_user WHERE uuid = $1`,
    [uuid],
  );
  return rows[0] ?? null;
}

export async function hasVerifiedTelephone(db: Queryable, uuid: string, telephone: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM identity_user WHERE uuid = $1 AND telephone = $2 AND telephone_verified_at IS NOT NULL', [uuid, telephone]);
  return r.rowCount > 0;
}

/** The address of an active account still waiting for its registration code (pending e-mail equals the account's own). */
export async function findPendingRegistrationEmail(db: Queryable, uuid: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT email FROM identity_user WHERE uuid = $1 AND status = 'active' AND pending_email = email`,
    [uuid],
  );
  return rows[0]?.email ?? null;
}

/** Remembers a registration of a taken address under the uuid it answered with; rows older than a day go. */
export async function insertRegistrationAttempt(tx: Tx, uuid: string, email: string): Promise<void> {
  await tx.query(`DELETE FROM identity_registration_attempt WHERE created_at < now() - interval '1 day'`);
  await tx.query('INSERT INTO identity_registration_attempt (uuid, email) VALUES ($1, $2)', [uuid, email]);
}

/** The taken address a registration attempt of the last day was made for. */
export async function findRegistrationAttemptEmail(db: Queryable, uuid: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT email FROM identity_registration_attempt WHERE uuid = $1 AND created_at > now() - interval '1 day'`,
    [uuid],
  );
  return rows[0]?.email ?? null;
}

/** Whether an active account already uses (or is verifying) this e-mail, or uses this phone. */
export async function isContactTaken(db: Queryable, value: string, exceptUuid?: string): Promise<boolean> {
  const r = await db.query(
    `SELECT 1 FROM identity_user WHERE status <> 'cancelled' AND (email = $1 OR pending_email = $1 OR telephone = $1)
        AND ($2::uuid IS NULL OR uuid <> $2::uuid) LIMIT 1`,
    [value, exceptUuid ?? null],
  );
  return r.rowCount > 0;
}

export async function upsertCustomAttributes(tx: Tx, uuid: string, values: { code: string; value: string }[]): Promise<void> {
  for (const { code, value } of values) {
    if (value === '') await tx.query('DELETE FROM identity_custom_attribute WHERE user_uuid = $1 AND code = $2', [uuid, code]);
    else {
      await tx.query(
        `INSERT INTO identity_custom_attribute (user_uuid, code, value) VALUES ($1, $2, $3)
         ON CONFLICT (user_uuid, code) DO UPDATE SET value = EXCLUDED.value`,
        [uuid, code, value],
      );
    }
  }
}

// --- personal promo codes -------------------------------------------------------------------

export interface PromoCodeRow { code: string; created_at: Date; expires_at: Date }

export async function findLivePromoCode(db: Queryable, uuid: string): Promise<PromoCodeRow | null> {
  const { rows } = await db.query<PromoCodeRow>(
    'SELECT code, created_at, expires_at FROM identity_promo_code WHERE user_uuid = $1 AND revoked_at IS NULL AND expires_at > now()',
    [uuid],
  );
  return rows[0] ?? null;
}

/** Inserts a code unless the customer already has a live one; expired ones are retired first. */
export async function insertPromoCode(tx: Tx, uuid: string, code: string, expiresAt: Date): Promise<boolean> {
  await tx.query('UPDATE identity_promo_code SET revoked_at = now() WHERE user_uuid = $1 AND revoked_at IS NULL AND expires_at <= now()', [uuid]);
  const r = await tx.query(
    'INSERT INTO identity_promo_code (code, user_uuid, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [code, uuid, expiresAt],
  );
  return r.rowCount > 0;
}

export async function promoCodesForExport(db: Queryable, uuid: string) {
  const { rows } = await db.query<Record<string, unknown>>(
    'SELECT code, created_at, expires_at, revoked_at FROM identity_promo_code WHERE user_uuid = $1 ORDER BY created_at', [uuid],
  );
  return rows;
}

export async function revokePromoCodes(tx: Tx, uuid: string): Promise<void> {
  await tx.query('UPDATE identity_promo_code SET revoked_at = now() WHERE user_uuid = $1 AND revoked_at IS NULL', [uuid]);
}

/** Sets the derived age flag; a database trigger refuses true unless a verified age verification exists. */
export async function setAgeVerified(tx: Tx, uuid: string, verified: boolean): Promise<void> {
  await tx.query('UPDATE identity_user SET is_age_verified = $2, updated_at = now() WHERE uuid = $1 AND is_age_verified <> $2', [uuid, verified]);
}

/** Binds the verified date of birth (and the names, when the method confirmed them) to the check that confirmed them. */
export async function lockVerifiedFacts(tx: Tx, uuid: string, facts: { date_of_birth: string; bindsNames: boolean; firstname: string; lastname: string }): Promise<void> {
  await tx.query(
    `UPDATE identity_user SET date_of_birth = $2::date, allow_date_of_birth_update = false,
            firstname = CASE WHEN $3::boolean THEN $4 ELSE firstname END, lastname = CASE WHEN $3::boolean THEN $5 ELSE lastname END,
            allow_name_update = allow_name_update AND NOT $3::boolean, updated_at = now()
      WHERE uuid = $1`,
    [uuid, facts.date_of_birth, facts.bindsNames, facts.firstname, facts.lastname],
  );
}

// --- re-authentication ----------------------------------------------------------------------

/**
 * Ends the live session a re-authentication replaces; false when it had already ended (signed out,
 * or replaced by a concurrent re-authentication: the row lock makes the second one see it revoked).
 */
export async function revokeForReauthentication(tx: Tx, sessionId: string): Promise<boolean> {
  const r = await tx.query('UPDATE identity_session SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()', [sessionId]);
  return r.rowCount > 0;
}

/** Opens the session a re-authentication hands out, marked as proven just now. */
export async function insertReauthenticatedSession(tx: Tx, s: { id: string; user_uuid: string; token_hash: string; expires_at: Date; ip: string; user_agent: string | null }) {
  await tx.query(
    `INSERT INTO identity_session (id, user_uuid, token_hash, expires_at, ip, user_agent, reauthenticated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())`,
    [s.id, s.user_uuid, s.token_hash, s.expires_at, s.ip, s.user_agent],
  );
}

/** Whether the live session was re-authenticated within the last `seconds` (the database's clock decides). */
export async function reauthenticatedWithin(db: Queryable, sessionId: string, seconds: number): Promise<boolean> {
  const r = await db.query(
    `SELECT 1 FROM identity_session WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()
        AND reauthenticated_at > now() - $2::int * interval '1 second'`,
    [sessionId, seconds],
  );
  return r.rowCount > 0;
}
