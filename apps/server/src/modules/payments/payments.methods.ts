import type { PaymentMethod } from './payments.port.js';

/** The fixed card-payment code the spec's order flow defaults to (§4 "Order flow"). */
export const DEFAULT_PAYMENT_METHOD = 'ember_card';

/** The redirect-style method: the shopper approves the transfer on the provider's page and returns. */
export const BANK_TRANSFER_METHOD = 'ember_bank_transfer';

/** How the provider collects a method: a card form (tokenisable) or a redirect to the bank. */
export type MethodKind = 'card' | 'bank_transfer';

export function methodKind(code: string): MethodKind | null {
  if (code === DEFAULT_PAYMENT_METHOD) return 'card';
  if (code === BANK_TRANSFER_METHOD) return 'bank_transfer';
  return null;
}

/**
 * The payment methods a store view offers, in display order, card first. Titles are the English
 * defaults; the storefront shows its own translated label per code.
 */
export function paymentMethodsFor(storeCode: string): PaymentMethod[] {
  void storeCode; // Every store view offers both methods today; the parameter is where a market narrows them.
  return [
    {
      code: DEFAULT_PAYMENT_METHOD,
      title: 'Credit or debit card',
      description: 'Visa or Mastercard, entered on the payment provider’s secure page.',
      icon: '/media/payments/card.svg',
      tokenizable: true,
    },
    {
      code: BANK_TRANSFER_METHOD,
      title: 'Online bank transfer',
      description: 'Approve the payment in your online banking, then come back to the shop.',
      icon: '/media/payments/bank-transfer.svg',
      tokenizable: false,
    },
  ];
}
