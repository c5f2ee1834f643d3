// The subscription figures of `npm run bench`: the renewal job's throughput over due subscriptions
// (orders placed by the checkout's rules and charged off-session by the sandbox PSP), and the
// subscriptions read of `#/subscription`.
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';
import { cloneDue } from '../apps/server/dist/modules/subscriptions/subscriptions.fixtures.js';

const gqlBody = (query, variables) => JSON.stringify({ query, variables });
const ADDRESS = { firstname: 'Bench', lastname: 'Subscriber', street: ['12 Carnaby Street'], city: 'London', postcode: 'W1F 9PS', country_code: 'GB', telephone: '+447975550123' };

/**
 * A customer who subscribed as a shopper does, through the server's API: age verified, an order of
 * a subscription carton placed, paid on the sandbox's card page with the card saved. Resolves with
 * the subscription's id once the server's jobs gave it its card.
 */
export async function subscribedCustomer(base, db, customer) {
  const auth = { authorization: `Bearer ${customer.token}`, store: 'gb' };
  const post = async (path, body, method = 'POST', extra = {}) => {
    const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...auth, ...extra }, body: JSON.stringify(body) });
    const answer = await res.json();
    if (res.status >= 300 || answer.errors) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return answer;
  };
  const gql = (query, variables) => post('/graphql', JSON.parse(gqlBody(query, variables)));
  await post('/age-verification/verify', { method_code: 'database_check', country_code: 'GB' });
  const cart = (await gql('{ customerCart { id } }')).data.customerCart.id;
  await gql('mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: "SUB-AMBER-CARTON", quantity: 1 }]) { cart { id } } }', { c: cart });
  await gql('mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }', { c: cart, a: ADDRESS });
  await gql('mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', { c: cart });
  await gql('mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "tablerate", method_code: "standard" }] }) { cart { id } } }', { c: cart });
  const agreements = (await gql('{ checkoutAgreements { agreement_id } }')).data.checkoutAgreements.map((a) => a.agreement_id);
  await gql('mutation ($c: String!, $ids: [Int!]) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "ember_card", agreement_ids: $ids } }) { cart { id } } }', { c: cart, ids: agreements });
  const order = (await gql('mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { order { entity_id } errors { code message } } }', { c: cart })).data.placeOrder.order;
  const payment = await post('/api/payments/generate-token', { order_id: order.entity_id, tokenize: true }, 'PUT', { 'idempotency-key': `bench-${order.entity_id}` });
  const form = new URLSearchParams({ card_number: '4111111111111111', exp_month: '10', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '321' });
  const page = await fetch(`${base}${payment.redirect_url}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
  if (page.status !== 303) throw new Error(`card page answered ${page.status}`);
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const { rows } = await db.query('SELECT id::text AS id FROM subscription_subscription WHERE origin_order_id = $1 AND card_id IS NOT NULL', [order.entity_id]);
    if (rows[0]) return rows[0].id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the subscription did not get its card');
}

/** `GET /api/subscriptions/user` for customers who each have a subscription, a token per request in turn. */
export async function subscriptionListRequests(base, db, customers, model) {
  await cloneDue(db, { subscriptionId: model }, 0, 'list', { customers: customers.map((c) => c.uuid), day: '2099-01-01' });
  let i = 0;
  return [{
    method: 'GET',
    path: '/api/subscriptions/user',
    headers: { store: 'gb' },
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${customers[i++ % customers.length].token}` } }),
  }];
}

/**
 * The renewal job over `count` due subscriptions: they are made due in one statement, and the
 * server's own job (running every 200 ms) renews them; the clock stops when the last is paid.
 * Returns renewals/s with the server's and the database's CPU per renewal.
 */
export async function renewalRun({ db, model, count, cpuMs, dbCpuMs, pid }) {
  const ids = await cloneDue(db, { subscriptionId: model }, count, `r${process.pid}`, { day: '2099-01-01' });
  await db.query("UPDATE inventory_stock SET quantity = quantity + $1 WHERE product_id = (SELECT id FROM catalog_product WHERE sku = 'SUB-AMBER-CARTON')", [count + 10]);
  const cpuBefore = cpuMs(pid);
  const dbBefore = dbCpuMs();
  const started = performance.now();
  await db.query('UPDATE subscription_subscription SET next_delivery_date = current_date WHERE id = ANY($1::uuid[])', [ids]);
  const deadline = Date.now() + 30 * 60_000;
  let paid = 0;
  while (Date.now() < deadline) {
    // Done when every subscription's renewal has its outcome (paid, or refused or declined by a rule or the card).
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid, count(*) FILTER (WHERE status IN ('paid', 'refused', 'declined'))::int AS settled
         FROM subscription_renewal WHERE subscription_id = ANY($1::uuid[])`,
      [ids],
    );
    paid = rows[0].paid;
    if (rows[0].settled >= count) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  const dbCpu = dbCpuMs() - dbBefore;
  const failed = await db.query(`SELECT count(*)::int AS n FROM subscription_renewal WHERE subscription_id = ANY($1::uuid[]) AND status <> 'paid'`, [ids]);
  return {
    scenario: `subscriptions: renewal job over ${count} due subscriptions (one instance, sandbox PSP)`,
    renewals: paid,
    not_paid: failed.rows[0].n,
    seconds: Math.round(seconds * 10) / 10,
    renewals_per_s: Math.round((paid / seconds) * 10) / 10,
    server_cpu_ms_per_renewal: paid ? Math.round((cpu / paid) * 100) / 100 : null,
    db_cpu_ms_per_renewal: paid ? Math.round((dbCpu / paid) * 100) / 100 : null,
  };
}
