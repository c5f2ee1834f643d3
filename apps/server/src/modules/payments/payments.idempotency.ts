import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import { isPhrase, phrase, type Phrase } from '../../platform/messages.js';
import type { ErrorCode } from '@ember/contracts';
import { hashCartId } from './payments.cart-hash.js';
import * as store from './payments.idempotency.store.js';
import type { IdempotentOperation } from './payments.idempotency.store.js';

export type { IdempotentOperation } from './payments.idempotency.store.js';

/** How long the first answer to a key is kept and replayed (Stripe keeps keys at least 24 hours). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;

/** The request the key belongs to: who asks (their credential), what, and with which parameters. */
export interface IdempotentRequest {
  /** From `idempotencyScope`: a customer's uuid or the hash of a guest's cart credential. */
  scope: string;
  operation: IdempotentOperation;
  /** The Idempotency-Key header as it came (undefined when absent). */
  key: string | string[] | undefined;
  /** Everything that makes the request what it is; the same key with other parameters is refused. */
  params: unknown;
}

/** What is kept of an answer: the result, or the refusal (code and words) a retry gets again. */
type StoredBody<T> = { result: T } | { error: { code: ErrorCode; message: string; phrase: Phrase | null; details: unknown } };

/** Who a key belongs to: a signed-in customer, else the guest's cart credential (never the raw cart id). */
export function idempotencyScope(owner: { customerUuid: string | null; cartId: string | null }): string {
  if (owner.customerUuid) return `customer:${owner.customerUuid.toLowerCase()}`;
  return `cart:${hashCartId(owner.cartId ?? '')}`;
}

/** A stable hash of parameters: object keys sorted, so the order the client wrote them in does not matter. */
export function requestHash(params: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    return v ?? null;
  };
  return createHash('sha256').update(JSON.stringify(canonical(params)), 'utf8').digest('hex');
}

/**
 * The Idempotency-Key protocol (docs/decisions/0034; draft-ietf-httpapi-idempotency-key-header):
 * the first answer to a key is stored in PostgreSQL for a day and replayed; while the first request
 * runs, the same key answers 409; with other parameters 422. Keys are
 * claimed and answered in short transactions of their own, around the operation's transaction, so
 * every instance of the shop sees them.
 */
export class IdempotencyKeys {
  constructor(private readonly leaseMs: number) {}

  /**
   * Wraps one edge operation: the edge hands its database, since the key is claimed in a short
   * transaction of its own before the operation's and answered in one statement after it.
   */
  async run<T>(db: Db, req: IdempotentRequest, work: () => Promise<T>): Promise<T> {
    const key = req.key;
    // Without a key the operation runs as before; it refuses a retry itself (400), in its own transaction.
    if (key === undefined) return work();
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
      throw new AppError('VALIDATION_FAILED', phrase('idempotency.invalid'), { field: 'Idempotency-Key' });
    }
    const ref = { scope: req.scope, operation: req.operation, key };
    const hash = requestHash(req.params);
    const token = randomUUID();
    // Most keys are new: one statement claims them. Only a key already there (a retry, a request
    // still running) is read, locked, in a short transaction.
    const claimed = await store.claimFreshKey(db, ref, hash, token, IDEMPOTENCY_TTL_SECONDS);
    const found = claimed ? null : await inTransaction(db, async (tx) => {
      const row = await store.claimKey(tx, ref, hash, token, IDEMPOTENCY_TTL_SECONDS, this.leaseMs);
      if (!row) return null;
      if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', phrase('idempotency.reused'), { field: 'Idempotency-Key' });
      if (row.response_status !== null) return row;
      if (!row.stale) throw new AppError('IDEMPOTENCY_KEY_IN_USE', phrase('idempotency.inUse'), { retry_after_s: 1 });
      // The request holding the key stopped answering (its process died): this one runs it again,
      // which the operations allow (a cart makes one order; an attempt shares its payment).
      await store.takeOver(tx, ref, token);
      return null;
    });
    if (found) return replay<T>(found.response_body as StoredBody<T>);

    let result: T;
    try {
      result = await work();
    } catch (err) {
      // A refusal is an answer (a retry gets it again); a failure that may pass (busy, rate-limited, a bug) lets the key go.
      if (err instanceof AppError && err.status < 500 && err.code !== 'RATE_LIMITED') {
        const body: StoredBody<T> = { error: { code: err.code, message: err.message, phrase: err.phrase, details: err.details ?? null } };
        await store.storeAnswer(db, ref, token, err.status, body);
      } else {
        await store.releaseKey(db, ref, token).catch(() => undefined);
      }
      throw err;
    }
    await store.storeAnswer(db, ref, token, 200, { result } satisfies StoredBody<T>);
    return result;
  }

  /** Removes keys past their day. */
  prune(db: Db, limit = 500): Promise<number> {
    return store.pruneExpired(db, limit);
  }
}

function replay<T>(body: StoredBody<T>): T {
  if ('result' in body) return body.result;
  const e = body.error;
  throw new AppError(e.code, isPhrase(e.phrase) ? e.phrase : e.message, e.details ?? undefined);
}
