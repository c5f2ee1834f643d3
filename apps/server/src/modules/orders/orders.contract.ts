import type { PostalAddress } from '@ember/contracts';
import type { Tx } from '../../platform/db.js';

/**
 * The boundary between checkout (the cart side) and orders (the sales side): checkout assembles
 * an OrderDraft from a cart inside its placeOrder transaction and hands it to the orders service,
 * which writes the order, its items, addresses, totals and history, and queues the confirmation.
 * Money is integer minor units in `currency`; every price includes tax (per store view rates).
 */

/** An order's address: the postal Address (street as Magento's three-part list: name, number, additional). */
export type OrderDraftAddress = PostalAddress & {
  /** Local-detail fields of spec §3 (premise, district, ...), kept as given. */
  extra: Record<string, string>;
  /** Set for a pick-up address: the pick-up store's id and name. */
  pickup: { store_id: string; name: string } | null;
};

export interface OrderDraftItem {
  sku: string;
  /** catalog_product.id of the sold (child) product. */
  product_id: number;
  /** For a configurable child: the parent's sku. */
  parent_sku: string | null;
  name: string;
  product_type: 'simple' | 'virtual' | 'bundle' | 'configurable';
  quantity: number;
  /** Unit price including tax, after tier pricing, before cart discounts. */
  unit_price_incl_tax: number;
  /** quantity × unit_price_incl_tax. */
  row_total_incl_tax: number;
  /** Tax contained in the row total. */
  row_tax: number;
  /** Cart discount attributed to this row. */
  row_discount: number;
  is_gift: boolean;
  parent_gift_sku: string | null;
  /** Configurable choices, e.g. [{ label: 'Colour', value: 'Ember Red' }]. */
  selected_options: { label: string; value: string }[];
  bundle_options: { label: string; values: { sku: string; name: string; quantity: number; price_incl_tax: number }[] }[];
}

export interface OrderDraft {
  /** The cart this order comes from; the orders table keeps it UNIQUE: one order per cart. */
  cart_id: string;
  store_code: string;
  website_code: string;
  currency: string;
  /** Null for a guest order. */
  customer_uuid: string | null;
  email: string;
  items: OrderDraftItem[];
  shipping_address: OrderDraftAddress | null;
  billing_address: OrderDraftAddress;
  shipping: {
    carrier_code: string;
    method_code: string;
    carrier_title: string;
    method_title: string;
    amount_incl_tax: number;
  } | null;
  payment_method_code: string;
  totals: {
    subtotal_incl_tax: number;
    subtotal_excl_tax: number;
    discounts: { label: string; amount: number; coupon_code: string | null }[];
    shipping_incl_tax: number;
    taxes: { title: string; rate_percent: number; amount: number }[];
    grand_total: number;
  };
  coupon_codes: string[];
  /** Order attributes that passed validation, in their definitions' order. */
  additional_attributes: { code: string; value: string }[];
  /** 'pending_payment' when a provider must still confirm the payment; 'pending' when nothing is due. */
  initial_status: 'pending_payment' | 'pending';
  /** The legal texts the buyer accepted (terms, privacy) with their versions (docs/decisions/0027). */
  accepted_agreements: AcceptedAgreement[];
  /** A trial order's charge after the trial if the device is kept (spec §4 total_after_trial). */
  total_after_trial?: number | null;
}

/** A legal text version accepted with an order. */
export interface AcceptedAgreement {
  identifier: string;
  title: string;
  version: number;
}

export interface PlacedOrder {
  /** Magento's entity_id: the order's public id (opaque, never a sequential database id). */
  entity_id: string;
  /** The customer-facing order number, unique per store view. */
  order_number: string;
}

/** What checkout needs from the orders module, all inside the caller's transaction. */
export interface OrdersPort {
  /** Writes the order and queues its confirmation e-mail; the caller has already reserved stock. */
  createOrder(tx: Tx, draft: OrderDraft): Promise<PlacedOrder>;
  /** The order already placed from this cart, if any (a placeOrder retry returns it). */
  findOrderByCart(tx: Tx, cartId: string): Promise<PlacedOrder | null>;
}
