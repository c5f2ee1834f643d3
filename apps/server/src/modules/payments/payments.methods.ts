import type { PaymentMethod } from './payments.port.js';

/** The default payment method: card payment through the provider (spec §4 "order flow"). */
export const DEFAULT_PAYMENT_METHOD = 'ember_card';

/** The payment methods a store view offers, in display order. */
export function paymentMethodsFor(storeCode: string): PaymentMethod[] {
  void storeCode;
  return [{ code: DEFAULT_PAYMENT_METHOD, title: 'Card', description: 'Pay by debit or credit card', icon: '/media/payment/card.svg', tokenizable: true }];
}
