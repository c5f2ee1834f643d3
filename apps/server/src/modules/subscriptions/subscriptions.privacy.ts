import type { PrivacyPart } from '../../platform/privacy.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export function subscriptionsPrivacy(subscriptions: SubscriptionsService): PrivacyPart {
  return {
    module: 'subscriptions',
    personalTables: ['subscription_subscription', 'subscription_item', 'subscription_event', 'subscription_renewal'],
    otherTables: ['subscription_plan', 'subscription_plan_product'],
    export: async (db, subject) => ({ subscriptions: await subscriptions.exportFor(db, subject.uuid) }),
    erase: async (tx, subject) => {
      await subscriptions.erase(tx, subject.uuid);
    },
    retained: 'Each subscription, its products, history and renewals, without the customer, address or card: ended, beside the orders it placed.',
  };
}
