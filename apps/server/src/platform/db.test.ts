import { describe, expect, it } from 'vitest';
import { openDb, splitStatements } from './db.js';

describe('splitStatements', () => {
  it('splits on line-ending semicolons, skips comment lines and keeps dollar-quoted bodies whole', () => {
    const sql = `-- a comment;\nCREATE TABLE a (x int);\nINSERT INTO a VALUES (1);\nCREATE FUNCTION f() RETURNS int AS $$\nSELECT 1;\n$$ LANGUAGE sql;\n`;
    const parts = splitStatements(sql);
    expect(parts).toHaveLength(3);
    expect(parts[2]).toMatch(/SELECT 1;\n\$\$ LANGUAGE sql;/);
  });
});

describe('the embedded database', () => {
  it('fails a query made outside the transaction its caller holds instead of waiting forever, and allows it once the transaction ends', async () => {
    const db = await openDb({});
    try {
      let later: Promise<unknown> = Promise.resolve();
      await expect(
        db.transaction(async (tx) => {
          await tx.query('SELECT 1');
          // A timer started here runs after the commit and may use the database normally.
          later = new Promise((resolve) => setTimeout(() => resolve(db.query('SELECT 2 AS two')), 20));
          await db.query('SELECT 1');
        }),
      ).rejects.toThrow(/outside the transaction/);
      expect(((await later) as { rows: { two: number }[] }).rows[0]!.two).toBe(2);
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await db.close();
    }
  }, 60_000);
});
