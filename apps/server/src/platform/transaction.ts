import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable, TxQueryable } from './db.js';

/**
 * The one transaction rule (docs/decisions/0035): services and stores never open a transaction.
 * They take one from their caller; only the edges (routes, resolvers, jobs, workflows, the CLI, the
 * seed) open one, and only through inTransaction below.
 */

declare const txBrand: unique symbol;

/**
 * One open transaction. Only inTransaction makes one, so TypeScript refuses the database (or any
 * other Queryable) where a service needs a transaction.
 */
export type Tx = TxQueryable & { readonly [txBrand]: true };

/** A handle for plain reads: the database outside a transaction, or the caller's transaction. */
export type Reader = Queryable;

/** The transactions inTransaction opened and has not yet ended. */
const live = new WeakSet<object>();

/** The transaction open on the current code path, per database (timers started in it inherit it). */
const current = new AsyncLocalStorage<{ db: Db; open: boolean }>();

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_TX_ATTEMPTS = 4;

export const OUTSIDE_TRANSACTION = 'A query ran outside the transaction its caller holds; pass the transaction down instead';
export const NOT_A_TRANSACTION = 'This service needs the caller\'s transaction; open one at the edge with inTransaction and pass it down';

/** What the rollback log line carries: codes and counts, never the error's message or the data. */
export interface RollbackEvent {
  /** The SQLSTATE, the AppError code or the error's name. */
  code: string;
  /** Attempts made, counting the one that rolled back. */
  attempt: number;
  /** Whether another attempt follows (serialization failure or deadlock). */
  retrying: boolean;
  /** An expected refusal (AppError) rather than a fault. */
  expected: boolean;
}

let rollbackLog: (event: RollbackEvent) => void = () => undefined;

/** Where rolled-back transactions are reported; the app points it at its logger. Answers the previous one. */
export function onRollback(log: (event: RollbackEvent) => void): (event: RollbackEvent) => void {
  const previous = rollbackLog;
  rollbackLog = log;
  return previous;
}

/** An AppError, or an error that marks itself `expected` (a rehearsal that rolls back on purpose). */
function errorCode(err: unknown): { code: string; expected: boolean } {
  const e = err as { code?: unknown; name?: unknown; expected?: unknown };
  const expected = e?.name === 'AppError' || e?.expected === true;
  if (typeof e?.code === 'string') return { code: e.code, expected };
  return { code: typeof e?.name === 'string' ? e.name : 'unknown', expected };
}

/**
 * Refuses a query through the database while the same code path holds a transaction on it. On PGlite
 * (one connection) such a query would wait for the transaction forever; on PostgreSQL it would
 * silently run on a second connection, outside the transaction. Both fail at once, the same way.
 */
export function refuseInsideTransaction(db: Db): Error | null {
  if (!db.guarded) return null;
  const open = current.getStore();
  return open?.open && open.db === db ? new Error(OUTSIDE_TRANSACTION) : null;
}

/**
 * Runs fn in one transaction on db and commits, or rolls back everything fn did when it throws.
 * Serialization failures (40001) and deadlocks (40P01) are retried a bounded number of times with
 * backoff, so fn must be safe to run again. Every rollback is reported once, without personal data.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const refused = refuseInsideTransaction(db);
  if (refused) throw refused;
  // Tracked as a whole, so a shutdown waits for a transaction that is between two attempts too.
  return db.track(() => attempts(db, fn));
}

async function attempts<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.attempt((raw) => {
        const tx = raw as Tx;
        const state = { db, open: true };
        live.add(tx);
        return (db.guarded ? current.run(state, () => fn(tx)) : fn(tx)).finally(() => {
          state.open = false;
          live.delete(tx);
        });
      });
    } catch (err) {
      const { code, expected } = errorCode(err);
      const retrying = RETRYABLE.has(code) && attempt < MAX_TX_ATTEMPTS;
      rollbackLog({ code, attempt, retrying, expected });
      if (!retrying) throw err;
      await new Promise((r) => setTimeout(r, 5 * 2 ** attempt + Math.random() * 10));
    }
  }
}

/**
 * Refuses at once, with an internal error, a handle that is not an open transaction where a service
 * needs one (a caller passing the database past the type check, or a transaction that has ended).
 */
export function requireTx(handle: Queryable): asserts handle is Tx {
  if (!live.has(handle)) throw new Error(NOT_A_TRANSACTION);
}

/**
 * Opens one transaction per call on the edge's database. A service whose work is several
 * transactions by design (a sweep that claims one row per transaction, a provider call between two
 * writes) takes one of these from its edge instead of holding the database.
 */
export type Transactions = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** The Transactions an edge hands to such a service. */
export function transactionsOn(db: Db): Transactions {
  return (fn) => inTransaction(db, fn);
}
