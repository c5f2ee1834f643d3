import type { Tx } from '../../platform/db.js';

/** A payment method as the payments service lists it (spec §3 "Payment method"). */
export interface PaymentMethod {
  code: string;
  title: string;
  description: string;
  icon: string;
  tokenizable: boolean;
}

/** The order a payment settles, as the orders module describes it to payments. */
export interface PayableOrder {
  entity_id: string;
  order_number: string;
  store_code: string;
  customer_uuid: string | null;
  /** Integer minor units. */
  grand_total: number;
  currency: string;
  status: string;
  payment_method_code: string;
}

/**
 * What the payments module needs from orders, all inside the caller's transaction. Implemented by
 * the orders module; payments never touches order tables.
 */
export interface OrderPaymentPort {
  /**
   * The order with this entity_id, locked for update, when the caller may pay for it: a customer
   * by their session's uuid, a guest by the masked id of the cart the order came from. Anything
   * else (unknown id, another customer's order) is null.
   */
  findPayableOrder(tx: Tx, entityId: string, owner: { customerUuid: string | null; cartId: string | null }): Promise<PayableOrder | null>;
  /** The same order for a provider callback, which carries no customer: by entity_id alone. */
  findOrderForProvider(tx: Tx, entityId: string): Promise<PayableOrder | null>;
  /** Records that the provider captured exactly the order's amount; moves it on from pending_payment. */
  markPaid(tx: Tx, entityId: string, payment: { payment_uuid: string; provider_reference: string; amount: number; currency: string }): Promise<void>;
  /**
   * Switches a locked order still awaiting payment to another payment method (already checked by
   * payments) and answers the order as it is now; a failed order waits for payment again.
   */
  changePaymentMethod(tx: Tx, entityId: string, methodCode: string): Promise<PayableOrder>;
  /** Records a declined or abandoned payment (status payment_failed, with the reason in its history). */
  markPaymentFailed(tx: Tx, entityId: string, reason: { code: string; message: string }): Promise<void>;
}
