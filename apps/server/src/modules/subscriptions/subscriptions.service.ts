import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_PRODUCT_EXISTS_CODE, type Subscription, type SubscriptionConfigurations, type SubscriptionConsoleQuery, type SubscriptionUpdate } from '@ember/contracts';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { requireTx } from '../../platform/transaction.js';
import { money as toMoney } from '../catalog/catalog.mapper.js';
import type { CatalogService, ProductDoc } from '../catalog/catalog.service.js';
import { finalMinor } from '../catalog/catalog.service.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import type { StoreService, StoreView } from '../store/store.service.js';
import * as store from './subscriptions.store.js';
import type { Actor, PlanRow, SubscriptionAddress, SubscriptionRow } from './subscriptions.store.js';
import { isoOrNull } from '../../platform/sql.js';

export type { PlanRow, SubscriptionRow, SubscriptionAddress, RenewalRow } from './subscriptions.store.js';

/** What subscriptions ask of identity: the customer's address book, and the flag on the entry a subscription uses. */
export interface SubscriptionIdentityPort {
  addresses(uuid: string, reader?: Reader): Promise<{ id: number; firstname: string; lastname: string; street: string[]; city: string; postcode?: string | undefined; country_code: string; region?: string | undefined; telephone?: string | undefined }[]>;
  flagSubscriptionAddress(tx: Tx, uuid: string, id: number | null): Promise<void>;
}

/** What subscriptions ask of payments: the customer's saved cards. */
export interface SubscriptionCardsPort {
  cards(q: Reader, customerUuid: string): Promise<{ id: string; brand: string; last4: string; exp_month: number; exp_year: number; is_default: boolean }[]>;
}

/** The frequencies a plan offers for a product, and the one a subscription gets unless the shopper chose another. */
export interface SubscriptionFrequencies {
  frequencies_weeks: number[];
  default_frequency_weeks: number;
}

/** A product of a subscription choice: its page and its price (per delivery, for the subscription product). */
export interface SubscriptionChoiceProduct {
  sku: string;
  url_key: string;
  price: { value: number; currency: string };
}

/** What a product page offers as a subscription (GraphQL `SubscriptionOffer`). */
export interface SubscriptionOffer extends SubscriptionFrequencies {
  plan_code: string;
  minimum_deliveries: number;
  subscription: SubscriptionChoiceProduct;
  one_time: SubscriptionChoiceProduct | null;
}

const DAY_MS = 86_400_000;
/** How far ahead a customer may move the next delivery. */
const MAX_DAYS_AHEAD = 120;
const LIVE = new Set<store.SubscriptionStatus>(['active', 'paused', 'past_due']);

/** A day as YYYY-MM-DD (UTC): the renewal job's calendar. */
export function dayOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

function reject(code: 'SUBSCRIPTION_NOT_CHANGEABLE' | 'VALIDATION_FAILED', message: string, details?: unknown): never {
  throw new AppError(code, message, details);
}

/**
 * Subscriptions: the plans a store view offers, the customer's subscriptions and every change to
 * them (each kept in the history with who made it and why). Orders and charges are the renewal
 * workflow's (workflows/subscription-renewal.ts); every write here runs in the caller's transaction.
 */
export class SubscriptionsService {
  constructor(
    private readonly db: Reader,
    private readonly deps: {
      catalog: CatalogService;
      checkout: CheckoutService;
      stores: StoreService;
      identity: SubscriptionIdentityPort;
      cards: SubscriptionCardsPort;
      /** "Today" for the rules on dates; tests move it. */
      now?: () => Date;
    },
  ) {}

  today(): string {
    return dayOf(this.deps.now?.() ?? new Date());
  }

  plans(q: Reader, storeCode: string): Promise<PlanRow[]> {
    return store.plansOf(q, storeCode);
  }

  /** The plan of the store view that offers this product, if any. */
  async planFor(q: Reader, storeCode: string, sku: string): Promise<PlanRow | null> {
    return (await store.plansOf(q, storeCode)).find((p) => p.skus.includes(sku)) ?? null;
  }

  /** How often each product the store view's plans offer may be delivered, by sku: the cart checks and shows a line's choice with it. */
  async frequencies(q: Reader, storeCode: string): Promise<Map<string, SubscriptionFrequencies>> {
    const out = new Map<string, SubscriptionFrequencies>();
    for (const p of await store.plansOf(q, storeCode)) {
      for (const sku of p.skus) if (!out.has(sku)) out.set(sku, { frequencies_weeks: p.frequencies_weeks, default_frequency_weeks: p.default_frequency_weeks });
    }
    return out;
  }

  /**
   * The subscription choice of a product's page (docs/decisions/0059): on a product a plan offers, and
   * on the one-time product a plan's product stands for, the plan's frequencies and commitment with
   * both products' pages and prices; null for any other product, or when the subscription is not sold.
   */
  async offerFor(q: Reader, view: StoreView, sku: string): Promise<SubscriptionOffer | null> {
    for (const plan of await store.plansOf(q, view.code)) {
      const subscriptionSku = plan.skus.includes(sku) ? sku : plan.skus.find((s) => plan.one_time_skus[s] === sku);
      if (!subscriptionSku) continue;
      const oneTimeSku = plan.one_time_skus[subscriptionSku];
      const docs = await this.products(view, oneTimeSku ? [subscriptionSku, oneTimeSku] : [subscriptionSku]);
      const choice = (doc: ProductDoc | undefined) => (doc?.is_visible ? { sku: doc.sku, url_key: doc.url_key, price: toMoney(finalMinor(doc), doc.currency) } : null);
      const subscription = choice(docs.get(subscriptionSku));
      if (!subscription) return null;
      return {
        plan_code: plan.code,
        frequencies_weeks: plan.frequencies_weeks,
        default_frequency_weeks: plan.default_frequency_weeks,
        minimum_deliveries: plan.minimum_deliveries,
        subscription,
        one_time: choice(oneTimeSku ? docs.get(oneTimeSku) : undefined),
      };
    }
    return null;
  }

  /** GET /api/subscriptions/configurations: the store view's plans, their products priced per delivery. */
  async configurations(q: Reader, view: StoreView): Promise<SubscriptionConfigurations> {
    const plans = await store.plansOf(q, view.code);
    const methods = await this.deps.checkout.shippingMethods(q, view);
    const products = await this.products(view, plans.flatMap((p) => p.skus));
    return {
      store_code: view.code,
      plans: plans.map((p) => {
        const method = methods.find((m) => m.carrier_code === p.carrier_code && m.method_code === p.method_code);
        return {
          code: p.code,
          plan_type: p.plan_type,
          frequencies_weeks: p.frequencies_weeks,
          default_frequency_weeks: p.default_frequency_weeks,
          minimum_deliveries: p.minimum_deliveries,
          max_quantity: p.max_quantity,
          max_pause_weeks: p.max_pause_weeks,
          products: p.skus.flatMap((sku) => {
            const doc = products.get(sku);
            if (!doc) return [];
            return [{ sku, name: doc.name, flavor: doc.flavor, flavor_label: doc.flavor_label, image_url: (doc.media.find((m) => m.is_main) ?? doc.media[0])?.file ?? null, price: toMoney(finalMinor(doc), doc.currency) }];
          }),
          price_rules: { product_price: 'catalog' as const, shipping_method: { carrier_code: p.carrier_code, method_code: p.method_code, title: method?.method_title ?? p.method_code } },
          disabled_shipping_methods: methods.filter((m) => m.disable_for_subscription).map((m) => ({ carrier_code: m.carrier_code, method_code: m.method_code })),
        };
      }),
    };
  }

  /** Whether the customer has an ongoing subscription; `lock` holds the customer's subscription starts back until commit. */
  async hasOngoing(q: Reader, customerUuid: string, opts: { lock?: boolean } = {}): Promise<boolean> {
    if (opts.lock) await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`subscriptions:customer:${customerUuid}`]);
    return store.hasLive(q, customerUuid);
  }

  /** The cards the customer's ongoing subscriptions are charged to (they cannot be removed). */
  cardsInUse(q: Reader, customerUuid: string): Promise<string[]> {
    return store.cardsInUse(q, customerUuid);
  }

  /** The customer's subscriptions, newest first, as the API shows them. */
  async list(q: Reader, customerUuid: string): Promise<Subscription[]> {
    return this.views(q, await store.subscriptionsOf(q, customerUuid));
  }

  /** One of the customer's subscriptions; another customer's answers like a missing one. */
  async get(q: Reader, customerUuid: string, id: string): Promise<Subscription> {
    const row = await store.findSubscription(q, id, { customerUuid });
    if (!row) throw new AppError('NOT_FOUND', 'Subscription not found');
    return (await this.views(q, [row]))[0]!;
  }

  /** The subscription an order started, if it started one. */
  byOrigin(q: Reader, orderId: string, lock = false): Promise<SubscriptionRow | null> {
    return store.findByOrigin(q, orderId, lock);
  }

  find(q: Reader, id: string, opts: { lock?: boolean } = {}): Promise<SubscriptionRow | null> {
    return store.findSubscription(q, id, opts);
  }

  itemsOf(q: Reader, id: string): Promise<store.ItemRow[]> {
    return store.itemsOf(q, [id]);
  }

  /**
   * Starts the subscription an order holds, in the order's transaction: the plan offering the product,
   * its default frequency (or the one chosen), the order's delivery address; the first delivery is the order itself.
   */
  async startFromOrder(
    tx: Tx,
    input: {
      view: StoreView; customerUuid: string; orderId: string; placedOn: string; currency: string;
      items: { sku: string; quantity: number }[]; address: SubscriptionAddress; addressId: number | null; frequencyWeeks?: number | null;
    },
  ): Promise<string | null> {
    requireTx(tx);
    const plan = await this.planFor(tx, input.view.code, input.items[0]!.sku);
    if (!plan) return null;
    const frequency = input.frequencyWeeks && plan.frequencies_weeks.includes(input.frequencyWeeks) ? input.frequencyWeeks : plan.default_frequency_weeks;
    const id = randomUUID();
    const started = await store.insertSubscription(tx, {
      id,
      customer_uuid: input.customerUuid,
      store_code: input.view.code,
      plan_code: plan.code,
      plan_type: plan.plan_type,
      frequency_weeks: frequency,
      next_delivery_date: addDays(input.placedOn, frequency * 7),
      address: input.address,
      address_id: input.addressId,
      currency: input.currency,
      minimum_deliveries: plan.minimum_deliveries,
      origin_order_id: input.orderId,
      items: input.items.map((i) => ({ sku: i.sku, quantity: Math.min(i.quantity, plan.max_quantity) })),
    });
    if (!started) return (await store.findByOrigin(tx, input.orderId))?.id ?? null;
    await store.insertEvent(tx, { subscription_id: id, kind: 'created', actor: 'customer', to_status: 'active', detail: { order_id: input.orderId } });
    if (input.addressId !== null) await this.deps.identity.flagSubscriptionAddress(tx, input.customerUuid, input.addressId);
    return id;
  }

  /** PUT /api/subscriptions/{id}: products (swap a flavour), next date, frequency, address, card, or skip the next delivery. */
  async update(tx: Tx, customerUuid: string, id: string, change: SubscriptionUpdate, actor: Actor = 'customer'): Promise<void> {
    const sub = await this.lockOwn(tx, customerUuid, id);
    if (!LIVE.has(sub.status)) reject('SUBSCRIPTION_NOT_CHANGEABLE', 'A cancelled subscription cannot be changed');
    const plan = await this.planOf(tx, sub);
    const patch: store.SubscriptionPatch = {};
    const changed: string[] = [];
    if (change.products) {
      const seen = new Set<string>();
      for (const p of change.products) {
        if (seen.has(p.sku)) throw new AppError('SUBSCRIPTION_PRODUCT_EXISTS', `The product ${p.sku} is already in the subscription`, { error_code: SUBSCRIPTION_PRODUCT_EXISTS_CODE, sku: p.sku });
        seen.add(p.sku);
        if (!plan.skus.includes(p.sku)) reject('VALIDATION_FAILED', `The product ${p.sku} is not offered in this subscription`, { field: 'products', sku: p.sku });
        if (p.qty > plan.max_quantity) reject('VALIDATION_FAILED', `At most ${plan.max_quantity} of a product per delivery`, { field: 'products', sku: p.sku, max: plan.max_quantity });
      }
      await store.replaceItems(tx, sub.id, change.products.map((p) => ({ sku: p.sku, quantity: p.qty })));
      changed.push('products');
    }
    if (change.frequency_weeks !== undefined && change.frequency_weeks !== sub.frequency_weeks) {
      if (!plan.frequencies_weeks.includes(change.frequency_weeks)) {
        reject('VALIDATION_FAILED', `Deliveries come every ${plan.frequencies_weeks.join(', ')} weeks`, { field: 'frequency_weeks', allowed: plan.frequencies_weeks });
      }
      patch.frequency_weeks = change.frequency_weeks;
      changed.push('frequency');
    }
    const today = this.today();
    if (change.next_delivery_date !== undefined) {
      this.checkFutureDay(change.next_delivery_date, today, MAX_DAYS_AHEAD, 'next_delivery_date');
      patch.next_delivery_date = change.next_delivery_date;
      changed.push('next_delivery_date');
    }
    if (change.skip_next) {
      if (sub.status !== 'active') reject('SUBSCRIPTION_NOT_CHANGEABLE', 'Only an active subscription has a next delivery to skip');
      patch.next_delivery_date = addDays(patch.next_delivery_date ?? sub.next_delivery_date, 7 * (patch.frequency_weeks ?? sub.frequency_weeks));
      changed.push('skipped');
    }
    if (change.address_id !== undefined) {
      const entry = (await this.deps.identity.addresses(customerUuid, tx)).find((a) => a.id === change.address_id);
      if (!entry) throw new AppError('NOT_FOUND', 'Address not found');
      const view = await this.viewOf(sub.store_code, tx);
      if (!view) throw new AppError('NOT_FOUND', 'Subscription not found');
      // The renewal delivers there: it must be an address this store view delivers to, by its rules.
      const clean = await this.deps.checkout.cleanAddress(tx, view, { ...entry, postcode: entry.postcode ?? null, region: entry.region ?? null, telephone: entry.telephone ?? null });
      patch.address = {
        firstname: clean.firstname, lastname: clean.lastname, street: clean.street, city: clean.city, postcode: clean.postcode,
        country_code: clean.country_code, region: clean.region, telephone: clean.telephone,
      };
      patch.address_id = entry.id;
      await this.deps.identity.flagSubscriptionAddress(tx, customerUuid, entry.id);
      changed.push('address');
    }
    if (change.card_id !== undefined) {
      if (!(await this.deps.cards.cards(tx, customerUuid)).some((c) => c.id === change.card_id)) throw new AppError('NOT_FOUND', 'Card not found');
      patch.card_id = change.card_id;
      changed.push('card');
    }
    await store.updateSubscription(tx, sub.id, patch);
    for (const kind of changed) {
      await store.insertEvent(tx, {
        subscription_id: sub.id, kind: kind === 'skipped' ? 'skipped' : 'updated', actor,
        detail: kind === 'skipped' ? { next_delivery_date: patch.next_delivery_date } : { field: kind },
      });
    }
  }

  /** PUT .../pause: until a date (resumed by the job that day) or open (until resumed). */
  async pause(tx: Tx, customerUuid: string, id: string, until: string | null, actor: Actor = 'customer'): Promise<void> {
    const sub = await this.lockOwn(tx, customerUuid, id);
    if (sub.status !== 'active' && !(sub.status === 'paused' && sub.pause_reason === 'customer')) {
      reject('SUBSCRIPTION_NOT_CHANGEABLE', 'Only an active subscription can be paused');
    }
    if (until !== null) {
      const plan = await this.planOf(tx, sub);
      this.checkFutureDay(until, this.today(), plan.max_pause_weeks * 7, 'until');
    }
    await this.transition(tx, sub, 'paused', actor, { paused_until: until, pause_reason: actor === 'operator' ? 'operator' : 'customer' }, 'paused', until ? `until ${until}` : null);
  }

  /** PUT .../resume: the next delivery on the day given, or the one planned, never before tomorrow. */
  async resume(tx: Tx, customerUuid: string, id: string, nextDay: string | null, actor: Actor = 'customer'): Promise<void> {
    const sub = await this.lockOwn(tx, customerUuid, id);
    if (sub.status !== 'paused') reject('SUBSCRIPTION_NOT_CHANGEABLE', 'Only a paused subscription can be resumed');
    const today = this.today();
    if (nextDay !== null) this.checkFutureDay(nextDay, today, MAX_DAYS_AHEAD, 'next_delivery_date');
    await this.resumeRow(tx, sub, nextDay ?? (sub.next_delivery_date > today ? sub.next_delivery_date : addDays(today, 1)), actor);
  }

  /** Resumes a paused subscription whose pause ends today (the renewal job). */
  async resumeRow(tx: Tx, sub: SubscriptionRow, nextDay: string, actor: Actor): Promise<void> {
    await this.transition(tx, sub, 'active', actor, { paused_until: null, pause_reason: null, next_delivery_date: nextDay }, 'resumed', null);
  }

  /** PUT .../cancel: with a reason; a customer may cancel once the minimum commitment is delivered. */
  async cancel(tx: Tx, customerUuid: string, id: string, reason: string, comment: string | null, actor: Actor = 'customer'): Promise<void> {
    const sub = await this.lockOwn(tx, customerUuid, id);
    if (!LIVE.has(sub.status)) reject('SUBSCRIPTION_NOT_CHANGEABLE', 'The subscription has already ended');
    if (actor === 'customer' && sub.deliveries < sub.minimum_deliveries) {
      throw new AppError('SUBSCRIPTION_COMMITMENT', `This subscription can be cancelled after ${sub.minimum_deliveries} deliveries; ${sub.deliveries} so far`, {
        minimum_deliveries: sub.minimum_deliveries, deliveries: sub.deliveries,
      });
    }
    await this.end(tx, sub, 'cancelled', actor, comment ? `${reason}: ${comment}` : reason);
  }

  /** Ends a subscription (cancelled or expired) in the caller's transaction, its retries stopped. */
  async end(tx: Tx, sub: SubscriptionRow, to: 'cancelled' | 'expired', actor: Actor, reason: string): Promise<void> {
    await store.stopRetries(tx, sub.id);
    await this.transition(tx, sub, to, actor, { cancel_reason: reason.slice(0, 500), cancelled_at: 'now', paused_until: null, pause_reason: null }, to, reason);
  }

  /** The operator's change of state, with a reason (any live state; no commitment applies). */
  async operatorChange(tx: Tx, id: string, to: 'active' | 'paused' | 'cancelled', reason: string): Promise<void> {
    const sub = await store.findSubscription(tx, id, { lock: true });
    if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
    if (!LIVE.has(sub.status)) reject('SUBSCRIPTION_NOT_CHANGEABLE', 'The subscription has already ended');
    if (to === 'cancelled') return this.end(tx, sub, 'cancelled', 'operator', reason);
    if (to === 'paused') return this.transition(tx, sub, 'paused', 'operator', { paused_until: null, pause_reason: 'operator' }, 'paused', reason);
    const today = this.today();
    await store.stopRetries(tx, sub.id);
    return this.transition(tx, sub, 'active', 'operator', { paused_until: null, pause_reason: null, next_delivery_date: sub.next_delivery_date > today ? sub.next_delivery_date : addDays(today, 1) }, 'resumed', reason);
  }

  /** The operator brings the next delivery forward to today (the renewal job places it on its next run). */
  async bringForward(tx: Tx, id: string, reason: string): Promise<void> {
    const sub = await store.findSubscription(tx, id, { lock: true });
    if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
    if (sub.status !== 'active') reject('SUBSCRIPTION_NOT_CHANGEABLE', 'Only an active subscription has a delivery to bring forward');
    // A delivery is placed once per day: the renewal's key is its date.
    if (await store.latestAttempt(tx, sub.id, this.today())) reject('SUBSCRIPTION_NOT_CHANGEABLE', 'A delivery of this subscription was placed today already');
    await store.updateSubscription(tx, sub.id, { next_delivery_date: this.today() });
    await store.insertEvent(tx, { subscription_id: sub.id, kind: 'brought_forward', actor: 'operator', reason, detail: { from: sub.next_delivery_date } });
  }

  /** A state change with its history entry. */
  async transition(
    tx: Tx, sub: SubscriptionRow, to: store.SubscriptionStatus, actor: Actor, patch: store.SubscriptionPatch, kind: string, reason: string | null, detail: Record<string, unknown> = {},
  ): Promise<void> {
    await store.updateSubscription(tx, sub.id, { ...patch, status: to });
    await store.insertEvent(tx, { subscription_id: sub.id, kind, actor, from_status: sub.status, to_status: to, reason, detail });
  }

  /** A history entry without a change of state (a renewal placed, a refusal). */
  note(tx: Tx, subscriptionId: string, kind: string, reason: string | null, detail: Record<string, unknown> = {}): Promise<void> {
    return store.insertEvent(tx, { subscription_id: subscriptionId, kind, actor: 'system', reason, detail });
  }

  patch(tx: Tx, id: string, patch: store.SubscriptionPatch): Promise<void> {
    return store.updateSubscription(tx, id, patch);
  }

  // ---------- the renewal job's queue and records (workflows/subscription-renewal.ts) ----------

  // `only`: these subscriptions alone (an operator's run for some customers; tests sharing a database); all by default.
  claimDue(tx: Tx, today: string, skip: string[] = [], only: string[] | null = null): Promise<SubscriptionRow | null> {
    return store.claimDue(tx, today, skip, only);
  }

  claimRetry(tx: Tx, skip: string[] = [], only: string[] | null = null) {
    return store.claimRetry(tx, skip, only);
  }

  claimResumeDue(tx: Tx, today: string, only: string[] | null = null): Promise<SubscriptionRow | null> {
    return store.claimResumeDue(tx, today, only);
  }

  unsettledRenewals(q: Queryable, olderThanSeconds: number, limit: number, only: string[] | null = null): Promise<store.RenewalRow[]> {
    return store.unsettledRenewals(q, olderThanSeconds, limit, only);
  }

  insertRenewal(tx: Tx, r: Parameters<typeof store.insertRenewal>[1]): Promise<void> {
    return store.insertRenewal(tx, r);
  }

  findRenewalByOrder(q: Reader, orderId: string, lock = false): Promise<store.RenewalRow | null> {
    return store.findRenewalByOrder(q, orderId, lock);
  }

  latestAttempt(q: Reader, subscriptionId: string, period: string): Promise<store.RenewalRow | null> {
    return store.latestAttempt(q, subscriptionId, period);
  }

  settleRenewal(tx: Tx, key: { subscription_id: string; period: string; attempt: number }, from: store.RenewalStatus[], to: store.RenewalStatus, opts: { reason?: string | null; retryAt?: Date | null } = {}): Promise<boolean> {
    return store.settleRenewal(tx, key, from, to, opts);
  }

  stopRetries(tx: Tx, subscriptionId: string): Promise<void> {
    return store.stopRetries(tx, subscriptionId);
  }

  // ---------- privacy ----------

  exportFor(q: Queryable, customerUuid: string) {
    return store.forExport(q, customerUuid);
  }

  erase(tx: Tx, customerUuid: string): Promise<number> {
    return store.anonymise(tx, customerUuid);
  }

  // ---------- helpers ----------

  private async lockOwn(tx: Tx, customerUuid: string, id: string): Promise<SubscriptionRow> {
    requireTx(tx);
    const sub = await store.findSubscription(tx, id, { customerUuid, lock: true });
    if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
    return sub;
  }

  private async viewOf(code: string, q?: Queryable): Promise<StoreView | undefined> {
    return (await this.deps.stores.list(q)).find((v) => v.code === code);
  }

  private async planOf(q: Reader, sub: SubscriptionRow): Promise<PlanRow> {
    const plan = (await store.plansOf(q, sub.store_code)).find((p) => p.code === sub.plan_code);
    if (!plan) reject('SUBSCRIPTION_NOT_CHANGEABLE', 'This subscription plan is no longer offered');
    return plan;
  }

  private checkFutureDay(day: string, today: string, maxDays: number, field: string): void {
    const latest = addDays(today, maxDays);
    if (day <= today || day > latest) reject('VALIDATION_FAILED', `Choose a date from ${addDays(today, 1)} to ${latest}`, { field, earliest: addDays(today, 1), latest });
  }

  private async products(view: StoreView, skus: string[]): Promise<Map<string, ProductDoc>> {
    const unique = [...new Set(skus)];
    if (!unique.length) return new Map();
    return new Map((await this.deps.catalog.productsBySkus(view, unique)).map((p) => [p.sku, p]));
  }

  private async views(q: Reader, rows: SubscriptionRow[]): Promise<Subscription[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const items = await store.itemsOf(q, ids);
    const events = await store.eventsOf(q, ids);
    const cards = new Map((await this.deps.cards.cards(q, rows[0]!.customer_uuid)).map((c) => [c.id, c]));
    const out: Subscription[] = [];
    for (const r of rows) {
      const view = await this.viewOf(r.store_code, q as Queryable);
      const own = items.filter((i) => i.subscription_id === r.id);
      const docs = view ? await this.products(view, own.map((i) => i.sku)) : new Map<string, ProductDoc>();
      const products = own.map((i) => {
        const doc = docs.get(i.sku);
        const unit = doc ? finalMinor(doc) : 0;
        return { id: i.id, sku: i.sku, name: doc?.name ?? i.sku, qty: i.quantity, options: i.options, price: toMoney(unit * i.quantity, r.currency) };
      });
      const card = r.card_id ? cards.get(r.card_id) : undefined;
      out.push({
        id: r.id,
        status: r.status,
        plan_code: r.plan_code,
        plan_type: r.plan_type,
        store_code: r.store_code,
        frequency_weeks: r.frequency_weeks,
        next_delivery_date: LIVE.has(r.status) ? r.next_delivery_date : null,
        paused_until: r.paused_until,
        pause_reason: r.pause_reason,
        products,
        price: toMoney(own.reduce((sum, i) => sum + (docs.get(i.sku) ? finalMinor(docs.get(i.sku)!) * i.quantity : 0), 0), r.currency),
        address: { id: r.address_id, ...r.address, postcode: r.address.postcode ?? null, region: r.address.region ?? null, telephone: r.address.telephone ?? null },
        card: card ? { id: card.id, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year } : null,
        minimum_deliveries: r.minimum_deliveries,
        deliveries: r.deliveries,
        can_cancel: LIVE.has(r.status) && r.deliveries >= r.minimum_deliveries,
        cancel_reason: r.cancel_reason,
        cancelled_at: r.cancelled_at ? new Date(r.cancelled_at).toISOString() : null,
        created_at: new Date(r.created_at).toISOString(),
        history: events.filter((e) => e.subscription_id === r.id).map((e) => ({
          kind: e.kind, actor: e.actor, from_status: e.from_status, to_status: e.to_status, reason: e.reason, created_at: new Date(e.created_at).toISOString(),
        })),
      });
    }
    return out;
  }

  /** The console's list: subscriptions in a state, a store view, or of a customer, newest first. */
  async consoleList(q: Reader, query: SubscriptionConsoleQuery) {
    const { rows, total } = await store.listForConsole(q, { status: query.status, store: query.store, q: query.q, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { items: rows.map(consoleRow), page_info: { page: query.page, page_size: query.page_size, total } };
  }

  /** One subscription as an operator sees it: its items, every renewal attempt (dunning included) and its history. */
  async consoleDetail(q: Reader, id: string) {
    const row = await store.findSubscription(q, id);
    if (!row) throw new AppError('NOT_FOUND', 'Subscription not found');
    const [items, renewals, events] = [await store.itemsOf(q, [id]), await store.renewalsOf(q, [id]), await store.eventsOf(q, [id], 200)];
    return {
      ...consoleRow(row),
      paused_until: row.paused_until, minimum_deliveries: row.minimum_deliveries, cancel_reason: row.cancel_reason, cancelled_at: isoOrNull(row.cancelled_at),
      items: items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
      renewals: renewals.map((r) => ({ period: r.period, attempt: r.attempt, status: r.status, order_number: r.order_number, reason: r.reason, retry_at: isoOrNull(r.retry_at) })),
      history: events.map((e) => ({ kind: e.kind, actor: e.actor, from_status: e.from_status, to_status: e.to_status, reason: e.reason, created_at: isoOrNull(e.created_at)! })),
    };
  }
}


function consoleRow(r: store.SubscriptionRow) {
  return {
    id: r.id, customer_uuid: r.customer_uuid, store_code: r.store_code, plan_code: r.plan_code, plan_type: r.plan_type, status: r.status,
    frequency_weeks: r.frequency_weeks, next_delivery_date: r.next_delivery_date, deliveries: r.deliveries, pause_reason: r.pause_reason,
    created_at: isoOrNull(r.created_at)!,
  };
}
