import type { OfflinePurchaseImportResult, OfflinePurchaseInput } from '@ember/contracts';
import type { Reader, Tx } from '../../platform/transaction.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { LoyaltyService } from '../loyalty/loyalty.service.js';
import type { StoreService } from '../store/store.service.js';
import * as store from './offline-purchases.store.js';

type Outcome = OfflinePurchaseImportResult['purchases'][number];

/**
 * Purchases in physical stores (spec §3, docs/decisions/0069): each is matched to an active customer
 * by uuid (a scanned club card) or e-mail address, recorded once by its action id, and credited to
 * the loyalty ledger once (the ledger's source `offline_purchase`/action id), so it shows in the
 * points history. A purchase no customer matches is not kept: importing it again after the
 * customer registers credits it then.
 */
export class OfflinePurchasesService {
  constructor(private readonly deps: { identity: IdentityService; loyalty: LoyaltyService; stores: StoreService }) {}

  async import(tx: Tx, purchases: readonly OfflinePurchaseInput[]): Promise<OfflinePurchaseImportResult> {
    const out: Outcome[] = [];
    const views = new Set((await this.deps.stores.list(tx)).map((v) => v.code));
    for (const p of purchases) out.push(await this.one(tx, p, views));
    const ok = out.filter((o) => ['credited', 'recorded', 'returned', 'already_imported'].includes(o.outcome)).length;
    return { result: ok === out.length ? 'SUCCESS' : ok === 0 ? 'FAILURE' : 'MIXED_RESULTS', purchases: out };
  }

  private async one(tx: Tx, p: OfflinePurchaseInput, views: ReadonlySet<string>): Promise<Outcome> {
    const base = { action_id: p.action_id, points: 0 };
    if (!views.has(p.store_code)) return { ...base, outcome: 'unknown_store' };
    if (p.type === 'return') return this.return(tx, p);
    const consumer = await this.customerOf(tx, p.customer);
    if (!consumer) return { ...base, outcome: 'no_customer' };
    const total = p.items.reduce((n, i) => n + i.price * i.quantity, 0);
    const points = await this.deps.loyalty.offlinePurchasePoints(tx, p.store_code, total);
    const recorded = await store.insertPurchase(tx, {
      action_id: p.action_id, consumer_uuid: consumer, store_code: p.store_code, purchased_at: new Date(p.datetime), type: p.type,
      items: p.items, total_minor: total, currency: p.currency, points,
    });
    if (!recorded) return { ...base, outcome: 'already_imported' };
    if (points <= 0) return { ...base, outcome: 'recorded' };
    await this.deps.loyalty.credit(tx, {
      consumer_uuid: consumer, points, source_type: 'offline_purchase', source_key: p.action_id, order_id: p.action_id, event: 'In-store purchase',
    });
    return { action_id: p.action_id, outcome: 'credited', points };
  }

  private async customerOf(tx: Tx, customer: { uuid: string } | { email: string }): Promise<string | null> {
    return 'uuid' in customer
      ? (await this.deps.identity.isActiveAccount(tx, customer.uuid) ? customer.uuid : null)
      : (await this.deps.identity.activeAccountByEmail(tx, customer.email))?.uuid ?? null;
  }

  /**
   * A return of items of an earlier purchase: recorded once by its own action id, with the
   * purchase's customer, and only within what was bought (by SKU, with the earlier returns). It takes
   * back the purchase's points in proportion to the value returned, as an online refund does: at most
   * what the customer still has spendable (the balance never goes below zero), once.
   */
  private async return(tx: Tx, p: Extract<OfflinePurchaseInput, { type: 'return' }>): Promise<Outcome> {
    const base = { action_id: p.action_id, points: 0 };
    // Returns of one purchase take turns: each sees the ones before it.
    const original = await store.lockPurchase(tx, p.original_action_id);
    if (!original) return { ...base, outcome: 'unknown_purchase' };
    if (await store.exists(tx, p.action_id)) return { ...base, outcome: 'already_imported' };
    if (p.customer && (original.consumer_uuid === null || (await this.customerOf(tx, p.customer)) !== original.consumer_uuid)) {
      return { ...base, outcome: 'unknown_purchase' };
    }
    const earlier = await store.returnsOf(tx, original.action_id);
    const left = new Map<string, number>();
    for (const i of original.items) left.set(i.sku, (left.get(i.sku) ?? 0) + i.quantity);
    for (const i of [...earlier.flatMap((r) => r.items), ...p.items]) left.set(i.sku, (left.get(i.sku) ?? 0) - i.quantity);
    const known = new Set(original.items.map((i) => i.sku));
    if (p.currency !== original.currency || p.items.some((i) => !known.has(i.sku)) || [...left.values()].some((n) => n < 0)) {
      return { ...base, outcome: 'exceeds_purchase' };
    }
    const value = p.items.reduce((n, i) => n + i.price * i.quantity, 0);
    const returnedBefore = earlier.reduce((n, r) => n + r.total_minor, 0);
    const sharedBefore = earlier.reduce((n, r) => n + r.points, 0);
    const share = original.total_minor > 0 ? Math.min(1, (returnedBefore + value) / original.total_minor) : 0;
    const points = Math.max(0, Math.min(original.points, Math.round(original.points * share)) - sharedBefore);
    await store.insertPurchase(tx, {
      action_id: p.action_id, consumer_uuid: original.consumer_uuid, store_code: p.store_code, purchased_at: new Date(p.datetime), type: 'return',
      items: p.items, total_minor: value, currency: p.currency, points, original_action_id: original.action_id,
    });
    const taken = original.consumer_uuid && points > 0
      ? await this.deps.loyalty.takeBack(tx, { consumer_uuid: original.consumer_uuid, points, source_type: 'offline_return', source_key: p.action_id, event: 'In-store return' })
      : 0;
    return { action_id: p.action_id, outcome: 'returned', points: -taken };
  }

  async exportFor(q: Reader, consumer: string) {
    return (await store.purchasesOf(q, consumer)).map((r) => ({ ...r, purchased_at: r.purchased_at.toISOString() }));
  }

  async eraseFor(tx: Tx, consumer: string): Promise<void> {
    await store.forgetCustomer(tx, consumer);
  }
}
