import { createProduct, stockOf, type TestProduct } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import { serveForSuite } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { inTransaction, onRollback, type RollbackEvent } from '../../platform/transaction.js';
import { reserveStock } from './catalog.inventory.js';

let db: Db;
serveForSuite((_s, d) => {
  db = d;
});

const line = (p: TestProduct, quantity: number) => ({ product_id: p.id, quantity, sku: p.sku });
const reserve = (lines: ReturnType<typeof line>[]) => inTransaction(db, (tx) => reserveStock(tx, lines));

describe('stock taken for an order, in one statement', () => {
  it('takes every line at once, adding up lines of one product', async () => {
    const a = await createProduct(db, { stock: 5 });
    const b = await createProduct(db, { stock: 4 });
    await reserve([line(b, 1), line(a, 2), line(b, 2)]);
    expect([await stockOf(db, a.id), await stockOf(db, b.id)]).toEqual([3, 1]);
  });

  it('refuses the whole order naming the first product short of stock, and takes nothing', async () => {
    const a = await createProduct(db, { stock: 5 });
    const b = await createProduct(db, { stock: 1 });
    const c = await createProduct(db, { stock: 5 });
    await expect(reserve([line(c, 2), line(b, 3), line(a, 2)])).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK', details: { sku: b.sku } });
    expect([await stockOf(db, a.id), await stockOf(db, b.id), await stockOf(db, c.id)]).toEqual([5, 1, 5]);
  });

  it('refuses a product without a stock row', async () => {
    const a = await createProduct(db, { stock: 5 });
    const gone = await createProduct(db, { stock: 5 });
    await db.query('DELETE FROM inventory_stock WHERE product_id = $1', [gone.id]);
    await expect(reserve([line(a, 1), line(gone, 1)])).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK', details: { sku: gone.sku } });
    expect(await stockOf(db, a.id)).toBe(5);
  });

  it('lets 20 parallel orders of two products, listed in either order, take exactly the stock there is, without a deadlock', async () => {
    const a = await createProduct(db, { stock: 10 });
    const b = await createProduct(db, { stock: 10 });
    const rollbacks: RollbackEvent[] = [];
    const previous = onRollback((e) => rollbacks.push(e));
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => reserve(i % 2 ? [line(a, 1), line(b, 1)] : [line(b, 1), line(a, 1)])),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    } finally {
      onRollback(previous);
    }
    expect([await stockOf(db, a.id), await stockOf(db, b.id)]).toEqual([0, 0]);
    expect(rollbacks.filter((e) => e.code === '40P01')).toEqual([]);
  });
});
