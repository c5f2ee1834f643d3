import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuditQuery, Operator, OperatorCreateBody, OperatorSession } from '@ember/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import { isAdminToken } from '../../platform/admin.js';
import { AppError } from '../../platform/errors.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import { decoyHash, hashPassword, verifyPassword } from '../identity/identity.crypto.js';
import { PERMISSIONS, permissionsOf, type AuditEntry, type OperatorActor, type Permission } from './operators.permissions.js';
import * as store from './operators.store.js';

export interface OperatorsOptions {
  /** Where `authorize` reads sessions from (one statement, outside any transaction). */
  db: Reader;
  /** The scripts' bearer token (ADMIN_TOKEN), if configured. */
  adminToken?: string;
  /** The session cookie's name (`__Host-ember_operator` on https). */
  cookieName: string;
  /** Key the TOTP secrets are sealed with (any length; its SHA-256 is the AES-256 key). */
  totpKey: string;
  /** The issuer authenticator apps show beside the account. */
  issuer: string;
  /** Seconds a session lives without a request. */
  idleSeconds: number;
  /** Seconds a session lives at most, however busy. */
  absoluteSeconds: number;
  /** Seconds the password step waits for its second factor. */
  secondFactorSeconds: number;
}

/** What a request's operator credential turned out to be. */
export interface SessionState {
  /** The cookie's token itself (never stored; the CSRF token is made from it). */
  token: string;
  tokenHash: Buffer;
  stage: 'password' | 'full';
  csrfHash: Buffer;
  operator: store.OperatorRow;
}

/** Wrong second-factor codes a session may send before it is dropped (and the password is asked again). */
export const TOTP_FAILURES_PER_SESSION = 5;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Operators of the console (docs/decisions/0076): accounts with Argon2id passwords and a mandatory
 * TOTP second factor, sessions in two stages, the role's permissions, and the append-only audit log
 * every change at /admin writes in its own transaction.
 */
export class OperatorsService {
  private readonly key: Buffer;

  constructor(private readonly opts: OperatorsOptions) {
    this.key = sha256(opts.totpKey);
  }

  get idleSeconds(): number {
    return this.opts.idleSeconds;
  }

  get cookieName(): string {
    return this.opts.cookieName;
  }

  /**
   * Who may act on an /admin request, for one permission: a bearer ADMIN_TOKEN (a script: every
   * permission), else the whole operator session of the cookie, whose CSRF token a change must
   * carry in `X-CSRF-Token`. Any other bearer (a customer's token) reaches nothing: 401, as does a
   * session still waiting for its second factor; a role without the permission is 403.
   */
  async authorize(request: FastifyRequest, permission: Permission): Promise<OperatorActor> {
    const actor = await this.authenticate(request);
    if (!actor.permissions.has(permission)) throw new AppError('PERMISSION_DENIED', 'Your role does not allow this');
    return actor;
  }

  /**
   * Who the request's credential is, whatever it asks for: what the `/admin` scope checks before a
   * body or query is even read (so a stranger learns nothing of the routes' schemas), and what
   * `authorize` then judges. Worked out once per request.
   */
  async authenticate(request: FastifyRequest): Promise<OperatorActor> {
    const known = this.actors.get(request);
    if (known) return known;
    const actor = await this.authenticateAnew(request);
    this.actors.set(request, actor);
    return actor;
  }

  private readonly actors = new WeakMap<FastifyRequest, OperatorActor>();

  private async authenticateAnew(request: FastifyRequest): Promise<OperatorActor> {
    const auth = request.headers.authorization;
    if (auth !== undefined) {
      const presented = auth.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
      if (this.opts.adminToken && isAdminToken(presented, this.opts.adminToken)) return this.tokenActor;
      throw new AppError('UNAUTHORISED', 'Operator credential missing or wrong');
    }
    const state = await this.fromRequest(request);
    if (!state || state.stage !== 'full') throw new AppError('UNAUTHORISED', 'Sign in to the console');
    if (!SAFE_METHODS.has(request.method) && !this.csrfMatches(state, headerValue(request.headers['x-csrf-token']))) {
      throw new AppError('PERMISSION_DENIED', 'The request lacks the console\'s CSRF token');
    }
    return this.actorOf(state.operator);
  }

  /** The session of the request's operator cookie, at any stage; null without one. */
  async fromRequest(request: FastifyRequest): Promise<SessionState | null> {
    const token = request.cookies?.[this.opts.cookieName];
    if (!token || token.length > 100) return null;
    return this.session(this.opts.db, token);
  }

  /** Adds an operator (by the CLI for the first owner, by an owner after that); a taken address is a conflict. */
  async create(tx: Tx, body: OperatorCreateBody, createdBy: string | null): Promise<Operator> {
    const row = await store.insertOperator(tx, {
      uuid: randomUUID(), email: body.email, name: body.name, role: body.role, password_hash: await hashPassword(body.password), created_by: createdBy,
    });
    if (!row) throw new AppError('ALREADY_EXISTS', 'An operator with this e-mail address exists already');
    return view(row);
  }

  async list(q: Reader): Promise<Operator[]> {
    return (await store.listOperators(q)).map(view);
  }

  /**
   * Changes an operator's role or status, or drops their authenticator (enrolled again at the next
   * sign-in). The last active owner cannot be demoted or disabled; a change ends the operator's sessions.
   */
  async update(tx: Tx, uuid: string, change: { role?: store.OperatorRow['role']; status?: 'active' | 'disabled'; reset_totp?: true }): Promise<{ before: Operator; after: Operator }> {
    const current = await store.operatorByUuid(tx, uuid, true);
    if (!current) throw new AppError('ENTITY_NOT_FOUND', 'Operator not found');
    const losesOwner = current.role === 'owner' && current.status === 'active' && ((change.role && change.role !== 'owner') || change.status === 'disabled');
    if (losesOwner && (await store.countActiveOwners(tx)) <= 1) {
      throw new AppError('OPERATION_NOT_ALLOWED', 'The last active owner cannot be demoted or disabled');
    }
    const updated = await store.updateOperator(tx, uuid, { role: change.role, status: change.status, resetTotp: change.reset_totp === true });
    await store.deleteSessionsOf(tx, uuid);
    return { before: view(current), after: view(updated) };
  }

  /**
   * The password step. A wrong address or password answers the same, after the same work (a decoy
   * hash when the address is unknown). Opens a session waiting for its second factor.
   */
  async login(tx: Tx, email: string, password: string): Promise<{ token: string; session: OperatorSession }> {
    const row = await store.operatorByEmail(tx, email);
    const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
    if (!row || !ok || row.status !== 'active') throw new AppError('UNAUTHORISED', 'The e-mail address or password is wrong');
    const token = randomBytes(32).toString('base64url');
    const csrf = this.csrfFor(token, 'password');
    await store.insertSession(tx, {
      tokenHash: sha256(token), operatorUuid: row.uuid, stage: 'password', csrfHash: sha256(csrf),
      expiresAt: new Date(Date.now() + this.opts.secondFactorSeconds * 1000),
    });
    return { token, session: this.sessionView({ stage: 'password', operator: row }, csrf) };
  }

  /** The session a token opens, touched; null when it is unknown, expired, idle too long or its operator disabled. */
  async session(q: Reader, token: string): Promise<SessionState | null> {
    const tokenHash = sha256(token);
    const row = await store.touchSession(q, tokenHash, this.opts.idleSeconds);
    if (!row) return null;
    return { token, tokenHash, stage: row.stage, csrfHash: row.csrf_hash, operator: row.operator };
  }

  /** Whether a presented CSRF token is the session's, in constant time. */
  csrfMatches(state: SessionState, presented: string | undefined): boolean {
    if (!presented || presented.length > 200) return false;
    return timingSafeEqual(sha256(presented), state.csrfHash);
  }

  /** The authenticator's set-up for an operator who has none confirmed yet: a new secret each time it is asked. */
  async enrolment(tx: Tx, state: SessionState): Promise<{ otpauth_uri: string; secret: string; qr_svg: string }> {
    if (state.operator.totp_confirmed_at) throw new AppError('OPERATION_NOT_ALLOWED', 'An authenticator is enrolled already');
    const secret = new Secret({ size: 20 });
    await store.setTotpSecret(tx, state.operator.uuid, this.seal(secret.base32));
    const totp = this.totp(secret, state.operator.email);
    const uri = totp.toString();
    const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { otpauth_uri: uri, secret: secret.base32, qr_svg: qr };
  }

  /**
   * The second step: a code of the operator's authenticator (one step either side of now), each
   * step good once. Right: the session becomes whole with a new CSRF token. Wrong: the failure is
   * counted (answered, not thrown, so the caller commits it), and the fifth drops the session.
   */
  async verifyTotp(tx: Tx, state: SessionState, code: string): Promise<{ ok: true; session: OperatorSession } | { ok: false }> {
    if (state.stage === 'full') throw new AppError('OPERATION_NOT_ALLOWED', 'The session is signed in already');
    const operator = await store.operatorByUuid(tx, state.operator.uuid, true);
    if (!operator?.totp_secret_sealed) throw new AppError('OPERATION_NOT_ALLOWED', 'Set up the authenticator first');
    const totp = this.totp(Secret.fromBase32(this.unseal(operator.totp_secret_sealed)), operator.email);
    const delta = totp.validate({ token: code, window: 1 });
    const step = delta === null ? null : totp.counter() + delta;
    if (step === null || !(await store.takeTotpStep(tx, operator.uuid, step))) {
      const failures = await store.countTotpFailure(tx, state.tokenHash);
      if (failures >= TOTP_FAILURES_PER_SESSION) await store.deleteSession(tx, state.tokenHash);
      return { ok: false };
    }
    const csrf = this.csrfFor(state.token, 'full');
    await store.promoteSession(tx, state.tokenHash, sha256(csrf), new Date(Date.now() + this.opts.absoluteSeconds * 1000));
    const signedIn = { ...operator, totp_confirmed_at: operator.totp_confirmed_at ?? new Date(), last_login_at: new Date() };
    return { ok: true, session: this.sessionView({ stage: 'full', operator: signedIn }, csrf) };
  }

  /**
   * The session's CSRF token: a keyed hash of its cookie token and stage, so every tab of the console
   * is handed the same one (by `GET /admin/session`), and the second step changes it.
   */
  csrfFor(token: string, stage: 'password' | 'full'): string {
    return createHmac('sha256', this.key).update(`csrf:${stage}:${token}`).digest('base64url');
  }

  async logout(tx: Tx, state: SessionState): Promise<void> {
    await store.deleteSession(tx, state.tokenHash);
  }

  /** The console's view of a session; the CSRF token is handed out again on every read (it is only readable same-origin). */
  sessionView(state: { stage: 'password' | 'full'; operator: store.OperatorRow }, csrf: string): OperatorSession {
    const stage = state.stage === 'full' ? 'signed_in' : state.operator.totp_confirmed_at ? 'totp' : 'enrol';
    return {
      stage,
      csrf_token: csrf,
      idle_timeout_seconds: this.opts.idleSeconds,
      operator: stage === 'signed_in' ? view(state.operator) : null,
      permissions: stage === 'signed_in' ? [...permissionsOf(state.operator.role)] : [],
    };
  }

  /** The actor of a whole session. */
  actorOf(operator: store.OperatorRow): OperatorActor {
    return { kind: 'operator', uuid: operator.uuid, label: operator.email, role: operator.role, permissions: permissionsOf(operator.role) };
  }

  /** A script holding ADMIN_TOKEN: every permission. */
  readonly tokenActor: OperatorActor = { kind: 'token', uuid: null, label: 'ADMIN_TOKEN', role: 'script', permissions: new Set<Permission>(PERMISSIONS) };

  /**
   * Writes one entry of the audit log in the change's own transaction: it stands or falls with the
   * change. Before and after pass the shared scrubber, so a secret or a personal value named by its
   * field never lands in the log.
   */
  async audit(tx: Tx, actor: OperatorActor, entry: AuditEntry, requestId?: string): Promise<void> {
    await store.insertAudit(tx, {
      actor_kind: actor.kind,
      operator_uuid: actor.uuid,
      actor_label: actor.label,
      action: entry.action,
      entity_type: entry.entity_type,
      entity_id: entry.entity_id,
      before: entry.before === undefined ? undefined : redactForAudit(entry.before),
      after: entry.after === undefined ? undefined : redactForAudit(entry.after),
      request_id: requestId ?? null,
    });
  }

  async searchAudit(q: Reader, query: AuditQuery) {
    const { rows, total, capped } = await store.searchAudit(q, { ...query, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return {
      items: rows.map((r) => ({ ...r, at: r.at.toISOString(), before: r.before ?? null, after: r.after ?? null })),
      page_info: { page: query.page, page_size: query.page_size, total, ...(capped ? { total_capped: true } : {}) },
    };
  }

  async sweepSessions(tx: Tx): Promise<number> {
    return store.deleteExpiredSessions(tx, this.opts.idleSeconds);
  }

  private totp(secret: Secret, label: string): TOTP {
    return new TOTP({ issuer: this.opts.issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret });
  }

  private seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  private unseal(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) throw new Error('Unreadable sealed TOTP secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export function view(row: store.OperatorRow): Operator {
  return {
    uuid: row.uuid,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    totp_enrolled: row.totp_confirmed_at !== null,
    created_at: new Date(row.created_at).toISOString(),
    last_login_at: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
  };
}

/**
 * Field names whose values never enter the audit log: secrets, and a person's contact and identity
 * details (the log names records by id; what a person is called or where they live is in the record).
 */
const AUDIT_WITHHELD = /password|passwd|secret|token|cvv|cvc|card|iban|e?mail|phone|telephone|mobile|firstname|lastname|middlename|fullname|street|address|postcode|^city$|birth|dob|^ip$/i;

/** A copy of a value with withheld fields replaced, at most eight levels deep. */
export function redactForAudit(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 8) return '[truncated]';
  if (Array.isArray(value)) return value.map((v) => redactForAudit(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = AUDIT_WITHHELD.test(k.replace(/[_\s-]/g, '')) ? '[withheld]' : redactForAudit(v, depth + 1);
  return out;
}
