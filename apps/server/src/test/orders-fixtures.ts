import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../platform/db.js';
import { restCall, type TestServer } from './test-app.js';
import { reserveStock } from '../modules/catalog/catalog.inventory.js';
import type { OrderDraft, PlacedOrder } from '../modules/orders/orders.contract.js';

/** Test helpers for the orders suites: their own products and stock, customers, drafts. */

export async function makeProduct(db: Queryable, stock: number): Promise<{ id: number; sku: string }> {
  const sku = `ORD-${randomUUID().slice(0, 12)}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO catalog_product (sku, type_id, url_key, kind, is_visible) VALUES ($1, 'simple', $2, 'accessory', false) RETURNING id`,
    [sku, sku.toLowerCase()],
  );
  await db.query(`INSERT INTO inventory_stock (product_id, quantity) VALUES ($1, $2)`, [rows[0]!.id, stock]);
  return { id: rows[0]!.id, sku };
}

export async function stockOf(db: Queryable, productId: number): Promise<number> {
  const { rows } = await db.query<{ quantity: number }>(`SELECT quantity FROM inventory_stock WHERE product_id = $1`, [productId]);
  return rows[0]!.quantity;
}

export const PASSWORD = 'Orders-Pass-1';

export async function registerCustomer(server: TestServer): Promise<{ uuid: string; token: string; email: string }> {
  // A mailbox of its own: +tag aliases of one mailbox count as one person (self-referral).
  const email = `orders-${randomUUID().slice(0, 8)}@example.com`;
  const reg = await restCall(server, 'POST', '/account/users/register', {
    terms_accepted: true,
    firstname: 'Olga',
    lastname: 'Order',
    date_of_birth: '1985-05-05',
    strategy: 'email_password',
    strategy_data: { identifier: email, password: PASSWORD },
  }, { store: 'gb' });
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await restCall(server, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } }, { store: 'gb' });
  return { uuid: reg.body.user_uuid, token: login.body.token, email };
}

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
  return app.db.transaction(async (tx) => {
    await reserveStock(tx, draft.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity, sku: i.sku })));
    return app.services.orders.createOrder(tx, draft);
  });
}
