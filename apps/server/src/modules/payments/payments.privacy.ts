import type { PrivacyPart } from '../../platform/privacy.js';
import * as keys from './payments.idempotency.store.js';
import * as store from './payments.store.js';

export function paymentsPrivacy(): PrivacyPart {
  return {
    module: 'payments',
    personalTables: [
      'payments_payment', 'payments_saved_card', 'payments_webhook_event', 'payments_provider_command',
      // Stored answers to Idempotency-Keys repeat order details for a day.
      'payments_idempotency_key',
      // The built-in sandbox stands for the provider's own records.
      'payments_sandbox_session', 'payments_sandbox_operation', 'payments_sandbox_event',
    ],
    otherTables: ['payments_store_setting'],
    // Saved cards as the shopper sees them: brand, last four digits and expiry, never the provider's token.
    export: async (db, subject) => ({ payments: await store.paymentsForExport(db, subject.uuid), saved_cards: await store.savedCardsOf(db, subject.uuid) }),
    erase: async (tx, subject) => {
      await store.deleteSavedCards(tx, subject.uuid);
      await keys.deleteKeysOfCustomer(tx, subject.uuid);
    },
    retained: 'Payments of orders, kept with the orders they paid (accounting duty); the sandbox provider keeps its own records.',
  };
}
