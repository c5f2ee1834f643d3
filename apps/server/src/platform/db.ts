import { createHash } from 'node:crypto';
import { readdir, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { QueryResult } from 'pg';
import { fileURLToPath } from 'node:url';
import { inTransaction, refuseInsideTransaction } from './transaction.js';
import { bindToTrace, traceSql } from './observability/tracing.js';

export type { Reader, Tx } from './transaction.js';

/** Anything that runs SQL: the database itself or one transaction on it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

/** What a transaction runs SQL through. */
export interface TxQueryable extends Queryable {
  /**
   * Queues a write whose answer the caller does not need: it goes out with the transaction's next
   * statement or with its COMMIT, in the same write to the socket, so it costs no round trip of its
   * own. It runs before anything queued after it; when it fails, that statement (or the commit)
   * fails with its error and the transaction rolls back.
   */
  defer(sql: string, params?: unknown[]): void;
}

/** A write queued by `TxQueryable.defer`, waiting for the transaction's next statement or its COMMIT. */
type DeferredWrite = { sql: string; params?: unknown[] };

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Whether inTransaction tracks the code path's transaction, so a query through the database
   * beside it fails at once (platform/transaction.ts). Always on PGlite; on PostgreSQL as opened
   * (docs/decisions/0050).
   */
  readonly guarded: boolean;
  /**
   * Runs fn once in one transaction: BEGIN, fn, COMMIT, or ROLLBACK when fn throws. Only
   * inTransaction (platform/transaction.ts) calls it; it adds the retry policy and the guards.
   */
  attempt<T>(fn: (tx: TxQueryable) => Promise<T>): Promise<T>;
  /** Counts run as work in flight, so close() waits for it (a transaction between its retries included). */
  track<T>(run: () => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations, seeds). */
  exec(sql: string): Promise<void>;
  /**
   * Hears NOTIFY on a channel: `onMessage` gets each payload; `onGap` is called when messages may
   * have been missed (the listening connection was lost and is back). Answers a function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** What the metrics read (platform/observability/metrics.ts): work in flight and, on PostgreSQL, the pool. */
  stats?(): DbStats;
}

export interface DbStats {
  /** Operations (statements, transactions) running or waiting; on PGlite, its one connection's queue. */
  inFlight: number;
  pool?: { total: number; idle: number; waiting: number };
}

/**
 * Counts operations in flight so close() can wait for them: a request whose client already went
 * away still runs to its end during shutdown instead of meeting a closed pool.
 */
function inFlight() {
  let active = 0;
  let idle: (() => void) | null = null;
  return {
    active: () => active,
    async track<T>(run: () => Promise<T>): Promise<T> {
      active++;
      try {
        return await run();
      } finally {
        active--;
        if (active === 0) idle?.();
      }
    },
    async drained(timeoutMs: number): Promise<void> {
      if (active === 0) return;
      await new Promise<void>((resolve) => {
        idle = resolve;
        setTimeout(resolve, timeoutMs).unref();
      });
    },
  };
}

/** The most distinct statements kept prepared on each connection; the rest run unnamed. */
const MAX_PREPARED = 1000;

/**
 * Names parameterised statements so each pooled connection parses and plans them once and then only
 * binds and executes. The name is a hash of the text, so the same statement gets the same name on
 * every connection; statements beyond MAX_PREPARED (dynamic text) stay unnamed.
 */
function statementNamer() {
  const names = new Map<string, string>();
  return (sql: string, params: unknown[] | undefined): { text: string; values?: unknown[]; name?: string } => {
    if (!params || params.length === 0) return { text: sql, values: params };
    let name = names.get(sql);
    if (!name && names.size < MAX_PREPARED) {
      name = `s${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
      names.set(sql, name);
    }
    return name ? { name, text: sql, values: params } : { text: sql, values: params };
  };
}

async function openPostgres(url: string, poolSize: number, guarded: boolean): Promise<Db> {
  const { default: pg } = await import('pg');
  const statement = statementNamer();
  // Pipeline mode (node-postgres ≥ 8.20) writes a statement without waiting for the answer to the one
  // before: a transaction's BEGIN goes out with its first statement instead of as a round trip of its own.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, pipeline: true });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const flight = inFlight();
  const db: Db = {
    kind: 'postgres',
    guarded,
    query: (sql, params) => {
      // The same refusal as on PGlite: a query beside the caller's transaction would run on a second connection.
      const refused = refuseInsideTransaction(db);
      if (refused) return Promise.reject(refused);
      return flight.track(() => traceSql('postgres', sql, async () => {
        const r = await pool.query(statement(sql, params));
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      }));
    },
    async exec(sql) {
      await pool.query(sql);
    },
    track: (run) => flight.track(run),
    attempt: (fn) =>
      flight.track(async () => {
        const client = await pool.connect();
        // BEGIN is written with the transaction's first statement (see the pool); a transaction that
        // runs no statement sends nothing.
        let begun: Promise<unknown> | null = null;
        let deferred: DeferredWrite[] = [];
        const socket = (client as unknown as { connection: { stream: Writable } }).connection.stream;
        /**
         * Writes BEGIN (first time), the deferred writes and then `last` in one write to the socket
         * (corked, the stream sends them together); answers `last`'s result once all have answered.
         */
        const send = async (last: () => Promise<QueryResult>): Promise<QueryResult> => {
          const before: Promise<unknown>[] = [];
          let answer: Promise<QueryResult>;
          socket.cork();
          try {
            if (!begun) before.push((begun = client.query('BEGIN')));
            for (const d of deferred) before.push(client.query(statement(d.sql, d.params)));
            deferred = [];
            answer = last();
          } finally {
            socket.uncork();
          }
          // A failed BEGIN or deferred write fails what was sent behind it too: the first failure, in
          // the order they were sent, is the one reported.
          const settled = await Promise.allSettled([...before, answer]);
          const failed = settled.find((x) => x.status === 'rejected');
          if (failed) throw failed.reason;
          return (settled.at(-1) as PromiseFulfilledResult<QueryResult>).value;
        };
        try {
          // One connection runs one statement at a time: statements a caller starts together
          // (Promise.all) are queued here, in the order they were started.
          let queue: Promise<unknown> = Promise.resolve();
          const tx: TxQueryable = {
            query: (sql, params) => {
              const run = queue.then(() => traceSql('postgres', sql, async () => {
                const r = await send(() => client.query(statement(sql, params)));
                return { rows: r.rows, rowCount: r.rowCount ?? 0 };
              }));
              queue = run.catch(() => undefined);
              return run;
            },
            defer: (sql, params) => {
              deferred.push({ sql, params });
            },
          };
          const result = await fn(tx);
          await queue;
          if (deferred.length) await send(() => client.query('COMMIT'));
          else if (begun) await client.query('COMMIT');
          return result;
        } catch (err) {
          if (begun) await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      }),
    listen: (channel, onMessage, onGap) => listenPostgres(pg, url, channel, onMessage, onGap),
    stats: () => ({ inFlight: flight.active(), pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } }),
    close: async () => {
      await flight.drained(10_000);
      await pool.end();
    },
  };
  return db;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work). When it is lost,
 * it reconnects after a growing pause (up to 10 s) and reports the gap, since a NOTIFY sent while
 * nobody listened is gone.
 */
async function listenPostgres(
  pg: typeof import('pg').default, url: string, channel: string, onMessage: (payload: string) => void, onGap?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let pause = 250;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      setTimeout(() => void retry(), pause).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
    pause = 250;
  };
  const retry = async (): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
      onGap?.();
    } catch {
      pause = Math.min(pause * 2, 10_000);
      setTimeout(() => void retry(), pause).unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The contrib extensions the migrations create, shipped with PGlite as on a PostgreSQL server (docs/decisions/0067).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const extensions = { pg_trgm };
  const pg = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });
  await pg.waitReady;
  const wrap = (q: { query: PGliteQuery }): Queryable['query'] => (sql, params) => traceSql('pglite', sql, async () => {
    const r = await q.query(sql, params);
    // PGlite reports affectedRows 0 for SELECT: count returned rows too, as node-postgres does.
    return { rows: r.rows as never[], rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
  });
  const flight = inFlight();
  const query = wrap(pg as never);
  const db: Db = {
    kind: 'pglite',
    // One connection: a query beside the transaction would wait for it forever, so the guard stays.
    guarded: true,
    query: (sql, params) => {
      // PGlite has one connection: a query through the database while the same code path holds a
      // transaction would wait for that transaction forever. It fails at once instead, naming the bug.
      const refused = refuseInsideTransaction(db);
      if (refused) return Promise.reject(refused);
      return flight.track(() => query(sql, params));
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    track: (run) => flight.track(run),
    // PGlite runs the callback from its own queue: bound, its statements stay in the caller's trace.
    attempt: (fn) => flight.track(() => pg.transaction(bindToTrace(async (raw) => {
      const run = wrap(raw as never);
      // One connection in this process: deferred writes run, in order, before the next statement or the commit.
      const deferred: DeferredWrite[] = [];
      const flush = async () => {
        while (deferred.length) {
          const d = deferred.shift()!;
          await run(d.sql, d.params);
        }
      };
      const result = await fn({
        query: async (sql, params) => {
          await flush();
          return run(sql, params);
        },
        defer: (sql, params) => {
          deferred.push({ sql, params });
        },
      });
      await flush();
      return result;
    }))),
    // One process holds the embedded database, so its notifications never go missing.
    listen: async (channel, onMessage) => pg.listen(channel, onMessage),
    stats: () => ({ inFlight: flight.active() }),
    close: async () => {
      await flight.drained(10_000);
      await pg.close();
    },
  };
  return db;
}

type PGliteQuery = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in dataDir (in memory when
 * dataDir is undefined). `guard` (PostgreSQL only, on by default): see Db.guarded.
 */
export function openDb(opts: { url?: string; dataDir?: string; poolSize?: number; guard?: boolean }): Promise<Db> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 10, opts.guard ?? true) : openPglite(opts.dataDir);
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, '../../../../db/migrations');

/**
 * Applies forward-only migrations in file-name order, all pending ones in one transaction (when one
 * fails, none is applied). On PostgreSQL an advisory lock keeps several instances starting at once from racing.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await inTransaction(db, async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(7310001)');
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const file of files) {
      const version = file.slice(0, -4);
      if (done.has(version)) continue;
      const sql = await readFile(path.join(dir, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
  });
  return applied;
}

/** Splits a migration on semicolons that end a line, outside dollar-quoted bodies. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (line.trim().startsWith('--') && !inDollar) continue;
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    current += line + '\n';
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
