import type { PrivacyPart } from '../../platform/privacy.js';
import type { OrdersService } from './orders.service.js';

export function ordersPrivacy(orders: OrdersService): PrivacyPart {
  return {
    module: 'orders',
    personalTables: [
      'orders_order', 'orders_item', 'orders_address', 'orders_total_line', 'orders_status_history', 'orders_shipment',
      'orders_shipment_item', 'orders_shipment_track', 'orders_attribute_value', 'orders_event', 'orders_event_delivery',
    ],
    otherTables: ['orders_attribute', 'orders_status', 'orders_status_label', 'orders_status_transition', 'orders_sequence', 'orders_delivery_limit'],
    export: async (db, subject) => ({ orders: await orders.exportFor(db, subject.uuid) }),
    erase: async () => undefined,
    retained: 'Orders, their addresses and invoices: commercial and tax law require them to be kept (GDPR Art. 17(3)(b)).',
  };
}
