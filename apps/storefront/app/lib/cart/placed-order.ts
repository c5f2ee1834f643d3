import type { Cart } from '../api/cart.api';

/**
 * The order the shopper has just placed, kept in sessionStorage for the confirmation page: it
 * survives the trip to the payment provider's pages and back, and is never sent anywhere. The
 * cart as it was placed feeds the `purchase` event, pushed once per order.
 */
export interface PlacedOrderRecord {
  number: string;
  id: string | null;
  email: string | null;
  /** The payment the shopper was sent to pay, when the method needs a provider. */
  paymentUuid: string | null;
  /** A guest's proof of ownership for the payment lookup: the masked id of the ordered cart. */
  cartId: string | null;
  cart: Cart;
  purchaseTracked: boolean;
}

const key = (store: string) => `ember.order.${store}`;

export function savePlacedOrder(store: string, record: PlacedOrderRecord): void {
  try {
    window.sessionStorage.setItem(key(store), JSON.stringify(record));
  } catch {
    // Without storage the confirmation page shows the number from its URL only.
  }
}

export function readPlacedOrder(store: string, number: string | null): PlacedOrderRecord | null {
  try {
    const raw = window.sessionStorage.getItem(key(store));
    const record = raw ? (JSON.parse(raw) as PlacedOrderRecord) : null;
    return record && (!number || record.number === number) ? record : null;
  } catch {
    return null;
  }
}

export function markPurchaseTracked(store: string, record: PlacedOrderRecord): void {
  savePlacedOrder(store, { ...record, purchaseTracked: true });
}
