import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import * as loyaltyStore from '../modules/loyalty/loyalty.store.js';
import { inTransaction } from '../platform/transaction.js';
import { transactionsOn } from '../platform/transaction.js';

/** Test helpers for the loyalty and referral suites: their own rewards, articles, QR codes and orders' progress. */

export async function grantPoints(app: FastifyInstance, consumer: string, points: number): Promise<void> {
  await inTransaction(app.db, (tx) =>
    app.services.loyalty.credit(tx, { consumer_uuid: consumer, points, source_type: 'adjustment', source_key: `test:${randomUUID()}`, event: 'Test grant' }),
  );
}

export async function makeReward(app: FastifyInstance, opts: { points: number; stock?: number | null; kind?: 'reward' | 'campaign'; amount?: number; currency?: string }): Promise<string> {
  const uuid = randomUUID();
  await loyaltyStore.insertReward(app.db, {
    uuid,
    kind: opts.kind ?? 'reward',
    name: `${opts.kind ?? 'reward'} ${uuid.slice(0, 6)}`,
    description: 'Test reward',
    image_url: null,
    points: opts.points,
    discount_amount: opts.kind === 'campaign' ? (opts.amount ?? 500) : null,
    currency: opts.kind === 'campaign' ? (opts.currency ?? 'GBP') : null,
    stock: opts.stock ?? null,
    min_tier: null,
    store_code: null,
  });
  return uuid;
}

export async function makeArticle(app: FastifyInstance, points: number): Promise<string> {
  const id = `test-${randomUUID().slice(0, 8)}`;
  await loyaltyStore.insertArticle(app.db, { article_id: id, title: `Article ${id}`, summary: 'Summary', body: 'Body', points });
  return id;
}

export async function makeQrCode(app: FastifyInstance, points: number, validForMs = 3_600_000, startsInMs = -60_000): Promise<string> {
  const id = `QR${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const from = new Date(Date.now() + startsInMs);
  await loyaltyStore.insertQrCode(app.db, { id, points, description: 'Test QR', valid_from: from, valid_to: new Date(from.getTime() + validForMs) });
  return id;
}

/** Delivers every waiting order event to loyalty and referral, as the job would. */
export async function drainOrderEvents(app: FastifyInstance): Promise<void> {
  for (let i = 0; i < 100; i++) if ((await app.services.orders.deliverEvents(transactionsOn(app.db), 500)) === 0) return;
}

/** Moves an order along the operator's path to `to` (payment_completed, processing, shipped, delivered, returned). */
export async function advanceOrder(app: FastifyInstance, orderNumber: string, path: string[]): Promise<void> {
  for (const to of path) {
    await inTransaction(app.db, (tx) =>
      app.services.orders.changeStatus(tx, orderNumber, {
        to,
        actor: 'operator',
        tracking: to === 'shipped' ? { carrier: 'Royal Mail', number: `RM${randomUUID().slice(0, 8)}`, track_url: null } : null,
      }),
    );
  }
  await drainOrderEvents(app);
}

export const TO_DELIVERED = ['payment_completed', 'processing', 'shipped', 'delivered'];

/** The ledger invariants the database must keep after any scenario. */
export async function expectLedgerInvariants(app: FastifyInstance, consumers: string[]): Promise<void> {
  const mismatched = await app.db.query(
    `SELECT a.consumer_uuid FROM loyalty_account a
       LEFT JOIN (SELECT consumer_uuid, sum(points)::int AS total FROM loyalty_ledger GROUP BY consumer_uuid) l USING (consumer_uuid)
      WHERE a.balance <> COALESCE(l.total, 0) OR a.balance < 0 OR a.held < 0 OR a.held > a.balance`,
  );
  expect(mismatched.rows).toEqual([]);
  const doubled = await app.db.query(
    `SELECT source_type, source_key FROM loyalty_ledger GROUP BY source_type, source_key HAVING count(*) > 1`,
  );
  expect(doubled.rows).toEqual([]);
  for (const c of consumers) {
    const { rows } = await app.db.query<{ low: number | null }>(
      `SELECT min(running)::int AS low FROM (SELECT sum(points) OVER (ORDER BY id) AS running FROM loyalty_ledger WHERE consumer_uuid = $1) r`,
      [c],
    );
    expect(rows[0]!.low ?? 0).toBeGreaterThanOrEqual(0);
  }
}
