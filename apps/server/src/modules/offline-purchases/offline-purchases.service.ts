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
    const ok = out.filter((o) => o.outcome === 'credited' || o.outcome === 'recorded' || o.outcome === 'already_imported').length;
    return { result: ok === out.length ? 'SUCCESS' : ok === 0 ? 'FAILURE' : 'MIXED_RESULTS', purchases: out };
  }

  private async one(tx: Tx, p: OfflinePurchaseInput, views: ReadonlySet<string>): Promise<Outcome> {
    const base = { action_id: p.action_id, points: 0 };
    if (!views.has(p.store_code)) return { ...base, outcome: 'unknown_store' };
    const consumer = 'uuid' in p.customer
      ? (await this.deps.identity.isActiveAccount(tx, p.customer.uuid) ? p.customer.uuid : null)
      : (await this.deps.identity.activeAccountByEmail(tx, p.customer.email))?.uuid ?? null;
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

  async exportFor(q: Reader, consumer: string) {
    return (await store.purchasesOf(q, consumer)).map((r) => ({ ...r, purchased_at: r.purchased_at.toISOString() }));
  }

  async eraseFor(tx: Tx, consumer: string): Promise<void> {
    await store.forgetCustomer(tx, consumer);
  }
}
