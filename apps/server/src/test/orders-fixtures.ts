import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { reserveStock } from '../modules/catalog/catalog.inventory.js';
import type { OrderDraft, PlacedOrder } from '../modules/orders/orders.contract.js';
import { inTransaction } from '../platform/transaction.js';

/**
 * Test helpers for the orders suites: order drafts written through the orders port. Products,
 * customers and orders placed through the API come from @ember/test-support.
 */

const ADDRESS = {
  firstname: 'Olga',
  lastname: 'Order',
  street: ['Baker Street', '221b', ''],
  city: 'London',
  postcode: 'NW1 6XE',
  country_code: 'GB',
  region: null,
  telephone: '+447900000000',
  extra: { premise: 'Flat 2' },
  pickup: null,
};

/** A gb draft: `quantity` × 12.50 GBP of the product, 3.99 shipping, a 1.00 coupon discount. */
export function draftFor(opts: {
  product: { id: number; sku: string };
  customerUuid: string | null;
  email?: string;
  cartId?: string;
  quantity?: number;
  initialStatus?: OrderDraft['initial_status'];
}): OrderDraft {
  const quantity = opts.quantity ?? 2;
  const unit = 1250;
  const subtotal = unit * quantity;
  const discount = 100;
  const shipping = 399;
  const grand = subtotal - discount + shipping;
  return {
    cart_id: opts.cartId ?? randomUUID().replace(/-/g, ''),
    store_code: 'gb',
    website_code: 'uk',
    currency: 'GBP',
    customer_uuid: opts.customerUuid,
    email: opts.email ?? `guest+${randomUUID().slice(0, 8)}@example.com`,
    items: [
      {
        sku: opts.product.sku,
        product_id: opts.product.id,
        parent_sku: null,
        name: 'Order test item',
        product_type: 'simple',
        quantity,
        unit_price_incl_tax: unit,
        row_total_incl_tax: subtotal,
        row_tax: Math.round(subtotal / 6),
        row_discount: discount,
        is_gift: false,
        parent_gift_sku: null,
        selected_options: [{ label: 'Colour', value: 'Slate' }],
        bundle_options: [],
      },
    ],
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
    shipping: { carrier_code: 'tablerate', method_code: 'standard', carrier_title: 'Royal Mail', method_title: 'Standard delivery', amount_incl_tax: shipping },
    payment_method_code: 'checkmo',
    totals: {
      subtotal_incl_tax: subtotal,
      subtotal_excl_tax: subtotal - Math.round(subtotal / 6),
      discounts: [{ label: 'Welcome', amount: discount, coupon_code: 'WELCOME' }],
      shipping_incl_tax: shipping,
      taxes: [{ title: 'VAT', rate_percent: 20, amount: Math.round(grand / 6) }],
      grand_total: grand,
    },
    coupon_codes: ['WELCOME'],
    additional_attributes: [{ code: 'delivery_note', value: 'Leave at the door' }],
    initial_status: opts.initialStatus ?? 'pending_payment',
    accepted_agreements: [{ identifier: 'terms', title: 'Terms and conditions', version: 1 }, { identifier: 'privacy', title: 'Privacy policy', version: 1 }],
  };
}

/** What checkout's placeOrder does with the port: reserve stock, then create the order, in one transaction. */
export function placeOrder(app: FastifyInstance, draft: OrderDraft): Promise<PlacedOrder> {
  return inTransaction(app.db, async (tx) => {
    await reserveStock(tx, draft.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity, sku: i.sku })));
    return app.services.orders.createOrder(tx, draft);
  });
}
