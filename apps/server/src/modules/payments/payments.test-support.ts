import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db.js';
import type { OrderPaymentPort, PayableOrder } from './payments.port.js';

/**
 * An in-memory stand-in for the orders module's side of the port, for tests that exercise payments
 * alone: it answers ownership as the port's contract says and records what payments asked of it.
 */
export class FakeOrders implements OrderPaymentPort {
  readonly orders = new Map<string, PayableOrder & { cart_id: string | null }>();
  readonly paid: { entityId: string; payment: { payment_uuid: string; provider_reference: string; amount: number; currency: string } }[] = [];
  readonly failed: { entityId: string; reason: { code: string; message: string } }[] = [];

  add(o: Partial<PayableOrder> & { store_code?: string; customer_uuid?: string | null } = {}): PayableOrder & { cart_id: string | null } {
    const order = {
      entity_id: randomUUID(),
      order_number: String(100_000_000 + this.orders.size),
      store_code: 'gb',
      customer_uuid: null,
      grand_total: 4_250,
      currency: 'GBP',
      status: 'pending_payment',
      payment_method_code: 'ember_card',
      ...o,
      cart_id: o.customer_uuid ? null : randomBytes(24).toString('base64url'),
    };
    this.orders.set(order.entity_id, order);
    return order;
  }

  async findPayableOrder(_tx: Queryable, entityId: string, owner: { customerUuid: string | null; cartId: string | null }): Promise<PayableOrder | null> {
    const o = this.orders.get(entityId);
    if (!o) return null;
    const mine = o.customer_uuid ? o.customer_uuid === owner.customerUuid : o.cart_id !== null && o.cart_id === owner.cartId;
    return mine ? strip(o) : null;
  }

  async findOrderForProvider(_tx: Queryable, entityId: string): Promise<PayableOrder | null> {
    const o = this.orders.get(entityId);
    return o ? strip(o) : null;
  }

  async markPaid(_tx: Queryable, entityId: string, payment: { payment_uuid: string; provider_reference: string; amount: number; currency: string }): Promise<void> {
    this.orders.get(entityId)!.status = 'processing';
    this.paid.push({ entityId, payment });
  }

  async changePaymentMethod(_tx: Queryable, entityId: string, methodCode: string): Promise<PayableOrder> {
    const o = this.orders.get(entityId)!;
    o.payment_method_code = methodCode;
    if (o.status === 'payment_failed') o.status = 'pending_payment';
    return strip(o);
  }

  async markPaymentFailed(_tx: Queryable, entityId: string, reason: { code: string; message: string }): Promise<void> {
    this.orders.get(entityId)!.status = 'payment_failed';
    this.failed.push({ entityId, reason });
  }
}

function strip(o: PayableOrder & { cart_id: string | null }): PayableOrder {
  const { cart_id: _cart, ...order } = o;
  return { ...order };
}
