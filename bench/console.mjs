// The operator console's figures of `npm run bench` (`BENCH_ONLY=console`): the order and customer
// lists at /admin over 100,000 orders, 50,000 customers and 1,000,000 loyalty ledger rows written by
// SQL (generate_series), every CHECK and trigger of the tables in force.

export const CONSOLE_ORDERS = Number(process.env.BENCH_CONSOLE_ORDERS ?? 100_000);
export const CONSOLE_CUSTOMERS = Number(process.env.BENCH_CONSOLE_CUSTOMERS ?? 50_000);
export const CONSOLE_LEDGER = Number(process.env.BENCH_CONSOLE_LEDGER ?? 1_000_000);

const FIRST = `ARRAY['Anna','Ben','Clara','David','Emma','Felix','Greta','Hugo','Ida','Jonas']`;
const LAST_1 = `ARRAY['Ack','Bran','Cor','Dun','Ell','Fair','Gar','Hol','Ing','Jor']`;
const LAST_2 = `ARRAY['er','ing','ley','man','ton','wick','ford','by','son','well']`;
const LAST_3 = `ARRAY['','e','s','en','a','is','o','ow','ey','ith']`;
/** A bench customer's uuid, e-mail and names from its number (the same formula in every statement). */
const customerUuid = (i) => `md5('bench-customer-' || ${i})::uuid`;
const firstname = (i) => `(${FIRST})[1 + ${i} % 10]`;
/** One of 1,000 surnames (about 50 customers each). */
const lastname = (i) => `(${LAST_1})[1 + (${i} / 10) % 10] || (${LAST_2})[1 + (${i} / 100) % 10] || (${LAST_3})[1 + (${i} / 1000) % 10]`;

/**
 * Writes the console's data set into the bench database: customers spread over the active store
 * views (every 50th deactivated), orders over the last 30 days (every fifth a guest's; statuses of
 * the whole life, the paid ones with their capture, the cancelled ones with their time), a billing
 * address and one line each, and ledger credits 20 per customer (the balance trigger keeps the
 * accounts). Returns the seconds each part took.
 */
export async function seedConsole(db) {
  const took = {};
  const time = async (name, sql) => {
    const started = Date.now();
    await db.query(sql);
    took[name] = Math.round((Date.now() - started) / 100) / 10;
  };
  const views = `v AS (SELECT code, website_code, base_currency_code AS currency, language, (row_number() OVER (ORDER BY code) - 1)::int AS k, (count(*) OVER ())::int AS n
    FROM store_view WHERE is_active)`;
  await time('customers', `WITH ${views}
    INSERT INTO identity_user (uuid, email, firstname, lastname, telephone, store_code, status, status_reason, created_at, updated_at)
    SELECT ${customerUuid('i')}, 'bench-c' || i || '@example.com', ${firstname('i')}, ${lastname('i')}, '+4479' || lpad(i::text, 8, '0'),
           v.code, CASE WHEN i % 50 = 0 THEN 'deactivated' ELSE 'active' END, CASE WHEN i % 50 = 0 THEN 'bench' END,
           now() - i * interval '50 seconds', now()
      FROM generate_series(1, ${CONSOLE_CUSTOMERS}) i JOIN v ON v.k = i % v.n`);
  await time('orders', `WITH ${views},
    s AS (SELECT i, (ARRAY['pending_payment','payment_completed','processing','shipped','delivered','complete','canceled','on_hold','payment_failed','confirmed'])[1 + i % 10] AS status,
                 1 + i % 4 AS qty, now() - i * interval '26 seconds' AS at, 1 + (i * 7) % ${CONSOLE_CUSTOMERS} AS c
            FROM generate_series(1, ${CONSOLE_ORDERS}) i)
    INSERT INTO orders_order (entity_id, order_number, store_code, website_code, sequence_value, cart_id, customer_uuid, email, language, status, currency,
                              subtotal_incl_tax, subtotal_excl_tax, discount_total, shipping_incl_tax, tax_total, grand_total, payment_method_code,
                              payment_uuid, payment_reference, amount_paid, paid_at, canceled_at, created_at, updated_at)
    SELECT md5('bench-order-' || s.i)::uuid, upper(replace(v.code, '_', '-')) || '-' || (100000000 + s.i), v.code, v.website_code, 100000000 + s.i, 'bench-' || s.i,
           CASE WHEN s.i % 5 = 0 THEN NULL ELSE ${customerUuid('s.c')} END,
           CASE WHEN s.i % 5 = 0 THEN 'guest' || s.i || '@example.org' ELSE 'bench-c' || s.c || '@example.com' END,
           v.language, s.status, v.currency, 1250 * s.qty, 1250 * s.qty - (1250 * s.qty) / 6, 0, 399, (1250 * s.qty + 399) / 6, 1250 * s.qty + 399, 'checkmo',
           CASE WHEN p.paid THEN md5('bench-payment-' || s.i)::uuid END, CASE WHEN p.paid THEN 'bench-' || s.i END,
           CASE WHEN p.paid THEN 1250 * s.qty + 399 END, CASE WHEN p.paid THEN s.at END,
           CASE WHEN s.status = 'canceled' THEN s.at END, s.at, s.at
      FROM s JOIN v ON v.k = s.i % v.n
      CROSS JOIN LATERAL (SELECT s.status IN ('payment_completed','processing','shipped','delivered','complete','confirmed') AS paid) p`);
  await time('order addresses', `
    INSERT INTO orders_address (order_id, kind, firstname, lastname, street, city, postcode, country_code)
    SELECT o.id, 'billing', coalesce(u.firstname, 'Guest'), coalesce(u.lastname, 'Guestley'), '["1 High Street"]'::jsonb, 'London', 'SW1A 1AA', 'GB'
      FROM orders_order o LEFT JOIN identity_user u ON u.uuid = o.customer_uuid
     WHERE o.cart_id LIKE 'bench-%'`);
  await time('order lines', `
    INSERT INTO orders_item (uid, order_id, position, sku, product_id, name, product_type, qty_ordered, unit_price_incl_tax, row_total_incl_tax, row_tax, row_discount)
    SELECT md5('bench-item-' || o.id)::uuid, o.id, 0, p.sku, p.id, 'Bench line', 'simple', o.subtotal_incl_tax / 1250, 1250, o.subtotal_incl_tax, o.subtotal_incl_tax / 6, 0
      FROM orders_order o CROSS JOIN (SELECT id, sku FROM catalog_product WHERE type_id = 'simple' ORDER BY id LIMIT 1) p
     WHERE o.cart_id LIKE 'bench-%'`);
  await time('loyalty ledger', `
    INSERT INTO loyalty_ledger (consumer_uuid, points, source_type, source_key, event, created_at)
    SELECT ${customerUuid(`(1 + i % ${CONSOLE_CUSTOMERS})`)}, 5 + i % 50, 'adjustment', 'bench-' || i, 'Bench credit', now() - i * interval '2 seconds'
      FROM generate_series(1, ${CONSOLE_LEDGER}) i ORDER BY i % ${CONSOLE_CUSTOMERS}, i`);
  // What autovacuum does soon after such a load: statistics, and the visibility map index-only scans (the lists' counts) rely on.
  await time('vacuum', 'VACUUM ANALYZE identity_user, orders_order, orders_address, orders_item, loyalty_ledger, loyalty_account');
  // The load's pages written out now rather than by the checkpointer while the first scenario measures.
  await time('checkpoint', 'CHECKPOINT');
  return took;
}

const iso = (msAgo) => encodeURIComponent(new Date(Date.now() - msAgo).toISOString());
const DAY = 86_400_000;

/** A mix of order list calls as operators make them: pages, filters, sorts and the three kinds of search. */
export function consoleOrderRequests(token) {
  const paths = [
    '', 'page=40', 'status=processing', 'status=pending_payment,payment_failed', 'store=de', 'store=gb&status=shipped&page=3',
    'payment_status=unpaid', 'payment_status=partially_refunded,refunded', `from=${iso(2 * DAY)}&to=${iso(DAY)}`, 'sort=grand_total&direction=desc',
    'sort=number&direction=asc&page=10', 'q=bench-c123', 'q=bench-c4567%40example.com', 'q=guest1000', 'q=GB-10000', 'q=DE-100012345',
    'q=dunleyen', 'q=emma%20corby', 'q=fairwick&status=delivered', 'page_size=100&page=5',
  ];
  return paths.map((q) => ({ method: 'GET', path: `/admin/orders${q ? `?${q}` : ''}`, headers: { authorization: `Bearer ${token}` } }));
}

/** A mix of customer list calls: pages, filters and searches by e-mail, name, phone and uuid. */
export function consoleCustomerRequests(token, uuids) {
  const paths = [
    '', 'page=30', 'status=deactivated', 'store=gb', 'website=de&page=2', `from=${iso(7 * DAY)}&to=${iso(2 * DAY)}`, 'q=bench-c42',
    'q=bench-c31415%40example.com', 'q=holtonis', 'q=greta%20brans', 'q=%2B447900012345', 'q=4479000123', ...uuids.map((u) => `q=${u}`), 'page_size=100&page=3',
  ];
  return paths.map((q) => ({ method: 'GET', path: `/admin/customers${q ? `?${q}` : ''}`, headers: { authorization: `Bearer ${token}` } }));
}
