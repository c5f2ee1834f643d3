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

/** Each method's title and description per language; a language not listed reads English. */
const METHOD_TEXTS: Record<string, Record<'en' | 'de', { title: string; description: string }>> = {
  [DEFAULT_PAYMENT_METHOD]: {
    en: { title: 'Credit or debit card', description: 'Visa or Mastercard, entered on the payment provider’s secure page.' },
    de: { title: 'Kredit- oder Debitkarte', description: 'Visa oder Mastercard, eingegeben auf der sicheren Seite des Zahlungsdienstleisters.' },
  },
  [BANK_TRANSFER_METHOD]: {
    en: { title: 'Online bank transfer', description: 'Approve the payment in your online banking, then come back to the shop.' },
    de: { title: 'Online-Überweisung', description: 'Bestätigen Sie die Zahlung in Ihrem Online-Banking und kehren Sie dann zum Shop zurück.' },
  },
};

function textsOf(code: string, language: string) {
  const texts = METHOD_TEXTS[code];
  return texts ? (language === 'de' ? texts.de : texts.en) : null;
}

/** A method's title in a language (the store view's), or the code itself for a method no longer offered. */
export function paymentMethodTitle(code: string, language = 'en'): string {
  return textsOf(code, language)?.title ?? code;
}

/**
 * The payment methods a store view offers, in display order, card first, titled and described in
 * `language` (the store view's).
 */
export function paymentMethodsFor(storeCode: string, language = 'en'): PaymentMethod[] {
  void storeCode; // Every store view offers both methods today; the parameter is where a market narrows them.
  return [
    { code: DEFAULT_PAYMENT_METHOD, ...textsOf(DEFAULT_PAYMENT_METHOD, language)!, icon: '/media/payments/card.svg', tokenizable: true },
    { code: BANK_TRANSFER_METHOD, ...textsOf(BANK_TRANSFER_METHOD, language)!, icon: '/media/payments/bank-transfer.svg', tokenizable: false },
  ];
}
