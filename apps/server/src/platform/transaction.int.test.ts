import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../test/test-app.js';
import { openDb, type Db, type Tx } from './db.js';
import { inTransaction, NOT_A_TRANSACTION, onRollback, OUTSIDE_TRANSACTION, type RollbackEvent } from './transaction.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

describe('the one transaction rule, on PGlite and on PostgreSQL alike', () => {
  it('fails a query made through the database while the same code path holds a transaction, at once, and allows it after', async () => {
    const started = Date.now();
    let later: Promise<unknown> = Promise.resolve();
    await expect(
      inTransaction(db, async (tx) => {
        await tx.query('SELECT 1');
        // A timer started here runs after the transaction ends and may use the database normally.
        later = new Promise((resolve) => setTimeout(() => resolve(db.query('SELECT 2 AS two')), 20));
        await db.query('SELECT 1');
      }),
    ).rejects.toThrow(OUTSIDE_TRANSACTION);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(((await later) as { rows: { two: number }[] }).rows[0]!.two).toBe(2);
    // A transaction opened inside another on the same path is refused the same way.
    await expect(inTransaction(db, () => inTransaction(db, async () => 1))).rejects.toThrow(OUTSIDE_TRANSACTION);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });

  it('lets production on PostgreSQL run without tracking the code path (TX_GUARD), and refuses on a guarded database', async () => {
    const beside = (on: Db) => inTransaction(on, async (tx) => {
      await tx.query('SELECT 1');
      return on.query<{ two: number }>('SELECT 2 AS two');
    });
    // On PGlite's one connection a query beside the transaction would wait for it forever, so only a
    // PostgreSQL database is ever opened without the guard; the query then runs on a connection of its own.
    if (db.kind === 'postgres') {
      const unguarded = await openDb({ url: process.env.DATABASE_URL, poolSize: 2, guard: false });
      try {
        expect(unguarded.guarded).toBe(false);
        expect((await beside(unguarded)).rows[0]!.two).toBe(2);
      } finally {
        await unguarded.close();
      }
    }
    expect(db.guarded).toBe(true);
    await expect(beside(db)).rejects.toThrow(OUTSIDE_TRANSACTION);
  });

  it('refuses a service given the database, or a transaction that has ended, where it needs the caller’s transaction', async () => {
    const uuid = randomUUID();
    // @ts-expect-error the database is not a transaction, and TypeScript says so
    await expect(server.app.services.referral.customer(db, uuid)).rejects.toThrow(NOT_A_TRANSACTION);
    let ended: Tx | null = null;
    await inTransaction(db, async (tx) => {
      ended = tx;
    });
    await expect(server.app.services.referral.customer(ended!, uuid)).rejects.toThrow(NOT_A_TRANSACTION);
    await expect(server.app.services.identity.deactivate(db as unknown as Tx, uuid, 'no')).rejects.toThrow(NOT_A_TRANSACTION);
    expect((await db.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [uuid])).rowCount).toBe(0);
    // Given one, the same call works.
    expect(await inTransaction(db, (tx) => server.app.services.referral.customer(tx, uuid))).toBeTruthy();
  });

  it('runs again after a serialization failure or a deadlock, and reports each rollback by its code alone', async () => {
    const events: RollbackEvent[] = [];
    const previous = onRollback((e) => events.push(e));
    try {
      let runs = 0;
      const result = await inTransaction(db, async (tx) => {
        await tx.query('SELECT 1');
        runs++;
        if (runs === 1) throw Object.assign(new Error('could not serialize access for ada@example.com'), { code: '40001' });
        if (runs === 2) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        return 'done';
      });
      expect(result).toBe('done');
      expect(runs).toBe(3);
      await expect(inTransaction(db, async () => {
        throw new Error('a fault naming ada@example.com');
      })).rejects.toThrow('a fault');
      expect(events).toEqual([
        { code: '40001', attempt: 1, retrying: true, expected: false },
        { code: '40P01', attempt: 2, retrying: true, expected: false },
        { code: 'Error', attempt: 1, retrying: false, expected: false },
      ]);
      expect(JSON.stringify(events)).not.toContain('ada@');
    } finally {
      onRollback(previous);
    }
  });

  it('rolls back everything a transaction wrote when it throws', async () => {
    const uuid = randomUUID();
    await expect(inTransaction(db, async (tx) => {
      await server.app.services.referral.customer(tx, uuid);
      throw new Error('stop');
    })).rejects.toThrow('stop');
    expect((await db.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [uuid])).rowCount).toBe(0);
  });

  it('runs the first statement inside the transaction although BEGIN is written with it, and leaves every connection clean', async () => {
    const uuid = randomUUID();
    // The first statement writes: a rollback takes it back only if BEGIN came before it.
    await expect(inTransaction(db, async (tx) => {
      await tx.query("INSERT INTO referral_customer (uuid, code, tenant_code) VALUES ($1, $2, 'gb')", [uuid, `T${uuid.slice(0, 8).toUpperCase()}`]);
      throw new Error('stop');
    })).rejects.toThrow('stop');
    expect((await db.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [uuid])).rowCount).toBe(0);
    // A first statement that fails fails the transaction, and nothing of it stays.
    await expect(inTransaction(db, (tx) => tx.query('SELECT no_such_column FROM referral_customer'))).rejects.toThrow();
    // A transaction that runs no statement commits nothing and answers its value.
    expect(await inTransaction(db, async () => 'nothing')).toBe('nothing');
    // A SAVEPOINT works only inside a transaction block: as the first statement it proves BEGIN went first.
    const firsts = await Promise.all(Array.from({ length: 6 }, () => inTransaction(db, async (tx) => (await tx.query('SAVEPOINT probe')).rowCount)));
    expect(firsts).toHaveLength(6);
    // Afterwards no pooled connection is left inside a block: the same statement is refused on each.
    const after = await Promise.allSettled(Array.from({ length: 6 }, () => db.query('SAVEPOINT probe')));
    expect(after.every((r) => r.status === 'rejected' && /transaction block/i.test(String((r.reason as Error).message)))).toBe(true);
  });

  it('runs a deferred write before the next statement or at the commit, and fails the transaction with its error', async () => {
    const insert = "INSERT INTO referral_customer (uuid, code, tenant_code) VALUES ($1, $2, 'gb')";
    const code = (uuid: string) => `D${uuid.slice(0, 8).toUpperCase()}`;
    // Deferred, then read in the same transaction: the read sees it.
    const a = randomUUID();
    const seen = await inTransaction(db, async (tx) => {
      tx.defer(insert, [a, code(a)]);
      return (await tx.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [a])).rowCount;
    });
    expect(seen).toBe(1);
    // Deferred as the transaction's last word: it goes out with COMMIT, and is committed.
    const b = randomUUID();
    await inTransaction(db, async (tx) => {
      await tx.query('SELECT 1');
      tx.defer(insert, [b, code(b)]);
    });
    expect((await db.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [b])).rowCount).toBe(1);
    // Deferred as the only statement: BEGIN goes with it.
    const c = randomUUID();
    await inTransaction(db, async (tx) => tx.defer(insert, [c, code(c)]));
    expect((await db.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [c])).rowCount).toBe(1);
    // A deferred write that fails at the commit fails the transaction with its own error, and takes
    // back what the transaction wrote before it.
    const d = randomUUID();
    await expect(inTransaction(db, async (tx) => {
      await tx.query(insert, [d, code(d)]);
      tx.defer(insert, [randomUUID(), code(b)]);
    })).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [d])).rowCount).toBe(0);
    // One that fails before a later statement fails that statement with its error; nothing stays.
    const e = randomUUID();
    await expect(inTransaction(db, async (tx) => {
      tx.defer(insert, [e, code(e)]);
      tx.defer(insert, [randomUUID(), code(e)]);
      await tx.query('SELECT 1');
    })).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [e])).rowCount).toBe(0);
    // A transaction that throws after deferring writes nothing.
    const f = randomUUID();
    await expect(inTransaction(db, async (tx) => {
      tx.defer(insert, [f, code(f)]);
      throw new Error('stop');
    })).rejects.toThrow('stop');
    expect((await db.query('SELECT 1 FROM referral_customer WHERE uuid = $1', [f])).rowCount).toBe(0);
    // Every pooled connection is clean afterwards.
    const after = await Promise.allSettled(Array.from({ length: 6 }, () => db.query('SAVEPOINT probe')));
    expect(after.every((r) => r.status === 'rejected')).toBe(true);
  });
});
