import type { Reader } from '../../platform/db.js';

export interface ShippingMethodRow {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  description: string | null;
  amount_minor: number;
  free_above_minor: number | null;
  disable_for_subscription: boolean;
  is_pickup: boolean;
}

/** A pick-up store as the checkout uses it: the store locator's (its pickupStores). */
export type { PickupRow as PickupStoreRow } from '../store-locator/store-locator.store.js';

export async function listShippingMethods(q: Reader, store: string): Promise<ShippingMethodRow[]> {
  const { rows } = await q.query<ShippingMethodRow>(
    `SELECT carrier_code, method_code, carrier_title, method_title, description, amount_minor, free_above_minor,
            disable_for_subscription, is_pickup
       FROM shipping_method WHERE store_code = $1 AND is_active ORDER BY amount_minor, carrier_code, method_code`,
    [store],
  );
  return rows;
}
