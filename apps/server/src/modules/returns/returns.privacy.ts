import type { PrivacyPart } from '../../platform/privacy.js';
import type { ReturnsService } from './returns.service.js';

/**
 * A customer's returns are theirs: exported; at erasure they stay in the books (amounts, items,
 * statuses, refunds) naming no one and without the customer's own words.
 */
export function returnsPrivacy(returns: ReturnsService): PrivacyPart {
  return {
    module: 'returns',
    personalTables: ['returns_request', 'returns_history'],
    otherTables: ['returns_item', 'returns_order_item', 'returns_window'],
    retained: 'Returns and their refunds stay in the accounting records, anonymised.',
    export: async (db, subject) => ({ returns: await returns.exportFor(db, subject.uuid) }),
    erase: async (tx, subject) => {
      await returns.eraseFor(tx, subject.uuid);
    },
  };
}
