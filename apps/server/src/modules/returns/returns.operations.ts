import { createHash } from 'node:crypto';
import type {
  AdminReturnListQuery, ApproveReturnBody, AuthorizeReturnBody, ReceiveReturnBody, RejectReturnBody, ReturnStatus, ReturnView,
} from '@ember/contracts';
import { releaseStock } from '../catalog/catalog.inventory.js';
import { nameStockChange } from '../catalog/catalog.console.store.js';
import { formatMoney } from '../orders/orders.mapper.js';
import type { LoyaltyService } from '../loyalty/loyalty.service.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { AppError } from '../../platform/errors.js';
import type { Queryable, Tx } from '../../platform/db.js';
import { isAllowed, ITEM_FROM, refundShare, statusOf, type ReturnAction } from './returns.state.js';
import { DELIVERED_STATUSES, ReturnsService, toView, type ReturnParts, type ReturnsDeps } from './returns.service.js';
import * as store from './returns.store.js';

const DONE: Record<ReturnAction, string> = {
  authorize: 'authorized', deny: 'denied', receive: 'received', approve: 'approved', reject: 'rejected', close: 'closed',
};

/** Who acts on a return at /admin: the operator's label is kept in the return's history for the console. */
export interface ReturnActor {
  label: string;
}

export type AdminReturnView = ReturnView & {
  store_code: string;
  customer_uuid: string | null;
  order_entity_id: string;
  history: (ReturnView['history'][number] & { actor_label: string | null })[];
};

/** A change's record as it was and as it is, for the operators' audit log. */
export interface ReturnChange {
  before: AdminReturnView;
  after: AdminReturnView;
}

/**
 * The operator's steps of a return (docs/decisions/0077), each in the caller's transaction with the
 * return row locked: authorize or deny, receive, approve or reject per item, close. An approval
 * refunds the items' share through the payment provider, restocks resellable items and takes back
 * that share of the order's points, each once; an order returned in full becomes `returned`.
 */
export class ReturnsOperations extends ReturnsService {
  constructor(
    deps: ReturnsDeps,
    private readonly more: {
      payments: Pick<PaymentsService, 'refundPart'>;
      loyalty: Pick<LoyaltyService, 'reverseOrderPoints'>;
      messaging: Pick<MessagingService, 'enqueue'>;
      /** A storefront page's absolute address in the store view (links in e-mails never come from a request's Host). */
      linkTo: (storeCode: string, path: string) => string;
    },
  ) {
    super(deps);
  }

  /** A page of returns for the console, newest first, filtered by status, store view, order number and creation date. */
  async list(q: Queryable, f: AdminReturnListQuery) {
    const { rows, total } = await store.listReturns(q, f);
    return { items: (await this.load(q, rows)).map(adminView), page: f.page, page_size: f.page_size, total };
  }

  async detail(q: Queryable, number: string): Promise<AdminReturnView> {
    return adminView(await this.locked(q, number, 'read'));
  }

  /** Authorizes every requested quantity, or per item the quantities listed (0, or an item not listed, denies it). */
  async authorize(tx: Tx, actor: ReturnActor, number: string, body: AuthorizeReturnBody): Promise<ReturnChange> {
    const p = await this.locked(tx, number, 'authorize');
    const before = adminView(p);
    const wanted = body.items ? this.perItem(p, body.items.map((i) => [i.uid, i.quantity])) : null;
    for (const item of p.items) {
      const q = wanted ? (wanted.get(item.uid) ?? 0) : item.request_quantity;
      if (q > item.request_quantity) throw new AppError('VALIDATION_FAILED', `At most ${item.request_quantity} of ${item.name} were asked for`, { field: 'items' });
      await store.updateItem(tx, item.id, { status: q > 0 ? 'AUTHORIZED' : 'DENIED', authorized_quantity: q });
      await store.addClaim(tx, item.order_item_uid, q - item.request_quantity);
    }
    const after = await this.advance(tx, p, actor, body.comment ?? null);
    if (after.row.status !== 'DENIED') {
      let labelRef: string | null = null;
      if (after.row.method === 'label') {
        labelRef = (await this.deps.labels.create(await this.labelRequest(tx, after.row))).reference;
        await store.setLabel(tx, after.row.id, labelRef);
      }
      await this.mail(tx, after.row, 'return_authorized', {
        label_reference: labelRef,
        // The label is downloaded from the order's page in My orders, signed in.
        label_url: labelRef ? this.more.linkTo(after.row.store_code, `/account#/orders/${encodeURIComponent(after.row.order_number)}`) : null,
        store: after.row.drop_off_store ? [after.row.drop_off_store.name, after.row.drop_off_store.street, after.row.drop_off_store.city].join(', ') : null,
      });
    }
    return { before, after: await this.detail(tx, number) };
  }

  /** Denies the whole return with a reason; nothing of it is claimed any more. */
  async deny(tx: Tx, actor: ReturnActor, number: string, reason: string): Promise<ReturnChange> {
    const p = await this.locked(tx, number, 'deny');
    const before = adminView(p);
    for (const item of p.items) {
      await store.updateItem(tx, item.id, { status: 'DENIED', authorized_quantity: 0 });
      await store.addClaim(tx, item.order_item_uid, -item.request_quantity);
    }
    await this.advance(tx, p, actor, reason);
    return { before, after: await this.detail(tx, number) };
  }

  /** Records the units that arrived, per authorized item (at most what was authorized). */
  async receive(tx: Tx, actor: ReturnActor, number: string, body: ReceiveReturnBody): Promise<ReturnChange> {
    const p = await this.locked(tx, number, 'receive');
    const before = adminView(p);
    const got = this.perItem(p, body.items.map((i) => [i.uid, i.quantity]), 'receive');
    for (const item of p.items.filter((i) => got.has(i.uid))) {
      const q = got.get(item.uid)!;
      if (q > item.authorized_quantity!) throw new AppError('VALIDATION_FAILED', `At most ${item.authorized_quantity} of ${item.name} were authorized`, { field: 'items' });
      await store.updateItem(tx, item.id, { status: 'RECEIVED', received_quantity: q });
      await store.addClaim(tx, item.order_item_uid, q - item.authorized_quantity!);
    }
    await this.advance(tx, p, actor, body.comment ?? null);
    return { before, after: await this.detail(tx, number) };
  }

  /**
   * Approves received items with their condition: refunds their share (line totals incl. tax less
   * the line's discount, in proportion to the units) through the payment provider under a key of
   * the items, restocks resellable ones and takes back that share of the order's points, once each.
   */
  async approve(tx: Tx, actor: ReturnActor, number: string, body: ApproveReturnBody): Promise<ReturnChange> {
    const p = await this.locked(tx, number, 'approve');
    const before = adminView(p);
    const condition = new Map(body.items.map((i) => [i.uid, i.condition]));
    this.perItem(p, body.items.map((i) => [i.uid, 1]), 'approve');
    const order = await this.deps.orders.findByRef(tx, p.row.order_entity_id, true);
    if (!order) throw new AppError('ORDER_NOT_FOUND', 'The return’s order is gone');
    let refund = 0;
    const approved = p.items.filter((i) => condition.has(i.uid));
    for (const item of approved) {
      const quantity = item.received_quantity!;
      const share = refundShare(item, await store.approvedBefore(tx, item.order_item_uid, item.id), quantity);
      await store.updateItem(tx, item.id, { status: 'APPROVED', approved_quantity: quantity, condition: condition.get(item.uid)! });
      if (await store.markRefunded(tx, item.id, share)) refund += share;
      if (condition.get(item.uid) === 'resellable' && (await store.markRestocked(tx, item.id))) {
        // The stock history shows it as a return, by this operator.
        await nameStockChange(tx, 'return', actor.label, `Return ${p.row.number}`);
        await releaseStock(tx, [{ product_id: item.product_id, quantity }]);
      }
    }
    // Money goes back only where the provider took it; an order paid otherwise is refunded outside the shop.
    let refunded = 0;
    if (refund > 0 && order.paid_at) {
      // The approval's items name the refund: each item is approved once, so its refund is asked once.
      const key = `return:${p.row.number}:${createHash('sha256').update(approved.map((i) => i.uid).sort().join(',')).digest('hex').slice(0, 32)}`;
      const result = await this.more.payments.refundPart(tx, order.entity_id, refund, key);
      refunded = result.refunded;
      await store.addRefunded(tx, p.row.id, refunded);
      // The order's own refunded total (its invoice, the console's payment state) follows the payment.
      await this.deps.orders.syncRefunded(tx, order.entity_id, result.remaining);
    }
    const approvedValue = [...(await this.load(tx, await store.returnsOfOrder(tx, order.entity_id)))]
      .flatMap((r) => r.items).filter((i) => i.status === 'APPROVED').reduce((n, i) => n + i.refund_amount, 0);
    if (order.grand_total > 0) await this.more.loyalty.reverseOrderPoints(tx, order.entity_id, Math.min(1, approvedValue / order.grand_total));
    const after = await this.advance(tx, p, actor, body.comment ?? null);
    if (refunded > 0) {
      const view = await this.deps.stores.resolve(order.store_code, tx).catch(() => null);
      await this.mail(tx, after.row, 'return_refunded', { amount: formatMoney(refunded, order.currency, view?.locale ?? 'en_GB') });
    }
    await this.markOrderReturned(tx, order.entity_id, p.row.number);
    return { before, after: await this.detail(tx, number) };
  }

  /** Rejects received items (they go back to the customer; nothing is refunded). */
  async reject(tx: Tx, actor: ReturnActor, number: string, body: RejectReturnBody): Promise<ReturnChange> {
    const p = await this.locked(tx, number, 'reject');
    const before = adminView(p);
    const chosen = this.perItem(p, body.items.map((i) => [i.uid, 1]), 'reject');
    for (const item of p.items.filter((i) => chosen.has(i.uid))) {
      await store.updateItem(tx, item.id, { status: 'REJECTED' });
      await store.addClaim(tx, item.order_item_uid, -item.received_quantity!);
    }
    await this.advance(tx, p, actor, body.comment ?? null);
    return { before, after: await this.detail(tx, number) };
  }

  /** Closes the return: PROCESSED_AND_CLOSED once something was refunded, CLOSED otherwise; undecided units are no longer claimed. */
  async close(tx: Tx, actor: ReturnActor, number: string, comment: string | null): Promise<ReturnChange> {
    const p = await this.locked(tx, number, 'close');
    const before = adminView(p);
    for (const item of p.items) {
      const held = item.status === 'PENDING' ? item.request_quantity : item.status === 'AUTHORIZED' ? item.authorized_quantity! : item.status === 'RECEIVED' ? item.received_quantity! : 0;
      await store.addClaim(tx, item.order_item_uid, -held);
    }
    const to: ReturnStatus = p.row.refunded_total > 0 ? 'PROCESSED_AND_CLOSED' : 'CLOSED';
    await store.setStatus(tx, p.row.id, to);
    await store.insertHistory(tx, { return_id: p.row.id, from_status: p.row.status, to_status: to, actor: 'operator', actor_label: actor.label, comment });
    return { before, after: await this.detail(tx, number) };
  }

  // ---------- internals ----------

  /** The return, locked for a change, or refused when its state does not allow the action. */
  private async locked(q: Queryable, number: string, action: ReturnAction | 'read'): Promise<ReturnParts> {
    const row = await store.findReturn(q, number.toUpperCase(), action !== 'read');
    if (!row) throw new AppError('NOT_FOUND', 'Return not found');
    if (action !== 'read' && !isAllowed(action, row.status)) {
      throw new AppError('RETURN_NOT_CHANGEABLE', `A ${row.status} return cannot be ${DONE[action]}`, { status: row.status, action });
    }
    return (await this.load(q, [row]))[0]!;
  }

  /** The listed items by uid: each must be of this return, named once, and (for a per-item step) in the state the step needs. */
  private perItem(p: ReturnParts, entries: [string, number][], step?: keyof typeof ITEM_FROM): Map<string, number> {
    const map = new Map(entries);
    if (map.size !== entries.length) throw new AppError('VALIDATION_FAILED', 'Each item can be named once', { field: 'items' });
    for (const uid of map.keys()) {
      const item = p.items.find((i) => i.uid === uid);
      if (!item) throw new AppError('VALIDATION_FAILED', 'This item is not part of the return', { field: 'items' });
      if (step && item.status !== ITEM_FROM[step]) {
        throw new AppError('RETURN_NOT_CHANGEABLE', `A ${item.status} item cannot be ${DONE[step]}`, { item: uid, status: item.status });
      }
    }
    return map;
  }

  /** Moves the return to the status its items now give, with a history entry. */
  private async advance(tx: Tx, p: ReturnParts, actor: ReturnActor, comment: string | null): Promise<ReturnParts> {
    const items = await store.itemsOf(tx, [p.row.id]);
    const to = statusOf(items);
    await store.setStatus(tx, p.row.id, to);
    await store.insertHistory(tx, { return_id: p.row.id, from_status: p.row.status, to_status: to, actor: 'operator', actor_label: actor.label, comment });
    return (await this.load(tx, [(await store.findReturn(tx, p.row.number))!]))[0]!;
  }

  /** An order whose every unit is approved in returns is `returned` (where its status allows it). */
  private async markOrderReturned(tx: Tx, orderEntityId: string, returnNumber: string): Promise<void> {
    const order = await this.deps.orders.findByRef(tx, orderEntityId);
    if (!order || !DELIVERED_STATUSES.has(order.status)) return;
    const [view] = await this.deps.orders.views(tx, [order]);
    const approved = await store.approvedByLine(tx, orderEntityId);
    if (view!.items.every((i) => (approved.get(i.uid) ?? 0) >= i.qty_ordered)) {
      await this.deps.orders.changeStatus(tx, orderEntityId, { to: 'returned', actor: 'operator', reason_code: 'returned', comment: `Return ${returnNumber}` });
    }
  }

  private async mail<T extends 'return_authorized' | 'return_refunded'>(
    tx: Tx,
    row: store.ReturnRow,
    template: T,
    params: T extends 'return_authorized'
      ? { label_reference: string | null; label_url: string | null; store: string | null }
      : { amount: string },
  ): Promise<void> {
    const order = await this.deps.orders.findByRef(tx, row.order_entity_id);
    if (!order) return;
    const [view] = await this.deps.orders.views(tx, [order]);
    const billing = view!.addresses.find((a) => a.kind === 'billing');
    await this.more.messaging.enqueue(tx, {
      channel: 'email',
      recipient: order.email,
      template,
      language: order.language,
      params: { ...params, return_number: row.number, order_number: row.order_number, firstname: billing?.firstname || billing?.lastname || '' },
    } as Parameters<MessagingService['enqueue']>[1]);
  }
}

function adminView(p: ReturnParts): AdminReturnView {
  return {
    ...toView(p),
    store_code: p.row.store_code,
    customer_uuid: p.row.customer_uuid,
    order_entity_id: p.row.order_entity_id,
    history: p.history.map((h) => ({
      status: h.to_status, created_at: new Date(h.created_at).toISOString(), author: h.actor, comment: h.comment, actor_label: h.actor_label,
    })),
  };
}
