import { randomUUID } from 'node:crypto';
import type { OrderReturns, RequestReturnBody, ReturnView } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { Queryable, Tx } from '../../platform/db.js';
import type { OrdersService, OrderView } from '../orders/orders.service.js';
import type { OrderRow } from '../orders/orders.store.js';
import type { StoreService } from '../store/store.service.js';
import type { StoreLocatorService } from '../store-locator/store-locator.service.js';
import type { ReturnLabelProvider, LabelRequest } from './returns.labels.js';
import * as store from './returns.store.js';

/** Order statuses that mean the parcel reached the customer (the window counts from the first of them). */
export const DELIVERED_STATUSES: ReadonlySet<string> = new Set(['delivered', 'delivered_to_pick_up_point', 'complete']);
const DAY_MS = 86_400_000;

export interface ReturnParts {
  row: store.ReturnRow;
  items: store.ReturnItemRow[];
  history: store.HistoryRow[];
}

/** The collaborators a return needs; each is another module's service. */
export interface ReturnsDeps {
  orders: Pick<OrdersService, 'getForCustomer' | 'findByRef' | 'views' | 'changeStatus' | 'syncRefunded'>;
  stores: Pick<StoreService, 'resolve'>;
  storeLocator: Pick<StoreLocatorService, 'byId'>;
  labels: ReturnLabelProvider;
  now?: () => Date;
}

/**
 * Customer returns (RMA, docs/decisions/0077), the customer's side and the reading of returns: a
 * signed-in customer asks to return items of a delivered order of theirs within the store view's
 * withdrawal window; the operator's steps are in returns.operations.ts.
 */
export class ReturnsService {
  constructor(protected readonly deps: ReturnsDeps) {}

  protected now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The order detail's returns: whether a return can be asked now, what of each line, and the order's returns. */
  async orderReturns(q: Queryable, customerUuid: string, orderNumber: string): Promise<OrderReturns> {
    const order = await this.deps.orders.getForCustomer(q, customerUuid, orderNumber);
    const [view] = await this.deps.orders.views(q, [order]);
    const claimed = await store.claimedOf(q, order.entity_id);
    const facts = await this.eligibility(q, order, view!, claimed);
    const returns = await this.load(q, await store.returnsOfOrder(q, order.entity_id));
    return {
      order_number: order.order_number,
      is_eligible: facts.reason === null,
      ineligible_reason: facts.reason,
      window_ends_at: facts.windowEndsAt?.toISOString() ?? null,
      items: view!.items.map((i) => ({
        uid: i.uid, product_sku: i.sku, product_name: i.name, quantity_ordered: i.qty_ordered,
        returnable_quantity: Math.max(0, i.qty_ordered - (claimed.get(i.uid) ?? 0)),
      })),
      returns: returns.map((r) => toView(r)),
    };
  }

  /**
   * Asks to return items of one of the customer's own orders (another customer's answers as a missing
   * one). Delivered and within the window, each quantity within what was bought less what other
   * returns claim: the order's line counters are locked, so concurrent requests cannot together exceed it.
   */
  async request(tx: Tx, customerUuid: string, body: RequestReturnBody): Promise<ReturnView> {
    const order = await this.deps.orders.getForCustomer(tx, customerUuid, body.order_number, true);
    const [view] = await this.deps.orders.views(tx, [order]);
    const lines = new Map(view!.items.map((i) => [i.uid, i]));
    if (new Set(body.items.map((i) => i.order_item_uid)).size !== body.items.length) {
      throw new AppError('VALIDATION_FAILED', 'Each order item can be named once', { field: 'items' });
    }
    for (const i of body.items) {
      if (!lines.has(i.order_item_uid)) throw new AppError('VALIDATION_FAILED', 'This item is not part of the order', { field: 'items' });
    }
    const claims = await store.lockClaims(tx, order.entity_id, view!.items.map((i) => ({ order_item_uid: i.uid, qty_ordered: i.qty_ordered })));
    const facts = await this.eligibility(tx, order, view!, claims);
    if (facts.reason === 'not_delivered') throw new AppError('NOT_ELIGIBLE', 'Items can be returned once the order has been delivered');
    if (facts.reason === 'window_closed') throw new AppError('NOT_ELIGIBLE', 'The return window of this order has closed');
    for (const i of body.items) {
      const line = lines.get(i.order_item_uid)!;
      const left = line.qty_ordered - (claims.get(line.uid) ?? 0);
      if (i.quantity > left) throw new AppError('ITEM_QTY', `At most ${left} of ${line.name} can be returned`, { order_item_uid: line.uid, left });
    }
    let dropOff: store.ReturnRow['drop_off_store'] = null;
    if (body.method.type === 'drop_off') {
      const storeView = await this.deps.stores.resolve(order.store_code, tx);
      const found = await this.deps.storeLocator.byId(tx, storeView, body.method.store_id).catch(() => null);
      if (!found) throw new AppError('VALIDATION_FAILED', 'Choose a store of this shop', { field: 'method.store_id' });
      dropOff = { id: found.id, name: found.name, street: found.street, city: found.city, postcode: found.postcode };
    }
    const number = await store.nextNumber(tx);
    const returnId = await store.insertReturn(tx, {
      uid: randomUUID(), number, order_entity_id: order.entity_id, order_number: order.order_number, customer_uuid: customerUuid,
      store_code: order.store_code, reason: body.reason, comment: body.comment || null, method: body.method.type,
      drop_off_store_id: dropOff?.id ?? null, drop_off_store: dropOff, currency: order.currency,
    });
    for (const i of body.items) {
      const line = lines.get(i.order_item_uid)!;
      await store.insertItem(tx, {
        uid: randomUUID(), return_id: returnId, order_item_uid: line.uid, product_id: line.product_id, sku: line.sku, name: line.name,
        qty_ordered: line.qty_ordered, line_refundable: Math.max(0, line.row_total_incl_tax - line.row_discount), request_quantity: i.quantity,
      });
      await store.addClaim(tx, line.uid, i.quantity);
    }
    await store.insertHistory(tx, { return_id: returnId, from_status: null, to_status: 'PENDING', actor: 'customer', actor_label: null, comment: body.comment || null });
    return toView((await this.load(tx, [(await store.findReturn(tx, number))!]))[0]!);
  }

  /** A page of the customer's returns, newest first. */
  async listForCustomer(q: Queryable, customerUuid: string, page: number, pageSize: number) {
    const { rows, total } = await store.returnsOfCustomer(q, customerUuid, page, pageSize);
    return { items: (await this.load(q, rows)).map((r) => toView(r)), page, page_size: pageSize, total };
  }

  /** A page of one order's returns that are the customer's, newest first (GraphQL's CustomerOrder.returns). */
  async listForOrder(q: Queryable, customerUuid: string, orderEntityId: string, page: number, pageSize: number) {
    const mine = (await store.returnsOfOrder(q, orderEntityId)).filter((r) => r.customer_uuid === customerUuid);
    const rows = mine.slice((page - 1) * pageSize, page * pageSize);
    return { items: (await this.load(q, rows)).map((r) => toView(r)), page, page_size: pageSize, total: mine.length };
  }

  /** One of the customer's returns; another customer's answers as a missing one. */
  async getForCustomer(q: Queryable, customerUuid: string, number: string): Promise<ReturnView> {
    return toView(await this.ownReturn(q, customerUuid, number));
  }

  /** The prepaid label's PDF of one of the customer's authorised returns. */
  async labelForCustomer(q: Queryable, customerUuid: string, number: string): Promise<Buffer> {
    const parts = await this.ownReturn(q, customerUuid, number);
    if (!parts.row.label_reference) throw new AppError('NOT_FOUND', 'This return has no label');
    return this.deps.labels.pdf(parts.row.label_reference, await this.labelRequest(q, parts.row));
  }

  async exportFor(q: Queryable, customerUuid: string) {
    return (await this.load(q, await store.exportRows(q, customerUuid))).map((r) => toView(r));
  }

  async eraseFor(tx: Tx, customerUuid: string): Promise<void> {
    await store.forgetCustomer(tx, customerUuid);
  }

  // ---------- shared with the operator's steps ----------

  protected async ownReturn(q: Queryable, customerUuid: string, number: string): Promise<ReturnParts> {
    const row = await store.findReturn(q, number.toUpperCase());
    if (!row || row.customer_uuid !== customerUuid) throw new AppError('NOT_FOUND', 'Return not found');
    return (await this.load(q, [row]))[0]!;
  }

  protected async load(q: Queryable, rows: store.ReturnRow[]): Promise<ReturnParts[]> {
    const ids = rows.map((r) => r.id);
    const [items, history] = await Promise.all([store.itemsOf(q, ids), store.historyOf(q, ids)]);
    return rows.map((row) => ({ row, items: items.filter((i) => i.return_id === row.id), history: history.filter((h) => h.return_id === row.id) }));
  }

  protected async labelRequest(q: Queryable, row: store.ReturnRow): Promise<LabelRequest> {
    const order = await this.deps.orders.findByRef(q, row.order_entity_id);
    const [view] = order ? await this.deps.orders.views(q, [order]) : [];
    const a = view?.addresses.find((x) => x.kind === 'shipping') ?? view?.addresses.find((x) => x.kind === 'billing');
    return {
      returnNumber: row.number, orderNumber: row.order_number, storeCode: row.store_code,
      sender: { name: a ? `${a.firstname} ${a.lastname}`.trim() : '', street: a?.street ?? [], city: a?.city ?? '', postcode: a?.postcode ?? null, country_code: a?.country_code ?? '' },
    };
  }

  /** Delivered (from the order's status history), within the store view's window, and something left to return. */
  private async eligibility(q: Queryable, order: OrderRow, view: OrderView, claimed: Map<string, number>) {
    const deliveredAt = view.history
      .filter((h) => DELIVERED_STATUSES.has(h.to_status))
      .map((h) => new Date(h.created_at).getTime())
      .sort((a, b) => a - b)[0];
    if (!DELIVERED_STATUSES.has(order.status) || deliveredAt === undefined) return { reason: 'not_delivered' as const, windowEndsAt: null };
    const windowEndsAt = new Date(deliveredAt + (await store.windowDays(q, order.store_code)) * DAY_MS);
    if (this.now().getTime() > windowEndsAt.getTime()) return { reason: 'window_closed' as const, windowEndsAt };
    const left = view.items.some((i) => i.qty_ordered - (claimed.get(i.uid) ?? 0) > 0);
    return { reason: left ? null : ('nothing_left' as const), windowEndsAt };
  }
}

/** A return as the customer sees it: operators are not named. */
export function toView(p: ReturnParts, labelBase = '/api/returns'): ReturnView {
  const { row } = p;
  return {
    uid: row.uid,
    number: row.number,
    order_number: row.order_number,
    status: row.status,
    reason: row.reason,
    comment: row.comment,
    method: {
      type: row.method,
      label_reference: row.label_reference,
      label_url: row.label_reference ? `${labelBase}/${row.number}/label` : null,
      store: row.drop_off_store,
    },
    currency: row.currency,
    refunded_total: row.refunded_total,
    created_at: new Date(row.created_at).toISOString(),
    items: p.items.map((i) => ({
      uid: i.uid,
      order_item_uid: i.order_item_uid,
      product_sku: i.sku,
      product_name: i.name,
      request_quantity: i.request_quantity,
      quantity: i.approved_quantity ?? i.received_quantity ?? i.authorized_quantity ?? i.request_quantity,
      authorized_quantity: i.authorized_quantity,
      received_quantity: i.received_quantity,
      approved_quantity: i.approved_quantity,
      status: i.status,
      condition: i.condition,
      refund_amount: i.refund_amount,
    })),
    history: p.history.map((h) => ({ status: h.to_status, created_at: new Date(h.created_at).toISOString(), author: h.actor, comment: h.comment })),
  };
}
