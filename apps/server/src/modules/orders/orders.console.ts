import type { ConsoleOrderDetail, ConsoleOrderListQuery, ConsoleOrderRow } from '@ember/contracts';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { StoreService } from '../store/store.service.js';
import * as consoleStore from './orders.console.store.js';
import { formatMoney } from './orders.mapper.js';
import type { OrdersService } from './orders.service.js';
import * as store from './orders.store.js';
import type { OrderRow } from './orders.store.js';
import { isoOrNull } from '../../platform/sql.js';

/** What payments does for an operator's refund of part or all of an order's captured payment. */
export interface PartialRefunds {
  refundPart(tx: Tx, orderEntityId: string, amount: number, idempotencyKey: string): Promise<{ refunded: number; remaining: number }>;
}

/** The facts an operator's change records in the audit log: ids, statuses and amounts, never names or addresses. */
export interface OrderFacts {
  status: string;
  grand_total: number;
  refunded_total: number;
  currency: string;
}

export const orderFacts = (o: OrderRow): OrderFacts => ({ status: o.status, grand_total: o.grand_total, refunded_total: o.refunded_total, currency: o.currency });


function paymentStatusOf(o: OrderRow): consoleStore.PaymentStatus {
  if (o.refunded_total > 0) return o.refunded_total >= o.grand_total ? 'refunded' : 'partially_refunded';
  if (o.paid_at) return 'paid';
  return o.grand_total === 0 ? 'not_required' : 'unpaid';
}

/** What can still be refunded of an order: its captured amount less what went back. */
function refundableOf(o: OrderRow): number {
  return o.amount_paid === null ? 0 : Math.max(0, o.amount_paid - o.refunded_total);
}

/**
 * The operator console's side of orders: the searchable list, the detail an operator acts on, the
 * partial refund and the resending of order e-mails. Every write runs in the caller's transaction.
 */
export class OrdersConsole {
  constructor(
    private readonly orders: OrdersService,
    private readonly stores: StoreService,
    private readonly messaging: MessagingService,
  ) {}

  /** One page of the console's order list. */
  async list(db: Reader, q: ConsoleOrderListQuery): Promise<{ items: ConsoleOrderRow[]; total: number; capped: boolean }> {
    const { rows, total, capped } = await consoleStore.listOrders(db, {
      q: q.q ?? null,
      statuses: q.status ?? null,
      store_code: q.store ?? null,
      payment_statuses: q.payment_status ?? null,
      from: q.from ?? null,
      to: q.to ?? null,
      sort: q.sort,
      direction: q.direction,
      limit: q.page_size,
      offset: (q.page - 1) * q.page_size,
    });
    return { items: rows.map(toRow), total, capped };
  }

  /** A customer's most recent orders and how many they have. */
  async recentOf(db: Reader, customerUuid: string, limit: number) {
    const { rows, total } = await consoleStore.listOrders(db, {
      q: null, statuses: null, store_code: null, payment_statuses: null, from: null, to: null, customer_uuid: customerUuid,
      sort: 'created_at', direction: 'desc', limit, offset: 0,
    });
    return { total, recent: rows.map((r) => ({ number: r.order_number, created_at: r.created_at.toISOString(), store_code: r.store_code, status: r.status, grand_total: { amount: r.grand_total, currency: r.currency }, payment_status: r.payment_status })) };
  }

  /** An order by number (or entity id), ORDER_NOT_FOUND otherwise. */
  async get(db: Queryable, ref: string, lock = false): Promise<OrderRow> {
    const row = await this.orders.findByRef(db, ref, lock);
    if (!row) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    return row;
  }

  /** Everything the console shows of one order; `deviceSerials` are the devices recorded as shipped with it. */
  async detail(db: Reader, ref: string, deviceSerials: (orderNumber: string) => Promise<string[]>): Promise<ConsoleOrderDetail> {
    const row = await this.get(db, ref);
    const [[view], next, serials] = await Promise.all([this.orders.views(db, [row]), consoleStore.nextStatuses(db, row.status), deviceSerials(row.order_number)]);
    const v = view!;
    const o = v.order;
    const refundable = refundableOf(o);
    return {
      number: o.order_number,
      entity_id: o.entity_id,
      created_at: isoOrNull(o.created_at)!,
      updated_at: isoOrNull(o.updated_at)!,
      store_code: o.store_code,
      website_code: o.website_code,
      language: o.language,
      customer: { uuid: o.customer_uuid, email: o.email },
      status: o.status,
      status_reason: { code: o.status_reason_code, message: o.status_reason_message },
      items: v.items.map((i) => ({
        sku: i.sku, parent_sku: i.parent_sku, name: i.name, product_type: i.product_type, qty_ordered: i.qty_ordered, qty_shipped: i.qty_shipped,
        qty_refunded: i.qty_refunded, qty_canceled: i.qty_canceled, unit_price_incl_tax: i.unit_price_incl_tax, row_total_incl_tax: i.row_total_incl_tax,
        row_discount: i.row_discount, is_gift: i.is_gift,
      })),
      addresses: v.addresses.map((a) => ({
        kind: a.kind, firstname: a.firstname, lastname: a.lastname, street: a.street, city: a.city, postcode: a.postcode, country_code: a.country_code,
        region: a.region, telephone: a.telephone, pickup_store_id: a.pickup_store_id, pickup_name: a.pickup_name,
      })),
      shipping_method: o.shipping_carrier_code && o.shipping_method_code
        ? { carrier_code: o.shipping_carrier_code, method_code: o.shipping_method_code, title: o.shipping_method_title ?? o.shipping_carrier_title }
        : null,
      coupon_codes: o.coupon_codes,
      totals: {
        currency: o.currency, subtotal_incl_tax: o.subtotal_incl_tax, subtotal_excl_tax: o.subtotal_excl_tax, discount_total: o.discount_total,
        shipping_incl_tax: o.shipping_incl_tax, tax_total: o.tax_total, grand_total: o.grand_total, refunded_total: o.refunded_total,
        lines: [...v.discounts, ...v.taxes].map((l) => ({ kind: l.kind, label: l.label, amount: l.amount, coupon_code: l.coupon_code, rate_percent: l.rate_percent === null ? null : Number(l.rate_percent) })),
      },
      payment: {
        method_code: o.payment_method_code, status: paymentStatusOf(o), reference: o.payment_reference, amount_paid: o.amount_paid,
        paid_at: isoOrNull(o.paid_at), refunded_total: o.refunded_total, refundable,
      },
      history: v.history.map((h) => ({ from_status: h.from_status, to_status: h.to_status, actor: h.actor, reason_code: h.reason_code, comment: h.comment, created_at: isoOrNull(h.created_at)! })),
      shipments: v.shipments.map((s) => ({ number: s.number, created_at: isoOrNull(s.created_at)!, tracks: s.tracks })),
      next_statuses: next,
      can_cancel: next.includes('canceled'),
      can_refund: refundable > 0,
      device_serials: serials,
      attributes: v.attributes,
    };
  }

  /**
   * Refunds part or all of what remains of the order's captured payment through payments, once per
   * idempotency key: payments refuses more than remains (REFUND_NOT_POSSIBLE) and answers a repeated
   * key as the first time without refunding again. The order's refunded total follows what payments
   * says remains; `changed` is false for a repeated key.
   */
  async refund(tx: Tx, refunds: PartialRefunds, ref: string, amount: number, key: string): Promise<{ before: OrderRow; after: OrderRow; refunded: number; remaining: number; changed: boolean }> {
    const before = await this.get(tx, ref, true);
    if (before.amount_paid === null) throw new AppError('REFUND_NOT_POSSIBLE', 'Nothing was captured for this order', { remaining: 0 });
    const result = await refunds.refundPart(tx, before.entity_id, amount, `console:${before.entity_id}:${key}`);
    const refundedTotal = await this.orders.syncRefunded(tx, before.entity_id, result.remaining);
    const after = (await store.findOrderByEntityId(tx, before.entity_id))!;
    return { before, after, refunded: result.refunded, remaining: result.remaining, changed: refundedTotal !== before.refunded_total };
  }

  /**
   * Queues the order's e-mail again in the caller's transaction: the confirmation (or, while the order
   * waits for payment, the received notice), or the latest shipment's tracking. Returns the template.
   */
  async resendEmail(tx: Tx, ref: string, kind: 'confirmation' | 'shipment'): Promise<{ order: OrderRow; template: string }> {
    const order = await this.get(tx, ref);
    const [items, lines, addresses, tracks] = await Promise.all([
      store.itemsOf(tx, [order.id]), store.totalLinesOf(tx, [order.id]), store.addressesOf(tx, [order.id]), store.tracksOf(tx, [order.id]),
    ]);
    const billing = addresses.find((a) => a.kind === 'billing');
    const firstname = billing?.firstname || billing?.lastname || '';
    if (kind === 'shipment') {
      const track = tracks.filter((t) => t.number).at(-1);
      if (!track) throw new AppError('OPERATION_NOT_ALLOWED', 'The order has no shipment with tracking yet');
      this.messaging.queue(tx, {
        channel: 'email', recipient: order.email, template: 'order_shipped', language: order.language,
        params: { order_number: order.order_number, firstname, carrier: track.carrier!, tracking_number: track.number!, track_url: track.track_url },
      });
      return { order, template: 'order_shipped' };
    }
    if (order.status === 'canceled') throw new AppError('OPERATION_NOT_ALLOWED', 'A cancelled order is not confirmed again');
    const template = order.paid_at || order.grand_total === 0 ? 'order_confirmed' as const : 'order_received' as const;
    const view = await this.stores.resolve(order.store_code, tx).catch(() => null);
    const locale = view?.locale ?? (order.language === 'de' ? 'de_DE' : 'en_GB');
    const money = (n: number) => formatMoney(n, order.currency, locale);
    this.messaging.queue(tx, {
      channel: 'email', recipient: order.email, template, language: order.language,
      params: {
        order_number: order.order_number,
        firstname,
        lines: items.map((i) => ({ quantity: i.qty_ordered, name: i.name, row_total: money(i.row_total_incl_tax) })),
        subtotal: money(order.subtotal_incl_tax),
        discounts: lines.filter((l) => l.kind === 'discount').map((l) => ({ label: l.label, amount: money(l.amount) })),
        shipping: money(order.shipping_incl_tax),
        taxes: lines.filter((l) => l.kind === 'tax').map((l) => ({ title: l.label, amount: money(l.amount) })),
        grand_total: money(order.grand_total),
      },
    });
    return { order, template };
  }
}

function toRow(r: consoleStore.ConsoleOrderRowDb): ConsoleOrderRow {
  return {
    number: r.order_number,
    entity_id: r.entity_id,
    created_at: new Date(r.created_at).toISOString(),
    store_code: r.store_code,
    email: r.email,
    customer_name: r.customer_name,
    customer_uuid: r.customer_uuid,
    status: r.status,
    grand_total: { amount: r.grand_total, currency: r.currency },
    payment_status: r.payment_status,
    items_count: r.items_count,
  };
}
