import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { testDb } from '../test/test-app.js';

/*
 * Checklist item 55: a transaction that meets a serialization failure (40001) or a deadlock
 * (40P01) is run again from the start, a bounded number of times with a growing pause; any other
 * error is not retried, and nothing of a failed attempt stays behind.
 */

let db: Db;
const table = `security_retry_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

beforeAll(async () => {
  db = await testDb();
  await db.query(`CREATE TABLE IF NOT EXISTS ${table} (id serial PRIMARY KEY, note text NOT NULL)`);
});

// A scratch table of this file's own, so a shared PostgreSQL database keeps nothing of it.
afterAll(async () => {
  await db.query(`DROP TABLE IF EXISTS ${table}`);
});

const failure = (code: string) => Object.assign(new Error(`simulated ${code}`), { code });
const notes = async (note: string) => (await db.query<{ note: string }>(`SELECT note FROM ${table} WHERE note = $1`, [note])).rows.length;

describe('serialization failures and deadlocks (checklist 55)', () => {
  it('runs a transaction again after 40001 and 40P01 and keeps only the attempt that committed', async () => {
    for (const code of ['40001', '40P01']) {
      const note = `retry-${code}-${randomUUID()}`;
      let calls = 0;
      const result = await db.transaction(async (tx) => {
        calls++;
        await tx.query(`INSERT INTO ${table} (note) VALUES ($1)`, [note]);
        if (calls < 3) throw failure(code);
        return 'committed';
      });
      expect(result).toBe('committed');
      expect(calls).toBe(3);
      expect(await notes(note)).toBe(1);
    }
  });

  it('gives up after four attempts, within a second, and leaves nothing of any attempt', async () => {
    const note = `gives-up-${randomUUID()}`;
    let calls = 0;
    const started = Date.now();
    await expect(db.transaction(async (tx) => {
      calls++;
      await tx.query(`INSERT INTO ${table} (note) VALUES ($1)`, [note]);
      throw failure('40001');
    })).rejects.toMatchObject({ code: '40001' });
    expect(calls).toBe(4);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await notes(note)).toBe(0);
  });

  it('does not retry other errors such as a unique violation', async () => {
    let calls = 0;
    await expect(db.transaction(async () => {
      calls++;
      throw failure('23505');
    })).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
