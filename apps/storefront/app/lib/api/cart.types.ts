// Shapes of the cart and checkout documents in cart.api.ts, field for field (nullable where the schema is).
import type { Money } from './catalog.types';

export interface CartItemError {
  code: string;
  message: string | null;
}

export interface CartItem {
  __typename: string;
  uid: string;
  quantity: number;
  is_available: boolean;
  errors: (CartItemError | null)[] | null;
  prices: {
    price_including_tax: Money;
    row_total_including_tax: Money;
    total_item_discount: Money | null;
  } | null;
  product: {
    uid: string;
    sku: string;
    name: string | null;
    url_key: string | null;
    stock_status: string | null;
    product_kind: string | null;
    is_age_restricted?: boolean | null;
    small_image: { url: string | null; label: string | null } | null;
  };
  /** A free gift of another line (its `parent_gift_sku`), priced 0. */
  is_gift?: boolean;
  parent_gift_sku?: string | null;
  /** The free-gift offers this line's product unlocks. */
  free_gifts?: FreeGiftOffer[] | null;
  /** The step the quantity must be a multiple of (ITEM_INCREMENT). */
  qty_increments?: number;
  /** A trade-in line: one per order, for signed-in customers, with a new device in the cart (TRADEIN_LIMIT). */
  tradeIn?: boolean;
  /** A subscription line and how often it delivers (ONGOING_SUBSCRIPTION). */
  subscription?: boolean;
  subscription_format?: string | null;
  /** The line sells a device; the cart holds one when any line does. */
  hasDevice?: boolean;
  configurable_options?: ({ option_label: string; value_label: string } | null)[] | null;
  configured_variant?: { sku: string; small_image: { url: string | null; label: string | null } | null } | null;
  bundle_options?: ({ uid: string; label: string; values: ({ uid: string; label: string; quantity: number } | null)[] } | null)[] | null;
}

export interface CartShippingMethod {
  carrier_code: string;
  carrier_title: string;
  method_code: string | null;
  method_title: string | null;
  amount: Money;
  available: boolean;
  error_message: string | null;
}

export interface CartAddress {
  firstname: string;
  lastname: string;
  street: (string | null)[];
  city: string;
  postcode: string | null;
  telephone: string | null;
  country: { code: string; label: string };
}

export interface ShippingAddress extends CartAddress {
  pickup_location_code: string | null;
  available_shipping_methods: (CartShippingMethod | null)[] | null;
  selected_shipping_method: {
    carrier_code: string;
    method_code: string;
    carrier_title: string;
    method_title: string;
    amount: Money;
  } | null;
}

export interface Cart {
  id: string;
  email: string | null;
  total_quantity: number;
  is_virtual: boolean;
  applied_coupons: ({ code: string } | null)[] | null;
  /** The loyalty campaign whose points pay part of this cart (customer carts). */
  applied_campaign?: { loyalty_discount_uuid: string; loyalty_discount_points: number | null; loyalty_discount_amount: { value: number | null; currency: string | null } | null } | null;
  itemsV2: { total_count: number; items: (CartItem | null)[] } | null;
  prices: {
    grand_total: Money | null;
    subtotal_including_tax: Money | null;
    subtotal_excluding_tax: Money | null;
    applied_taxes: ({ label: string; amount: Money } | null)[] | null;
    discounts: ({ label: string; amount: Money } | null)[] | null;
  } | null;
  shipping_addresses: (ShippingAddress | null)[];
  billing_address: CartAddress | null;
  available_payment_methods: ({ code: string; title: string } | null)[] | null;
  selected_payment_method: { code: string; title: string } | null;
}

/** A pick-up store a shopper can collect an order from. */
export interface PickupLocation {
  pickup_location_code: string | null;
  name: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country_id: string | null;
  description: string | null;
}

/** What the shopper chose on the product page, as addProductsToCart takes it. */
export interface FreeGiftOffer {
  code: string;
  type: 'free_gift_fixed' | 'free_gift_flexible';
  allowed_qty: number;
  remaining_qty: number;
  products: { sku: string; name: string | null; is_eligible: boolean; eligibility_description: string | null }[];
}

export interface CartItemInput {
  sku: string;
  quantity: number;
  parent_sku?: string;
  selected_options?: string[];
  entered_options?: { uid: string; value: string }[];
}

export interface CartUserError {
  code: string;
  message: string;
}

export interface PlacedOrder {
  number: string;
  /** The order's opaque entity id (`CustomerOrder.entity_id`): what payments and cancellation take. */
  id: string | null;
}

export interface AddressInput {
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode?: string;
  country_code: string;
  telephone?: string;
  /** A signed-in customer's typed address joins their address book with the order (the server's default: true). */
  save_in_address_book?: boolean;
}

/** An entry of the signed-in customer's address book, used as a cart address (Magento's `customer_address_id`). */
export interface SavedAddressRef {
  customer_address_id: number;
}
