import { randomUUID } from 'node:crypto';
import { isOrderAttributePlacement } from '@ember/contracts';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import type { Transactions } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import { faultPoint } from '../../platform/faults.js';
import { releaseStock } from '../catalog/catalog.inventory.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { TemplateParams } from '../messaging/messaging.templates.js';
import type { StoreService } from '../store/store.service.js';
import type { OrderPaymentPort, PayableOrder } from '../payments/payments.port.js';
import type { OrderDraft, OrdersPort, PlacedOrder } from './orders.contract.js';
import * as store from './orders.store.js';
import { formatMoney, hasInvoice, invoiceNumber } from './orders.mapper.js';
import { renderInvoice } from './orders.invoice.js';
import type { OrderRow } from './orders.store.js';

/**
 * What orders asks of payments when an order is cancelled: void an authorisation or refund a capture.
 * Runs in the cancelling transaction; returns the amount refunded (minor units) when known.
 */
export interface PaymentRefunds {
  refundOrVoid(tx: Tx, entityId: string): Promise<{ refunded: number } | void>;
  /** Voids the order's open payment (its method changed); a capture that still arrives is refunded. */
  supersedeOpenPayment(tx: Tx, entityId: string): Promise<void>;
  /**
   * Whether the provider took money for the order (paid, under review, being refunded). Asked with the
   * order locked, before an unpaid order is expired: such an order is not abandoned, a person decides.
   */
  holdsCapturedMoney(tx: Tx, entityId: string): Promise<boolean>;
  /**
   * Whether the order's payment waits for its customer on purpose: a renewal's charge the bank asked
   * them to authenticate, which they have days for (e-mailed a link). The expiry leaves it until then.
   */
  waitsForCustomer?(tx: Tx, entityId: string): Promise<boolean>;
}

/** Whether a payment method may be chosen for an order of a store view (the payments module knows). */
export interface PaymentMethodCatalog {
  isAvailable(storeCode: string, methodCode: string): Promise<boolean>;
}

/** Who changes a status: the customer, an operator (admin endpoint), the CLI, or the payment flow. */
export type StatusActor = 'customer' | 'operator' | 'payment' | 'system';

export interface StatusChange {
  to: string;
  actor: StatusActor;
  reason_code?: string | null;
  comment?: string | null;
  /** For shipped / shipped_to_warehouse: the parcel's tracking. */
  tracking?: { carrier: string; number: string; track_url: string | null } | null;
}

/**
 * A subscriber to order events (loyalty, referral). It runs in the delivering transaction and must be
 * idempotent: delivery is at least once.
 */
export type OrderEventHandler = (tx: Tx, event: store.OrderEvent) => Promise<void>;

/** Statuses that count as the order having reached the customer. */
const DELIVERED_STATUSES = new Set(['delivered', 'complete']);

function eventTypeFor(status: string): store.OrderEventType {
  if (DELIVERED_STATUSES.has(status)) return 'delivered';
  if (status === 'canceled') return 'canceled';
  if (status === 'returned') return 'refunded';
  return 'status_changed';
}

/** Until the payments module is wired in, cancelling refunds nothing (there is no payment to refund). */
export const noPaymentRefunds: PaymentRefunds = {
  refundOrVoid: async () => undefined, supersedeOpenPayment: async () => undefined, holdsCapturedMoney: async () => false,
};
/** Until the payments module is wired in, any well-formed method code is accepted. */
export const anyPaymentMethod: PaymentMethodCatalog = { isAvailable: async () => true };

/** What one expiry sweep did, by order entity_id. */
export interface UnpaidExpiryReport {
  canceled: string[];
  /** Still awaiting payment, but the provider took money for them: left for a person. */
  kept: string[];
  /** Their cancellation failed and rolled back; the next sweep tries again. */
  failed: { entity_id: string; error: unknown }[];
}

/** The order with everything the APIs show about it. */
export interface OrderView {
  order: OrderRow;
  items: store.ItemRow[];
  addresses: store.AddressRow[];
  discounts: store.TotalLineRow[];
  taxes: store.TotalLineRow[];
  attributes: { code: string; value: string }[];
  history: store.HistoryRow[];
  shipments: { uid: string; number: string; created_at: Date; tracks: { carrier: string; number: string; track_url: string | null }[] }[];
}

/** What a guest gives to look up their order: number and e-mail, and the billing postcode or last name. */
export interface GuestOrderFacts {
  number: string;
  email: string;
  postcode?: string | null;
  lastname?: string | null;
}

const PAYABLE = new Set(['pending_payment', 'payment_failed']);
const PAYMENT_CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** The order number customers see: the store view's code and its per-store counter, e.g. GB-000000042. */
/** What an order number of a store view starts with: `GB-`, `GB-TRIAL-`; the database adds the sequence value. */
export function orderNumberPrefix(storeCode: string): string {
  return `${storeCode.toUpperCase().replace(/_/g, '-')}-`;
}

/** The number of the `sequence`-th order of a store view, as insertOrder writes it. */
export function orderNumberFor(storeCode: string, sequence: number): string {
  return `${orderNumberPrefix(storeCode)}${String(sequence).padStart(9, '0')}`;
}

/**
 * The sales side: placed orders, their statuses and history, cancellation with stock release, and
 * the order side of payments. Every write runs in the caller's transaction.
 */
/** What an order e-mail shows: money in minor units, formatted in the store view's locale when sent. */
interface OrderMailFacts {
  order_number: string;
  email: string;
  language: string;
  locale: string;
  currency: string;
  firstname: string;
  items: { quantity: number; name: string; row_total: number }[];
  subtotal: number;
  discounts: { label: string; amount: number }[];
  shipping: number;
  taxes: { title: string; amount: number }[];
  grand_total: number;
}

export class OrdersService implements OrdersPort, OrderPaymentPort {
  private refunds: PaymentRefunds = noPaymentRefunds;
  private methods: PaymentMethodCatalog = anyPaymentMethod;
  private readonly subscribers = new Map<string, OrderEventHandler>();
  private readonly attributeCache = new TtlCache<store.AttributeRow[]>(60_000, 100);

  constructor(
    private readonly db: Reader,
    private readonly stores: StoreService,
    private readonly messaging: MessagingService,
  ) {}

  /** Wires the payments module in (void/refund on cancel, methods for a new payment attempt). */
  usePayments(deps: { refunds?: PaymentRefunds; methods?: PaymentMethodCatalog }): void {
    if (deps.refunds) this.refunds = deps.refunds;
    if (deps.methods) this.methods = deps.methods;
  }

  /** Adds a subscriber to order events (placed, status changes); `name` keys its deliveries. */
  subscribe(name: string, handler: OrderEventHandler): void {
    this.subscribers.set(name, handler);
  }

  /**
   * Delivers waiting order events to every subscriber, each event in its own transaction with its
   * delivery mark, oldest first. Returns how many deliveries were made. `orderIds`: only the events
   * of these orders (a caller that must see their effects now; every event is delivered at least once either way).
   */
  async deliverEvents(run: Transactions, limit = 100, orderIds: string[] | null = null): Promise<number> {
    let delivered = 0;
    for (const [name, handler] of this.subscribers) {
      for (const event of await store.undeliveredEvents(this.db, name, limit, orderIds)) {
        const done = await run(async (tx) => {
          if (!(await store.claimEvent(tx, name, event.id))) return false;
          await handler(tx, event);
          return true;
        });
        if (done) delivered++;
      }
    }
    return delivered;
  }

  // ---------- OrdersPort (checkout) ----------

  async createOrder(tx: Tx, draft: OrderDraft): Promise<PlacedOrder> {
    const view = await this.stores.resolve(draft.store_code, tx);
    checkDraft(draft, view.website_code, view.base_currency_code);
    const entityId = randomUUID();
    const discountTotal = draft.totals.discounts.reduce((s, d) => s + d.amount, 0);
    const taxTotal = draft.totals.taxes.reduce((s, t) => s + t.amount, 0);
    const inserted = await store.insertOrder(tx, {
      entity_id: entityId,
      store_code: view.code,
      website_code: view.website_code,
      cart_id: draft.cart_id,
      customer_uuid: draft.customer_uuid,
      email: draft.email.trim().toLowerCase(),
      language: view.language,
      status: draft.initial_status,
      currency: draft.currency,
      subtotal_incl_tax: draft.totals.subtotal_incl_tax,
      subtotal_excl_tax: draft.totals.subtotal_excl_tax,
      discount_total: discountTotal,
      shipping_incl_tax: draft.totals.shipping_incl_tax,
      tax_total: taxTotal,
      grand_total: draft.totals.grand_total,
      shipping: draft.shipping,
      payment_method_code: draft.payment_method_code,
      coupon_codes: draft.coupon_codes,
      accepted_agreements: draft.accepted_agreements,
      total_after_trial: draft.total_after_trial ?? null,
    }, orderNumberPrefix(view.code));
    // Another transaction placed an order from this cart first: this attempt must roll back (its stock too).
    if (!inserted) throw new AppError('CART_NOT_ACTIVE', 'An order has already been placed from this cart');
    const orderNumber = inserted.order_number;
    const orderId = inserted.id;
    store.insertOrderParts(tx, orderId, {
      items: draft.items.map((item) => ({ ...item, uid: randomUUID() })),
      addresses: [
        { kind: 'billing' as const, address: draft.billing_address },
        ...(draft.shipping_address ? [{ kind: 'shipping' as const, address: draft.shipping_address }] : []),
      ],
      totalLines: [
        ...draft.totals.discounts.map((d, i) => ({ kind: 'discount' as const, position: i, label: d.label, amount: d.amount, coupon_code: d.coupon_code, rate_percent: null })),
        ...draft.totals.taxes.map((t, i) => ({ kind: 'tax' as const, position: i, label: t.title, amount: t.amount, coupon_code: null, rate_percent: t.rate_percent })),
      ],
      attributes: draft.additional_attributes,
      history: { to_status: draft.initial_status, actor: 'checkout' },
      event: {
        order_id: entityId, order_number: orderNumber, customer_uuid: draft.customer_uuid, store_code: view.code, type: 'placed',
        status: draft.initial_status, grand_total: draft.totals.grand_total, refunded_total: 0, currency: draft.currency,
      },
    });
    // A crash-recovery test kills the process here: the order is written, its message not yet queued.
    faultPoint('checkout.before-confirmation');
    // Something to pay: the order is received and waits for the provider; the confirmation follows the
    // payment (markPaid). Nothing to pay: the order is confirmed as it is placed.
    // Written from the draft just stored, so the placement reads nothing back for its e-mail.
    this.sendOrderMail(tx, draft.initial_status === 'pending_payment' ? 'order_received' : 'order_confirmed', {
      order_number: orderNumber, email: draft.email.trim().toLowerCase(), language: view.language, locale: view.locale, currency: draft.currency,
      firstname: draft.billing_address.firstname || draft.billing_address.lastname || '',
      items: draft.items.map((i) => ({ quantity: i.quantity, name: i.name, row_total: i.row_total_incl_tax })),
      subtotal: draft.totals.subtotal_incl_tax,
      discounts: draft.totals.discounts.map((d) => ({ label: d.label, amount: d.amount })),
      shipping: draft.totals.shipping_incl_tax,
      taxes: draft.totals.taxes.map((t) => ({ title: t.title, amount: t.amount })),
      grand_total: draft.totals.grand_total,
    });
    return { entity_id: entityId, order_number: orderNumber };
  }

  async findOrderByCart(tx: Tx, cartId: string): Promise<PlacedOrder | null> {
    const row = await store.findOrderByCartId(tx, cartId);
    return row ? { entity_id: row.entity_id, order_number: row.order_number } : null;
  }

  /**
   * Marks what an order waiting for payment holds stock for (`keys`: digests of the buyer's e-mail,
   * delivery address and client address) and answers, per key, how many orders now wait with it,
   * this one included. Keys are locked until the caller commits (docs/decisions/0033).
   */
  async holdForPayment(tx: Tx, entityId: string, keys: string[]): Promise<Map<string, number>> {
    const counts = await store.holdForPayment(tx, entityId, keys);
    if (!counts) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    return counts;
  }

  // ---------- Reading ----------

  /** The full views of these orders, in the given order. */
  async views(db: Queryable, orders: OrderRow[]): Promise<OrderView[]> {
    const ids = orders.map((o) => o.id);
    const [items, addresses, lines, attributes, history, tracks] = await Promise.all([
      store.itemsOf(db, ids),
      store.addressesOf(db, ids),
      store.totalLinesOf(db, ids),
      store.attributeValuesOf(db, ids),
      store.historyOf(db, ids),
      store.tracksOf(db, ids),
    ]);
    return orders.map((order) => {
      const shipments = new Map<string, OrderView['shipments'][number]>();
      for (const t of tracks.filter((t) => t.order_id === order.id)) {
        const s = shipments.get(t.shipment_uid) ?? { uid: t.shipment_uid, number: t.shipment_number, created_at: t.shipment_created_at, tracks: [] };
        if (t.number) s.tracks.push({ carrier: t.carrier!, number: t.number, track_url: t.track_url });
        shipments.set(t.shipment_uid, s);
      }
      const mine = lines.filter((l) => l.order_id === order.id);
      return {
        order,
        items: items.filter((i) => i.order_id === order.id),
        addresses: addresses.filter((a) => a.order_id === order.id),
        discounts: mine.filter((l) => l.kind === 'discount'),
        taxes: mine.filter((l) => l.kind === 'tax'),
        attributes: attributes.filter((a) => a.order_id === order.id).map(({ code, value }) => ({ code, value })),
        history: history.filter((h) => h.order_id === order.id),
        shipments: [...shipments.values()],
      };
    });
  }

  /** A page of the customer's orders. */
  async listForCustomer(q: store.OrderListQuery): Promise<{ views: OrderView[]; total: number }> {
    const { rows, total } = await store.listCustomerOrders(this.db, q);
    return { views: await this.views(this.db, rows), total };
  }

  /**
   * One of the customer's orders by number, entity_id or its base64 uid; anything else, including
   * another customer's order, is ORDER_NOT_FOUND.
   */
  async getForCustomer(db: Queryable, customerUuid: string, ref: string, lock = false): Promise<OrderRow> {
    const row = await this.findByRef(db, ref, lock);
    if (!row || row.customer_uuid !== customerUuid) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    return row;
  }

  async viewForCustomer(customerUuid: string, ref: string): Promise<OrderView> {
    const row = await this.getForCustomer(this.db, customerUuid, ref);
    return (await this.views(this.db, [row]))[0]!;
  }

  /**
   * A guest's own order (Magento's guestOrder): found only when the number, the order's e-mail and the
   * billing address's postcode or last name all match (compared without regard to case and spacing).
   * Every mismatch answers the same ORDER_NOT_FOUND, so no part can be guessed on its own; an order of
   * an account, once all facts match, asks the customer to sign in.
   */
  async viewForGuest(facts: GuestOrderFacts): Promise<OrderView> {
    const notFound = () => new AppError('ORDER_NOT_FOUND', 'No order matches these details');
    const fold = (v: string) => v.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
    const row = await store.findOrderByNumber(this.db, facts.number.trim().toUpperCase());
    const view = row ? (await this.views(this.db, [row]))[0]! : null;
    const billing = view?.addresses.find((a) => a.kind === 'billing');
    const emailOk = !!view && view.order.email.toLowerCase() === facts.email.trim().toLowerCase();
    const postcodeOk = !!facts.postcode?.trim() && !!billing?.postcode && fold(billing.postcode) === fold(facts.postcode);
    const lastnameOk = !!facts.lastname?.trim() && !!billing && fold(billing.lastname) === fold(facts.lastname);
    if (!view || !emailOk || !(postcodeOk || lastnameOk)) throw notFound();
    if (view.order.customer_uuid) throw new AppError('UNAUTHORISED', 'Please sign in to view this order.');
    return view;
  }

  /** An order by number, entity_id or base64 uid, with no ownership check (operators). */
  /**
   * Brings the order's refunded total in line with its payment after a refund of part of it (an
   * operator's, a return's): what was captured less what the payment has left to give back, never
   * more than the order's total nor less than before. Answers the total.
   */
  async syncRefunded(tx: Tx, entityId: string, remaining: number): Promise<number> {
    const order = await store.findOrderByEntityId(tx, entityId);
    if (!order || order.amount_paid === null) return order?.refunded_total ?? 0;
    const total = Math.min(order.grand_total, Math.max(order.refunded_total, order.amount_paid - remaining));
    if (total !== order.refunded_total) await store.setRefunded(tx, order.id, total);
    return total;
  }

  async findByRef(db: Queryable, ref: string, lock = false): Promise<OrderRow | null> {
    const trimmed = ref.trim();
    if (!trimmed || trimmed.length > 100) return null;
    const byId = await store.findOrderByEntityId(db, trimmed, lock);
    if (byId) return byId;
    const decoded = Buffer.from(trimmed, 'base64').toString('utf8');
    if (/^[0-9a-f-]{36}$/i.test(decoded)) {
      const byUid = await store.findOrderByEntityId(db, decoded, lock);
      if (byUid) return byUid;
    }
    return store.findOrderByNumber(db, trimmed.toUpperCase(), lock);
  }

  /** The invoice PDF of one of the customer's orders; another customer's order is ORDER_NOT_FOUND. */
  async invoiceForCustomer(customerUuid: string, ref: string): Promise<{ number: string; pdf: Buffer }> {
    const view = await this.viewForCustomer(customerUuid, ref);
    if (!hasInvoice(view)) throw new AppError('ENTITY_NOT_FOUND', 'This order has no invoice yet');
    const storeView = (await this.stores.list()).find((s) => s.code === view.order.store_code);
    return {
      number: invoiceNumber(view.order.order_number),
      pdf: renderInvoice(view, { seller: 'Ember', locale: storeView?.locale ?? (view.order.language === 'de' ? 'de_DE' : 'en_GB') }),
    };
  }

  /** Every order of a customer with its lines and addresses, for a data-subject export (amounts in minor units). */
  async exportFor(db: Queryable, customerUuid: string) {
    const { rows } = await store.listCustomerOrders(db, {
      customer_uuid: customerUuid, store_codes: null, number: null, statuses: null,
      sort_field: 'created_at', sort_direction: 'ASC', limit: 10_000, offset: 0,
    });
    const views = await this.views(db, rows);
    return views.map((v) => ({
      number: v.order.order_number,
      placed_at: new Date(v.order.created_at).toISOString(),
      store_code: v.order.store_code,
      status: v.order.status,
      email: v.order.email,
      currency: v.order.currency,
      grand_total: v.order.grand_total,
      refunded_total: v.order.refunded_total,
      payment_method_code: v.order.payment_method_code,
      items: v.items.map((i) => ({ sku: i.sku, name: i.name, quantity: i.qty_ordered, row_total: i.row_total_incl_tax })),
      addresses: v.addresses.map(({ order_id: _orderId, ...a }) => a),
      additional_attributes: v.attributes,
      accepted_agreements: v.order.accepted_agreements,
      history: v.history.map((h) => ({ status: h.to_status, at: new Date(h.created_at).toISOString() })),
    }));
  }

  statuses(language: string): Promise<store.StatusRow[]> {
    return store.listStatuses(this.db, language);
  }

  /**
   * The store view's active order attribute definitions. Every placeOrder checks against them, and
   * they change only by configuration: kept in memory, dropped when a change is announced as
   * `config` (db/migrations/0034), at most a minute for a process that hears no announcements.
   */
  attributes(storeCode: string, reader: Reader = this.db): Promise<store.AttributeRow[]> {
    return this.attributeCache.through(storeCode, async () => {
      const rows = await store.listAttributes(reader, storeCode);
      // Spec §2: an attribute at a placement the checkout does not know is dropped with a warning,
      // so it is neither shown nor required (docs/decisions/0074).
      for (const r of rows) if (!isOrderAttributePlacement(r.placement)) this.warn({ event: 'order_attribute.dropped', store: storeCode, code: r.code, placement: r.placement }, 'order attribute at an unknown placement dropped');
      return rows.filter((r) => isOrderAttributePlacement(r.placement));
    });
  }

  /** Where the service's warnings go (the app's log). */
  private warn: (data: object, message: string) => void = () => undefined;

  useLog(log: { warn(data: object, message: string): void }): void {
    this.warn = (data, message) => log.warn(data, message);
  }

  /** Drops what is kept of the configuration (attribute definitions). */
  invalidate(): void {
    this.attributeCache.clear();
  }

  async deliveryLimits(storeCode: string): Promise<{ mode: string | null; limits: { id: string; country_id: string; name: string }[] }> {
    const rows = await store.listDeliveryLimits(this.db, storeCode);
    return { mode: rows[0]?.mode ?? null, limits: rows.map(({ id, country_id, name }) => ({ id, country_id, name })) };
  }

  // ---------- Customer actions ----------

  /**
   * Cancels one of the customer's orders while its status is cancelable: stock goes back, payments is
   * asked to void or refund, the history records it. The row lock makes a concurrent second cancel
   * wait and then find the order already cancelled, so stock is released exactly once.
   */
  async cancelByCustomer(tx: Tx, customerUuid: string, ref: string, reason: string | null): Promise<OrderRow> {
    const order = await this.getForCustomer(tx, customerUuid, ref, true);
    const view = await this.stores.resolve(order.store_code, tx).catch(() => null);
    if (view && !view.order_cancellation_enabled) throw new AppError('ORDER_NOT_CANCELABLE', 'Orders cannot be cancelled in this store');
    const statuses = await store.listStatuses(tx, order.language);
    if (!statuses.find((s) => s.code === order.status)?.cancelable) {
      throw new AppError('ORDER_NOT_CANCELABLE', 'This order can no longer be cancelled');
    }
    await this.cancelLocked(tx, order, { actor: 'customer', reason_code: 'customer_request', comment: reason });
    return (await store.findOrderByEntityId(tx, order.entity_id))!;
  }

  /**
   * Chooses the payment method of an order still waiting for payment (pending_payment, or
   * payment_failed, which then waits again); the open payment of the old method is voided.
   */
  async updatePaymentMethod(tx: Tx, customerUuid: string, ref: string, methodCode: string): Promise<OrderRow> {
    const order = await this.getForCustomer(tx, customerUuid, ref, true);
    if (!PAYABLE.has(order.status)) throw new AppError('ORDER_NOT_PAYABLE', 'The order is not awaiting payment');
    if (!PAYMENT_CODE.test(methodCode) || !(await this.methods.isAvailable(order.store_code, methodCode))) {
      throw new AppError('VALIDATION_FAILED', 'This payment method is not available', { field: 'payment_method.code' });
    }
    await this.switchMethodLocked(tx, order, methodCode, 'customer');
    return (await store.findOrderByEntityId(tx, order.entity_id))!;
  }

  // ---------- Operators ----------

  /**
   * Moves an order to another status as an operator: only along the allowed transitions; shipping
   * records a shipment with its tracking; cancelling releases stock and voids or refunds.
   */
  async changeStatus(tx: Tx, ref: string, change: StatusChange): Promise<OrderRow> {
    const order = await this.findByRef(tx, ref, true);
    if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    if (!(await store.isTransitionAllowed(tx, order.status, change.to))) {
      throw new AppError('ORDER_STATUS_NOT_ALLOWED', `An order cannot move from ${order.status} to ${change.to}`, { from: order.status, to: change.to });
    }
    if (change.to === 'canceled') {
      await this.cancelLocked(tx, order, change);
    } else {
      if (change.to === 'shipped' || change.to === 'shipped_to_warehouse') {
        const shipped = await store.countShipments(tx, order.id);
        if (!change.tracking && shipped === 0) {
          throw new AppError('VALIDATION_FAILED', 'Shipping needs a carrier and a tracking number', { field: 'tracking' });
        }
        if (change.tracking) {
          await store.insertShipment(tx, order.id, { uid: randomUUID(), number: `${order.order_number}-S${shipped + 1}`, track: change.tracking });
          await this.notify(tx, order, 'order_shipped', { carrier: change.tracking.carrier, tracking_number: change.tracking.number, track_url: change.tracking.track_url });
        }
      }
      await this.moveLocked(tx, order, change.to, change);
    }
    return (await store.findOrderByEntityId(tx, order.entity_id))!;
  }

  // ---------- Background jobs ----------

  /**
   * Cancels orders that have waited for payment (pending_payment or payment_failed) longer than
   * `olderThanMinutes` (a guest's: `guestOlderThanMinutes`, when shorter) since their last change, as a cancellation does: stock back, the open payment
   * voided through the payments port, history, e-mail, order event. One transaction per order, each
   * claimed with SKIP LOCKED, so sweeps in several processes share the work and never cancel an order
   * twice; an order paid meanwhile no longer matches once its row is locked, and one the provider took
   * money for is kept. Handles at most `limit` orders; a failure rolls back that order only.
   */
  async expireUnpaidOrders(run: Transactions, opts: { olderThanMinutes: number; guestOlderThanMinutes?: number; limit?: number }): Promise<UnpaidExpiryReport> {
    const guestMinutes = Math.min(opts.guestOlderThanMinutes ?? opts.olderThanMinutes, opts.olderThanMinutes);
    const limit = opts.limit ?? 50;
    const report: UnpaidExpiryReport = { canceled: [], kept: [], failed: [] };
    const skip: string[] = [];
    while (skip.length < limit) {
      // Set inside the transaction, read after it: which order this round claimed, if any.
      const round: { claimed: string | null } = { claimed: null };
      try {
        const outcome = await run(async (tx) => {
          round.claimed = null;
          const order = await store.claimUnpaidOrder(tx, { olderThanSeconds: opts.olderThanMinutes * 60, guestOlderThanSeconds: guestMinutes * 60, skip });
          if (!order) return null;
          round.claimed = order.entity_id;
          if (await this.refunds.holdsCapturedMoney(tx, order.entity_id)) return 'kept' as const;
          if (await this.refunds.waitsForCustomer?.(tx, order.entity_id)) return 'waiting' as const;
          await this.cancelLocked(tx, order, { actor: 'system', reason_code: 'payment_expired', comment: `Not paid within ${order.customer_uuid ? opts.olderThanMinutes : guestMinutes} minutes` });
          return 'canceled' as const;
        });
        if (!outcome || !round.claimed) break;
        if (outcome !== 'waiting') report[outcome].push(round.claimed);
        skip.push(round.claimed);
      } catch (error) {
        // Nothing was claimed: the database itself failed, so this sweep ends.
        if (!round.claimed) throw error;
        report.failed.push({ entity_id: round.claimed, error });
        skip.push(round.claimed);
      }
    }
    return report;
  }

  // ---------- OrderPaymentPort (payments) ----------

  async findPayableOrder(tx: Tx, entityId: string, owner: { customerUuid: string | null; cartId: string | null }): Promise<PayableOrder | null> {
    const order = await store.findOrderByEntityId(tx, entityId, true);
    if (!order) return null;
    const mine = order.customer_uuid
      ? owner.customerUuid !== null && owner.customerUuid === order.customer_uuid
      : owner.cartId !== null && owner.cartId === order.cart_id;
    return mine ? payable(order) : null;
  }

  async findOrderForProvider(tx: Tx, entityId: string): Promise<PayableOrder | null> {
    const order = await store.findOrderByEntityId(tx, entityId, true);
    return order ? payable(order) : null;
  }

  async markPaid(tx: Tx, entityId: string, payment: { payment_uuid: string; provider_reference: string; amount: number; currency: string }): Promise<void> {
    const order = await store.findOrderByEntityId(tx, entityId, true);
    if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    // A repeated provider callback for the payment already recorded changes nothing.
    if (order.payment_uuid && order.payment_uuid === payment.payment_uuid) return;
    if (!PAYABLE.has(order.status) || order.paid_at) throw new AppError('ORDER_NOT_PAYABLE', `An order in status ${order.status} cannot be paid`);
    if (!Number.isSafeInteger(payment.amount) || payment.amount !== order.grand_total || payment.currency !== order.currency) {
      throw new AppError('PAYMENT_MISMATCH', 'The payment does not match the order total', {
        expected: { amount: order.grand_total, currency: order.currency },
      });
    }
    await store.recordPayment(tx, order.id, payment);
    await this.moveLocked(tx, order, 'payment_completed', { actor: 'payment', reason_code: null, comment: payment.provider_reference.slice(0, 200) });
    // Sent here, in the transaction that records the payment, and only on this one move: a repeated
    // notification returned above, so the order is confirmed exactly once.
    this.sendOrderMail(tx, 'order_confirmed', await this.storedMailFacts(tx, order));
  }

  async changePaymentMethod(tx: Tx, entityId: string, methodCode: string): Promise<PayableOrder> {
    const order = await store.findOrderByEntityId(tx, entityId, true);
    if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    if (!PAYABLE.has(order.status)) throw new AppError('ORDER_NOT_PAYABLE', 'The order is not awaiting payment');
    // Payments checked the method against the store view's; the shopper is the payments caller.
    await this.switchMethodLocked(tx, order, methodCode, order.customer_uuid ? 'customer' : 'guest');
    return payable((await store.findOrderByEntityId(tx, entityId))!);
  }

  async markPaymentFailed(tx: Tx, entityId: string, reason: { code: string; message: string }): Promise<void> {
    const order = await store.findOrderByEntityId(tx, entityId, true);
    if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    // Late or repeated failure reports never undo a payment or a later status.
    if (order.status !== 'pending_payment') return;
    await this.moveLocked(tx, order, 'payment_failed', { actor: 'payment', reason_code: reasonCode(reason.code), comment: reason.message.slice(0, 500) });
  }

  // ---------- internals ----------

  private async moveLocked(tx: Tx, order: OrderRow, to: string, change: { actor: StatusActor; reason_code?: string | null; comment?: string | null }): Promise<void> {
    const reasonMessage = change.comment ? change.comment.slice(0, 500) : null;
    const moved = await store.updateStatus(tx, order.id, order.status, to, { code: change.reason_code ?? null, message: change.reason_code ? reasonMessage : null });
    if (!moved) throw new AppError('ORDER_STATUS_NOT_ALLOWED', 'The order changed meanwhile, try again');
    await store.insertHistory(tx, { order_id: order.id, from_status: order.status, to_status: to, actor: change.actor, reason_code: change.reason_code ?? null, comment: change.comment ?? null });
    // Subscribers (loyalty, referral) learn about the change from the outbox, written in this transaction.
    await store.insertEvent(tx, {
      order_id: order.entity_id, order_number: order.order_number, customer_uuid: order.customer_uuid, store_code: order.store_code,
      type: eventTypeFor(to), status: to, grand_total: order.grand_total, refunded_total: order.refunded_total, currency: order.currency,
    });
  }

  /**
   * Sets a waiting order's payment method. A failed order waits for payment again, with a fresh expiry
   * window (decision 0019); one still pending keeps its clock (switching methods must not hold stock for
   * ever). Either way the old method's open payment is voided.
   */
  private async switchMethodLocked(tx: Tx, order: OrderRow, methodCode: string, actor: 'customer' | 'guest'): Promise<void> {
    const change = { actor: 'customer' as const, reason_code: 'payment_method_changed', comment: actor === 'guest' ? `${methodCode} (guest)` : methodCode };
    if (order.status === 'payment_failed') {
      await store.setPaymentMethod(tx, order.id, methodCode, { touch: true });
      await this.moveLocked(tx, order, 'pending_payment', change);
    } else if (order.payment_method_code !== methodCode) {
      // No history row: the status stays (history records moves between statuses only).
      await store.setPaymentMethod(tx, order.id, methodCode, { touch: false });
    }
    await this.refunds.supersedeOpenPayment(tx, order.entity_id);
  }

  /** The facts of a stored order its e-mail shows, read in the changing transaction. */
  private async storedMailFacts(tx: Tx, order: OrderRow): Promise<OrderMailFacts> {
    const [items, lines, addresses] = await Promise.all([store.itemsOf(tx, [order.id]), store.totalLinesOf(tx, [order.id]), store.addressesOf(tx, [order.id])]);
    const view = await this.stores.resolve(order.store_code, tx).catch(() => null);
    const billing = addresses.find((a) => a.kind === 'billing');
    return {
      order_number: order.order_number, email: order.email, language: order.language,
      locale: view?.locale ?? (order.language === 'de' ? 'de_DE' : 'en_GB'), currency: order.currency,
      firstname: billing?.firstname || billing?.lastname || '',
      items: items.map((i) => ({ quantity: i.qty_ordered, name: i.name, row_total: i.row_total_incl_tax })),
      subtotal: order.subtotal_incl_tax,
      discounts: lines.filter((l) => l.kind === 'discount').map((l) => ({ label: l.label, amount: l.amount })),
      shipping: order.shipping_incl_tax,
      taxes: lines.filter((l) => l.kind === 'tax').map((l) => ({ title: l.label, amount: l.amount })),
      grand_total: order.grand_total,
    };
  }

  /**
   * The order e-mail (received, awaiting payment; or confirmed) with every line and every total line,
   * in the order's language and its store view's money format, written in the changing transaction.
   */
  private sendOrderMail(tx: Tx, template: 'order_received' | 'order_confirmed', order: OrderMailFacts): void {
    const money = (n: number) => formatMoney(n, order.currency, order.locale);
    this.messaging.queue(tx, {
      channel: 'email',
      recipient: order.email,
      template,
      language: order.language,
      params: {
        order_number: order.order_number,
        firstname: order.firstname,
        lines: order.items.map((i) => ({ quantity: i.quantity, name: i.name, row_total: money(i.row_total) })),
        subtotal: money(order.subtotal),
        discounts: order.discounts.map((d) => ({ label: d.label, amount: money(d.amount) })),
        shipping: money(order.shipping),
        taxes: order.taxes.map((t) => ({ title: t.title, amount: money(t.amount) })),
        grand_total: money(order.grand_total),
      },
    });
  }

  private async cancelLocked(tx: Tx, order: OrderRow, change: { actor: StatusActor; reason_code?: string | null; comment?: string | null }): Promise<void> {
    await this.moveLocked(tx, order, 'canceled', change);
    const items = await store.itemsOf(tx, [order.id]);
    await releaseStock(
      tx,
      items.filter((i) => i.qty_ordered - i.qty_shipped - i.qty_canceled > 0).map((i) => ({ product_id: i.product_id, quantity: i.qty_ordered - i.qty_shipped - i.qty_canceled })),
    );
    await store.cancelItems(tx, order.id);
    const refund = await this.refunds.refundOrVoid(tx, order.entity_id);
    if (refund && refund.refunded > 0) await store.setRefunded(tx, order.id, Math.min(order.grand_total, refund.refunded));
    await this.notify(tx, order, 'order_canceled', {});
  }

  /** Tells the customer about their order by e-mail, in the order's language, in the changing transaction. */
  private async notify<T extends 'order_shipped' | 'order_canceled'>(
    tx: Tx,
    order: OrderRow,
    template: T,
    params: Omit<TemplateParams<T>, 'order_number' | 'firstname'>,
  ): Promise<void> {
    const billing = (await store.addressesOf(tx, [order.id])).find((a) => a.kind === 'billing');
    await this.messaging.enqueue(tx, {
      channel: 'email',
      recipient: order.email,
      template,
      language: order.language,
      params: { ...params, order_number: order.order_number, firstname: billing?.firstname || billing?.lastname || '' } as TemplateParams<T>,
    });
  }
}

function payable(o: OrderRow): PayableOrder {
  return {
    entity_id: o.entity_id,
    order_number: o.order_number,
    store_code: o.store_code,
    customer_uuid: o.customer_uuid,
    grand_total: o.grand_total,
    currency: o.currency,
    status: o.status,
    payment_method_code: o.payment_method_code,
  };
}

function reasonCode(code: string): string {
  const cleaned = code.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64);
  return cleaned || 'payment_failed';
}

/** A draft that breaks the order invariants is a checkout bug: refuse it loudly before writing. */
function checkDraft(d: OrderDraft, websiteCode: string, currency: string): void {
  const problems: string[] = [];
  if (d.website_code !== websiteCode) problems.push(`website_code ${d.website_code} is not the store view's ${websiteCode}`);
  if (d.currency !== currency) problems.push(`currency ${d.currency} is not the store view's ${currency}`);
  if (!d.items.length) problems.push('no items');
  for (const i of d.items) {
    if (!Number.isSafeInteger(i.quantity) || i.quantity <= 0) problems.push(`${i.sku}: quantity`);
    if (i.row_total_incl_tax !== i.unit_price_incl_tax * i.quantity) problems.push(`${i.sku}: row total is not quantity × unit price`);
  }
  const t = d.totals;
  const discounts = t.discounts.reduce((s, x) => s + x.amount, 0);
  if (t.grand_total !== t.subtotal_incl_tax - discounts + t.shipping_incl_tax) problems.push('grand_total is not subtotal − discounts + shipping');
  if (t.shipping_incl_tax !== (d.shipping?.amount_incl_tax ?? 0)) problems.push('shipping_incl_tax is not the shipping amount');
  if (!PAYMENT_CODE.test(d.payment_method_code)) problems.push('payment_method_code');
  if (problems.length) throw new Error(`Invalid order draft: ${problems.join('; ')}`);
}
