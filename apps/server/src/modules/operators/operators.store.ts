import { CONSOLE_COUNT_CAP } from '@ember/contracts';
import type { Reader, Tx } from '../../platform/transaction.js';
import type { OperatorRole } from './operators.permissions.js';
import { Conditions, escapeLike } from '../../platform/sql.js';

/** Operator accounts, sessions and the audit log: only this file runs SQL on operator_* tables. */

export interface OperatorRow {
  uuid: string;
  email: string;
  name: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  password_hash: string;
  totp_secret_sealed: string | null;
  totp_confirmed_at: Date | null;
  totp_last_step: string | null;
  created_at: Date;
  last_login_at: Date | null;
}

const OPERATOR_COLUMNS = `uuid, email, name, role, status, password_hash, totp_secret_sealed, totp_confirmed_at, totp_last_step::text, created_at, last_login_at`;

export async function insertOperator(tx: Tx, o: { uuid: string; email: string; name: string; role: OperatorRole; password_hash: string; created_by: string | null }): Promise<OperatorRow | null> {
  const { rows } = await tx.query<OperatorRow>(
    `INSERT INTO operator_account (uuid, email, name, role, password_hash, created_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (email) DO NOTHING RETURNING ${OPERATOR_COLUMNS}`,
    [o.uuid, o.email, o.name, o.role, o.password_hash, o.created_by],
  );
  return rows[0] ?? null;
}

export async function operatorByEmail(q: Reader, email: string): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operator_account WHERE email = $1`, [email]);
  return rows[0] ?? null;
}

export async function operatorByUuid(q: Reader, uuid: string, lock = false): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operator_account WHERE uuid = $1${lock ? ' FOR UPDATE' : ''}`, [uuid]);
  return rows[0] ?? null;
}

export async function listOperators(q: Reader): Promise<OperatorRow[]> {
  const { rows } = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operator_account ORDER BY created_at, email`);
  return rows;
}

export async function countActiveOwners(q: Reader): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM operator_account WHERE role = 'owner' AND status = 'active'`);
  return rows[0]!.n;
}

export async function updateOperator(tx: Tx, uuid: string, change: { role?: OperatorRole; status?: 'active' | 'disabled'; resetTotp?: boolean }): Promise<OperatorRow> {
  const { rows } = await tx.query<OperatorRow>(
    `UPDATE operator_account SET role = COALESCE($2, role), status = COALESCE($3, status),
            totp_secret_sealed = CASE WHEN $4 THEN NULL ELSE totp_secret_sealed END,
            totp_confirmed_at = CASE WHEN $4 THEN NULL ELSE totp_confirmed_at END,
            totp_last_step = CASE WHEN $4 THEN NULL ELSE totp_last_step END,
            updated_at = now()
      WHERE uuid = $1 RETURNING ${OPERATOR_COLUMNS}`,
    [uuid, change.role ?? null, change.status ?? null, change.resetTotp === true],
  );
  return rows[0]!;
}

export async function setTotpSecret(tx: Tx, uuid: string, sealed: string): Promise<void> {
  await tx.query(`UPDATE operator_account SET totp_secret_sealed = $2, updated_at = now() WHERE uuid = $1 AND totp_confirmed_at IS NULL`, [uuid, sealed]);
}

/**
 * Takes a TOTP time step for the operator: only a step later than the last accepted one, so a code
 * is good once even when two requests bring it at the same time. Confirms the enrolment on first use.
 */
export async function takeTotpStep(tx: Tx, uuid: string, step: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE operator_account SET totp_last_step = $2, totp_confirmed_at = COALESCE(totp_confirmed_at, now()), last_login_at = now(), updated_at = now()
      WHERE uuid = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`,
    [uuid, step],
  );
  return (rowCount ?? 0) === 1;
}

export interface SessionRow {
  operator_uuid: string;
  stage: 'password' | 'full';
  csrf_hash: Buffer;
  totp_failures: number;
  last_seen_at: Date;
  expires_at: Date;
}

export async function insertSession(tx: Tx, s: { tokenHash: Buffer; operatorUuid: string; stage: 'password' | 'full'; csrfHash: Buffer; expiresAt: Date }): Promise<void> {
  await tx.query(
    `INSERT INTO operator_session (token_hash, operator_uuid, stage, csrf_hash, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [s.tokenHash, s.operatorUuid, s.stage, s.csrfHash, s.expiresAt],
  );
}

/**
 * The live session of a token, touched (its idle clock starts again) in the same statement; null
 * when it is unknown, past its absolute end, idle longer than `idleSeconds`, or its operator is disabled.
 */
export async function touchSession(q: Reader, tokenHash: Buffer, idleSeconds: number): Promise<(SessionRow & { operator: OperatorRow }) | null> {
  const { rows } = await q.query<SessionRow & { o: OperatorRow }>(
    `WITH s AS (
       UPDATE operator_session SET last_seen_at = now()
        WHERE token_hash = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(secs => $2)
        RETURNING operator_uuid, stage, csrf_hash, totp_failures, last_seen_at, expires_at)
     SELECT s.*, to_jsonb(o) - 'password_hash' - 'totp_secret_sealed' AS o
       FROM s JOIN operator_account o ON o.uuid = s.operator_uuid AND o.status = 'active'`,
    [tokenHash, idleSeconds],
  );
  const row = rows[0];
  if (!row) return null;
  const o = row.o;
  return {
    ...row,
    operator: { ...o, password_hash: '', totp_secret_sealed: null, created_at: new Date(o.created_at), last_login_at: o.last_login_at ? new Date(o.last_login_at) : null, totp_confirmed_at: o.totp_confirmed_at ? new Date(o.totp_confirmed_at) : null },
  };
}

export async function promoteSession(tx: Tx, tokenHash: Buffer, csrfHash: Buffer, expiresAt: Date): Promise<void> {
  await tx.query(`UPDATE operator_session SET stage = 'full', csrf_hash = $2, expires_at = $3, last_seen_at = now() WHERE token_hash = $1`, [tokenHash, csrfHash, expiresAt]);
}

/** Counts a wrong second-factor code on a session; answers the failures so far. */
export async function countTotpFailure(tx: Tx, tokenHash: Buffer): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`UPDATE operator_session SET totp_failures = totp_failures + 1 WHERE token_hash = $1 RETURNING totp_failures AS n`, [tokenHash]);
  return rows[0]?.n ?? 0;
}

export async function deleteSession(tx: Tx, tokenHash: Buffer): Promise<void> {
  await tx.query(`DELETE FROM operator_session WHERE token_hash = $1`, [tokenHash]);
}

export async function deleteSessionsOf(tx: Tx, operatorUuid: string): Promise<void> {
  await tx.query(`DELETE FROM operator_session WHERE operator_uuid = $1`, [operatorUuid]);
}

export async function deleteExpiredSessions(tx: Tx, idleSeconds: number): Promise<number> {
  const { rowCount } = await tx.query(`DELETE FROM operator_session WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(secs => $1)`, [idleSeconds]);
  return rowCount ?? 0;
}

export interface AuditInsert {
  actor_kind: 'operator' | 'token' | 'system';
  operator_uuid: string | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  request_id: string | null;
}

export async function insertAudit(tx: Tx, a: AuditInsert): Promise<void> {
  await tx.query(
    `INSERT INTO operator_audit (actor_kind, operator_uuid, actor_label, action, entity_type, entity_id, before, after, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
    [a.actor_kind, a.operator_uuid, a.actor_label, a.action, a.entity_type, a.entity_id,
      a.before === undefined ? null : JSON.stringify(a.before), a.after === undefined ? null : JSON.stringify(a.after), a.request_id],
  );
}

export interface AuditRow {
  id: string;
  at: Date;
  actor_kind: 'operator' | 'token' | 'system';
  operator_uuid: string | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  request_id: string | null;
}

export interface AuditFilter {
  q?: string; action?: string; entity_type?: string; entity_id?: string; operator?: string; from?: string; to?: string;
  limit: number; offset: number;
}

/** A page of the audit log, newest first, with the count of its matches up to the console's cap. */
export async function searchAudit(q: Reader, f: AuditFilter): Promise<{ rows: AuditRow[]; total: number; capped: boolean }> {
  const c = new Conditions();
  if (f.action) c.and(f.action.includes('.') ? `action = ${c.p(f.action)}` : `action LIKE ${c.p(`${escapeLike(f.action)}.%`)}`);
  if (f.entity_type) c.and(`entity_type = ${c.p(f.entity_type)}`);
  if (f.entity_id) c.and(`entity_id = ${c.p(f.entity_id)}`);
  if (f.operator) c.and(`operator_uuid = ${c.p(f.operator)}`);
  if (f.from) c.and(`at >= ${c.p(f.from)}::timestamptz`);
  if (f.to) c.and(`at < ${c.p(f.to)}::timestamptz`);
  // Free text: a record's id (order number, sku, uuid), an operator's e-mail or an action.
  if (f.q) {
    const text = c.p(f.q);
    c.and(`(entity_id = ${text} OR actor_label = lower(${text}) OR action = ${text})`);
  }
  // The log only grows: its matches are counted up to one past the cap, as the other console lists are.
  const [page, counted] = await Promise.all([
    q.query<AuditRow>(
      `SELECT id::text, at, actor_kind, operator_uuid, actor_label, action, entity_type, entity_id, before, after, request_id
         FROM operator_audit ${c.where()}
        ORDER BY at DESC, id DESC LIMIT ${Math.trunc(f.limit)} OFFSET ${Math.trunc(f.offset)}`,
      c.params,
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM operator_audit ${c.where()} LIMIT ${CONSOLE_COUNT_CAP + 1}) m`, c.params),
  ]);
  const n = counted.rows[0]!.n;
  return { rows: page.rows, total: Math.min(n, CONSOLE_COUNT_CAP), capped: n > CONSOLE_COUNT_CAP };
}
