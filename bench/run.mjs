// `npm run bench`: load scenarios against a freshly started production server on 127.0.0.1 only.
// Each scenario runs for a fixed time and prints throughput, p50/p99 latency and the server's CPU
// time per request (read from /proc for the server process). Results go to bench/results/.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { Mod37_36 } from '@konfirm/iso7064';
import { ADD_TO_CART, CHECKOUT_SKU, checkoutSteps } from './checkout.mjs';
import { renewalRun, subscribedCustomer, subscriptionListRequests } from './subscriptions.mjs';
import { storeSearchRequests } from './stores.mjs';
import { CONSOLE_CUSTOMERS, CONSOLE_LEDGER, CONSOLE_ORDERS, consoleCustomerRequests, consoleOrderRequests, seedConsole } from './console.mjs';
import { TEST_PACK_CODE_SECRET } from '../apps/server/dist/config.js';
import { formatCode, makeCode } from '../apps/server/dist/modules/pack-codes/pack-codes.code.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? `postgres://postgres@${HOST}:5432/postgres`;
const DB_NAME = `ember_bench_${process.pid}`;
const base = `http://${HOST}:${PORT}`;

const PRODUCT_DETAILS = `query ProductDetails($sku: String!) {
  products(filter: { sku: { eq: $sku } }) { items {
    __typename sku name url_key stock_status subtitle disclaimer
    price_range { minimum_price { regular_price { value currency } final_price { value currency } discount { amount_off percent_off } } }
    price_tiers { quantity final_price { value currency } }
    media_gallery { url label position }
    categories { uid name url_key }
    ... on ConfigurableProduct {
      configurable_options { attribute_code label values { value_index label swatch_data { value } } }
      variants { attributes { code value_index } product { sku stock_status media_gallery { url } price_range { minimum_price { final_price { value } } } } }
    }
  } } }`;

/** Creates `n` guest carts (50 at a time) so each add-to-cart request can use a fresh one. */
async function createGuestCarts(n) {
  const carts = [];
  while (carts.length < n) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, n - carts.length) }, async () => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST', headers: { 'content-type': 'application/json', store: 'gb' }, body: JSON.stringify({ query: 'mutation { createEmptyCart }' }),
      });
      return (await res.json()).data.createEmptyCart;
    }));
    carts.push(...batch);
  }
  return carts;
}

// One whole guest checkout, call by call, as the storefront makes it (bench/checkout.mjs, shared
// with `npm run bench:statements`). The cart id travels in each virtual user's autocannon context.
// The store's checkout agreements (terms and privacy), ticked with the payment method as the storefront does.
let agreementIds = [];
async function loadAgreementIds() {
  const res = await fetch(`${base}/graphql`, json({ query: '{ checkoutAgreements { agreement_id } }' }, { store: 'gb' }));
  agreementIds = (await res.json()).data.checkoutAgreements.map((a) => a.agreement_id);
}
const CHECKOUT_STEPS = checkoutSteps(() => agreementIds);

/** Milliseconds of every whole checkout completed while measuring (createEmptyCart sent → order number back). */
const checkoutTimes = [];
let checkoutFailures = 0;

/** The `name=value` of the guest cart's credential cookie in a Set-Cookie header, if any. */
function cartCookieOf(setCookie) {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.map((c) => c.split(';')[0]).find((c) => /^(__Host-)?ember_cart_key=/.test(c));
  return found ?? null;
}

function checkoutRequests() {
  return CHECKOUT_STEPS.map(([query, vars], step) => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', store: 'gb' },
    setupRequest: (req, ctx) => {
      if (step === 0) ctx.startedAt = performance.now();
      // The guest cart's credential cookie, as a browser sends it back (docs/decisions/0033).
      const headers = step > 0 && ctx.cartCookie ? { ...req.headers, cookie: ctx.cartCookie } : req.headers;
      return { ...req, headers, body: JSON.stringify({ query, variables: vars(ctx.cartId) }) };
    },
    onResponse: (status, body, ctx, headers) => {
      if (step === 0) {
        ctx.cartId = JSON.parse(body).data?.createEmptyCart;
        ctx.cartCookie = cartCookieOf(headers?.['set-cookie']);
      }
      if (step === CHECKOUT_STEPS.length - 1) {
        const placed = JSON.parse(body).data?.placeOrder;
        if (placed?.order?.order_number) checkoutTimes.push(performance.now() - ctx.startedAt);
        else checkoutFailures++;
      }
    },
  }));
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : null;
};

const PASSWORD = 'Bench-Password-2026';
const json = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const loginBody = (email) => ({ strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });

/** Registers `n` customers (the server's own API) and returns their e-mails. */
let registered = 0;
async function registerCustomers(n) {
  const emails = [];
  // Eight at a time: registration hashes a password, so the server's cores are the limit.
  while (emails.length < n) {
    const batch = await Promise.all(Array.from({ length: Math.min(8, n - emails.length) }, async (_, j) => {
      const email = `bench+${process.pid}-${registered++}@example.com`;
      const res = await fetch(`${base}/account/users/register`, json({
        terms_accepted: true,
        firstname: 'Bench', lastname: `User ${emails.length + j}`, date_of_birth: '1985-06-15', strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
      }));
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
      return email;
    }));
    emails.push(...batch);
  }
  return emails;
}

/** A goal a figure of a row must meet, printed beside it. */
const atLeast = (figure, label, goal, unit = '') => ({ figure, label, goal, unit, sign: '≥', met: (v) => v >= goal });
const atMost = (figure, label, goal, unit = '') => ({ figure, label, goal, unit, sign: '≤', met: (v) => v <= goal });
const below = (figure, label, goal, unit = '') => ({ figure, label, goal, unit, sign: '<', met: (v) => v < goal });

/** Each goal of a row with its figure, whether it is met, printed as one line. */
function judge(row, goals = []) {
  const judged = goals.map((g) => ({ figure: g.figure, value: row[g.figure], goal: `${g.sign} ${g.goal}${g.unit ? ` ${g.unit}` : ''}`, met: row[g.figure] != null && g.met(row[g.figure]) }));
  if (judged.length) {
    const text = judged.map((j, i) => `${goals[i].label} ${j.value}${goals[i].unit ? ` ${goals[i].unit}` : ''} (goal ${j.goal}) ${j.met ? 'met' : 'NOT MET'}`);
    console.log(`  goals: ${text.join('; ')}`);
  }
  return judged;
}

const scenarios = [
  {
    name: 'catalogue: product details by sku (GraphQL GET)',
    requests: [{
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent(PRODUCT_DETAILS)}&variables=${encodeURIComponent(JSON.stringify({ sku: 'EMBER-ONE' }))}`,
      headers: { store: 'gb' },
    }],
    check: (body) => JSON.parse(body).data.products.items[0].sku === 'EMBER-ONE',
    goals: [atLeast('req_per_s', 'req/s', 3000), below('p99_ms', 'p99', 100, 'ms'), below('server_cpu_ms_per_req', 'server CPU per request', 2, 'ms')],
  },
  {
    // Dominated by password hashing (Argon2id, docs/decisions/0006): fewer connections; customers rotate within the per-account limit.
    name: 'account: login (second family, Argon2id)',
    connections: 8,
    async setup() {
      // Each account allows 10 sign-ins per 15 minutes: enough accounts that no login meets that limit.
      const emails = await registerCustomers(Number(process.env.BENCH_LOGIN_ACCOUNTS ?? 800));
      let i = 0;
      return [{
        method: 'POST',
        path: '/account/users/authentication/sessions',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify(loginBody(emails[i++ % emails.length])) }),
      }];
    },
    check: (body) => typeof JSON.parse(body).token === 'string',
  },
  {
    name: 'account: profile read (second family)',
    async setup() {
      const [email] = await registerCustomers(1);
      const login = await (await fetch(`${base}/account/users/authentication/sessions`, json(loginBody(email)))).json();
      return [{ method: 'GET', path: `/account/users/${login.user_uuid}/profile`, headers: { authorization: `Bearer ${login.token}` } }];
    },
    check: (body) => typeof JSON.parse(body).personalInfo.email === 'string',
    goals: [below('server_cpu_ms_per_req', 'server CPU per request', 2, 'ms')],
  },
  {
    // Every request adds one pack to a guest cart of its own (created before measuring).
    name: 'cart: add to a fresh guest cart (GraphQL POST)',
    connections: 20,
    async setup() {
      const carts = await createGuestCarts(Number(process.env.BENCH_CARTS ?? 8000));
      let i = 0;
      return [{
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', store: 'gb' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ query: ADD_TO_CART, variables: { c: carts[i++ % carts.length], sku: 'STK-AMBER-PACK' } }) }),
      }];
    },
    check: (body) => JSON.parse(body).data.addProductsToCart.user_errors.length === 0,
    goals: [atLeast('req_per_s', 'req/s', 1000)],
  },
  {
    // Ten virtual users, each looping through whole guest checkouts (8 calls, the last placeOrder).
    name: 'checkout: whole guest checkout per virtual user (GraphQL POST)',
    connections: 10,
    perCheckout: true,
    async setup(admin) {
      // The bench database is its own: give the bought product stock for every order of the run.
      await admin.query(`UPDATE inventory_stock SET quantity = 10000000 WHERE product_id = (SELECT id FROM catalog_product WHERE sku = $1)`, [CHECKOUT_SKU]);
      await loadAgreementIds();
      return checkoutRequests();
    },
    probe: async () => {
      let cart = null;
      let cookie = null;
      let body = '';
      for (const [query, vars] of CHECKOUT_STEPS) {
        const headers = { 'content-type': 'application/json', store: 'gb', ...(cookie ? { cookie } : {}) };
        const res = await fetch(`${base}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables: vars(cart) }) });
        body = await res.text();
        cookie ??= cartCookieOf(res.headers.getSetCookie());
        cart ??= JSON.parse(body).data?.createEmptyCart ?? null;
      }
      return body;
    },
    check: (body) => typeof JSON.parse(body).data.placeOrder.order.order_number === 'string',
    // Issue goals for the whole checkout (10 virtual users, load generator on the same cores).
    goals: [
      atLeast('orders_per_s', 'orders/s', 200), below('checkout_p99_ms', 'p99 per whole checkout', 150, 'ms'),
      atMost('server_cpu_ms_per_checkout', 'server CPU per checkout', 3.5, 'ms'), atMost('db_cpu_ms_per_checkout', 'database CPU per checkout', 3.5, 'ms'),
    ],
  },
];

/** Registers and logs in `n` customers (eight logins at a time, as registration); returns their uuids and bearer tokens. */
async function signedInCustomers(n) {
  const emails = await registerCustomers(n);
  const out = [];
  for (let i = 0; i < emails.length; i += 8) {
    out.push(...await Promise.all(emails.slice(i, i + 8).map(async (email) => {
      const login = await (await fetch(`${base}/account/users/authentication/sessions`, json(loginBody(email)))).json();
      return { uuid: login.user_uuid, token: login.token };
    })));
  }
  return out;
}

/** Writes points straight into the bench database's ledger (an operator adjustment) and a 1-point reward. */
async function grantPointsAndReward(customers, points) {
  const db = new pg.Client({ connectionString: `postgres://postgres@${HOST}:5432/${DB_NAME}` });
  await db.connect();
  try {
    for (const c of customers) {
      await db.query(
        `INSERT INTO loyalty_ledger (consumer_uuid, points, source_type, source_key, event) VALUES ($1, $2, 'adjustment', $3, 'Bench grant')`,
        [c.uuid, points, `bench:${c.uuid}`],
      );
    }
    const { rows } = await db.query(
      `INSERT INTO loyalty_reward (uuid, kind, name, points) VALUES (gen_random_uuid(), 'reward', 'Bench sticker', 1) RETURNING uuid::text AS uuid`,
    );
    return rows[0].uuid;
  } finally {
    await db.end();
  }
}

scenarios.push(
  {
    name: 'loyalty: points balance read (REST, bearer token)',
    async setup() {
      const [c] = await signedInCustomers(1);
      return [{ method: 'GET', path: `/api/loyalty/consumers/${c.uuid}`, headers: { authorization: `Bearer ${c.token}`, store: 'gb' } }];
    },
    check: (body) => typeof JSON.parse(body).points === 'number',
  },
  {
    // Each request redeems a 1-point reward; 50 customers rotate so requests of one account (which
    // serialise on its balance row) do not dominate.
    name: 'loyalty: reward redemption (REST POST, 50 customers)',
    async setup() {
      const customers = await signedInCustomers(50);
      const reward = await grantPointsAndReward(customers, 1_000_000);
      let i = 0;
      return [{
        method: 'POST',
        path: '/api/loyalty/consumers/x/reward',
        headers: { 'content-type': 'application/json', store: 'gb' },
        setupRequest: (req) => {
          const c = customers[i++ % customers.length];
          return { ...req, path: `/api/loyalty/consumers/${c.uuid}/reward`, headers: { ...req.headers, authorization: `Bearer ${c.token}` }, body: JSON.stringify({ reward_uuid: reward }) };
        },
      }];
    },
    check: (body) => typeof JSON.parse(body).coupon === 'string',
  },
);

/** The batch the pack-code scenario registers codes of; its codes are made with the TEST mode key the bench server runs with. */
const BENCH_PACK_BATCH = 9000;

scenarios.push({
  // Every request registers a genuine code nobody has registered yet, as one of many customers in
  // turn: each stays within the month's allowance (20 codes) and the attempts per hour (30), which
  // the bench leaves as in production. BENCH_PACK_CUSTOMERS × 20 bounds the requests of a run.
  name: 'pack codes: registration (REST POST, a fresh genuine code per request, 1,000 customers)',
  connections: 20,
  async setup(db) {
    await db.query(
      `INSERT INTO pack_code_batch (id, sku, produced_on, size, earning_rule) VALUES ($1, 'STK-TEAK-PACK', DATE '2026-11-01', 30000000, 'pack_code_registered')`,
      [BENCH_PACK_BATCH],
    );
    const customers = await signedInCustomers(Number(process.env.BENCH_PACK_CUSTOMERS ?? 1000));
    let serial = 0;
    return [{
      method: 'POST',
      path: '/api/me/products/register',
      headers: { 'content-type': 'application/json', store: 'gb' },
      setupRequest: (req) => {
        const n = serial++;
        const c = customers[n % customers.length];
        return { ...req, headers: { ...req.headers, authorization: `Bearer ${c.token}` }, body: JSON.stringify({ code: formatCode(makeCode(TEST_PACK_CODE_SECRET, BENCH_PACK_BATCH, n)) }) };
      },
    }];
  },
  check: (body) => JSON.parse(body).result === 'registered',
});

/** `n` new serials of one model in the bench database's device registry, each with its check character. */
async function freshSerials(db, n, model = 'EMBER-ONE-SLATE') {
  const serials = [];
  for (let i = 0; i < n; i++) {
    // B + the bench's process id and a counter, in base 36: unique per run, never a seeded serial.
    const body = `B${(process.pid % 1296).toString(36).toUpperCase().padStart(2, '0')}${i.toString(36).toUpperCase().padStart(8, '0')}`;
    serials.push(Mod37_36.generate(body));
  }
  for (let i = 0; i < serials.length; i += 5000) {
    const chunk = serials.slice(i, i + 5000);
    await db.query(
      `INSERT INTO devices_device (serial, model_code, random_code, tracking_code)
       SELECT s, $2, 'BENCH1', 'TRK-' || s FROM unnest($1::text[]) AS s`,
      [chunk, model],
    );
  }
  return serials;
}

scenarios.push({
  // Each request registers a serial nobody holds to one of 500 customers (an account may try 60
  // codes an hour, so the load is spread as many shoppers would spread it).
  name: 'devices: registration (REST POST, a fresh serial per request, 500 customers)',
  connections: 20,
  async setup(db) {
    const customers = await signedInCustomers(500);
    const serials = await freshSerials(db, 40_000);
    let i = 0;
    return [{
      method: 'POST',
      path: '/api/devices',
      headers: { 'content-type': 'application/json', store: 'gb' },
      setupRequest: (req) => {
        const c = customers[i % customers.length];
        const serial = serials[i++ % serials.length];
        return { ...req, headers: { ...req.headers, authorization: `Bearer ${c.token}` }, body: JSON.stringify({ consumerId: c.uuid, deviceId: serial }) };
      },
    }];
  },
  check: (body) => JSON.parse(body).status === 'accepted',
});

/** The subscription every subscription scenario copies: made once, through the API, as a shopper makes one. */
let subscriptionModel = null;
async function modelSubscription(db) {
  subscriptionModel ??= await subscribedCustomer(base, db, (await signedInCustomers(1))[0]);
  return subscriptionModel;
}

scenarios.push({
  // #/subscription's read: each request is another of 200 customers, each with a subscription.
  name: 'subscriptions: list read (REST, bearer token, 200 customers)',
  async setup(db) {
    const customers = await signedInCustomers(200);
    return subscriptionListRequests(base, db, customers, await modelSubscription(db));
  },
  check: (body) => JSON.parse(body).subscriptions?.length === 1,
});

const RENEWAL_COUNT = Number(process.env.BENCH_RENEWALS ?? 5000);
const RENEWAL_NAME = 'subscriptions: renewal job';

/** Public pages in every store view: the page-cache scenario serves them. */
const PUBLIC_PAGES = ['gb', 'de', 'ch'].flatMap((s) => [`/${s}/`, `/${s}/shop`, `/${s}/p/ember-one`, `/${s}/faq`]);
/**
 * The pages the soak renders: the same, with a query the pages do not read, which the page cache
 * does not take (a listing's query sorts and filters it, so the listing goes by a category instead).
 */
const SOAK_PAGES = ['gb', 'de', 'ch'].flatMap((s) => [`/${s}/?soak=1`, `/${s}/p/ember-one?soak=1`, `/${s}/faq?soak=1`, `/${s}/legal/privacy?soak=1`]);

scenarios.push({
  name: 'pages: public pages from the page cache (home, listing, product, FAQ in three store views)',
  requests: PUBLIC_PAGES.map((p) => ({ method: 'GET', path: p, headers: { 'accept-encoding': 'br' } })),
  probe: async () => {
    const res = await fetch(base + PUBLIC_PAGES[2]);
    return `${res.status} ${(await res.text()).slice(0, 15)}`;
  },
  check: (body) => body === '200 <!DOCTYPE html>',
  goals: [atLeast('req_per_s', 'pages/s', 5000), atMost('server_cpu_ms_per_req', 'server CPU per page', 0.2, 'ms')],
  // Each answer is a whole compressed document: one load-generator thread reading them is slower
  // than the server writing them, so the 50 connections are shared by two threads.
  loadWorkers: 2,
});

/**
 * Site search as shoppers use it: whole words, misspelt words, prefixes while typing and flavour
 * names, in English and German, each with highlighting (the results page's and the header's calls).
 */
const SEARCH_QUERIES = [
  ['gb', 'mint'], ['gb', 'ember one'], ['gb', 'amberr'], ['gb', 'citr'], ['gb', 'warranties'], ['gb', 'delivery'], ['gb', 'device clean'],
  ['de', 'minze'], ['de', 'bernstien'], ['de', 'zitr'], ['de', 'Garantien'], ['de', 'lieferung'], ['ch', 'geräte'], ['ch', 'abo'],
];
scenarios.push({
  name: 'search: site search (REST GET, 14 queries in three store views, highlighted)',
  requests: SEARCH_QUERIES.map(([store, q], i) => ({
    method: 'GET',
    path: `/api/search?q=${encodeURIComponent(q)}&highlight=true&per_page=${i % 2 ? 6 : 10}`,
    headers: { store },
  })),
  check: (body) => JSON.parse(body).items?.length > 0,
});

scenarios.push({
  name: 'stores: store distance search (REST GET, 90 points in three store views, some within a distance or of one kind)',
  requests: storeSearchRequests(),
  check: (body) => JSON.parse(body).items?.length > 0,
});

/** The scripts' operator token the console scenarios call /admin with (an operator with every permission). */
const BENCH_ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? 'bench-operator-token-0123456789abcdef0123';
let consoleSeeded = false;
async function seedConsoleOnce(db) {
  if (consoleSeeded) return;
  consoleSeeded = true;
  const started = Date.now();
  const took = await seedConsole(db);
  console.log(`console: seeded ${CONSOLE_ORDERS} orders, ${CONSOLE_CUSTOMERS} customers, ${CONSOLE_LEDGER} ledger rows in ${Math.round((Date.now() - started) / 1000)} s ` +
    `(${Object.entries(took).map(([k, v]) => `${k} ${v} s`).join(', ')})`);
}

// The operator console's lists (docs/decisions/0076): ten operators clicking without a pause, so ten
// calls are always in flight, more than a console's few people make. (autocannon's paced mode sends
// each connection's calls of a second back to back at the second's start: a burst, not a pace.)
const consoleOrders = async (db) => {
  await seedConsoleOnce(db);
  return consoleOrderRequests(BENCH_ADMIN_TOKEN);
};
const consoleCustomers = async (db) => {
  await seedConsoleOnce(db);
  const { rows } = await db.query(`SELECT uuid::text AS uuid FROM identity_user WHERE email LIKE 'bench-c%' ORDER BY email LIMIT 3`);
  return consoleCustomerRequests(BENCH_ADMIN_TOKEN, rows.map((r) => r.uuid));
};
// The unfiltered first call matches every order or customer: more than the exact count's cap (decision 0084).
const consoleCheck = (body) => JSON.parse(body).page_info?.total_capped === true;
scenarios.push({
  name: 'console: order list (REST GET /admin/orders, 20 searches, filters, sorts and pages over 100,000 orders)',
  connections: 10,
  setup: consoleOrders,
  check: consoleCheck,
  goals: [below('p99_ms', 'p99', 100, 'ms')],
});
scenarios.push({
  name: 'console: customer list (REST GET /admin/customers, 17 searches, filters and pages over 50,000 customers)',
  connections: 10,
  setup: consoleCustomers,
  check: consoleCheck,
  goals: [below('p99_ms', 'p99', 100, 'ms')],
});

const ONLY = process.env.BENCH_ONLY;

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the full line (11 and 12 after the command name).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * CPU milliseconds used so far by every PostgreSQL server process on this machine (the database
 * runs here too). Counts the whole server, so it is only the bench's share on a quiet machine.
 */
function dbCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch { /* the process ended meanwhile */ }
  }
  return total;
}

async function waitReady(timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

const HEAP_FILE = path.join(tmpdir(), `ember-bench-heap-${process.pid}.json`);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SOAK_NAME = 'pages: soak of server-rendered pages';

/** The server's heap after two full collections (bench/heap-probe.mjs), in MB, and its resident size. */
async function heapAfterGc(server) {
  const before = existsSync(HEAP_FILE) ? JSON.parse(readFileSync(HEAP_FILE, 'utf8')).seq : 0;
  server.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (!existsSync(HEAP_FILE)) continue;
    const probe = JSON.parse(readFileSync(HEAP_FILE, 'utf8'));
    if (probe.seq > before) return { heap_mb: Math.round(probe.heapUsed / 1e5) / 10, rss_mb: Math.round(probe.rss / 1e5) / 10 };
  }
  throw new Error('the server did not answer the heap probe');
}

/**
 * Renders public pages for BENCH_SOAK_SECONDS (default 600) with 50 connections and compares the
 * heap left after full collections before and after: memory must stay flat under page load.
 */
async function soak(server) {
  for (const page of SOAK_PAGES) {
    const res = await fetch(base + page);
    if (res.status !== 200) throw new Error(`${SOAK_NAME}: ${page} answered ${res.status}`);
    await res.arrayBuffer();
  }
  const requests = SOAK_PAGES.map((p) => ({ method: 'GET', path: p }));
  await autocannon({ url: base, connections: 10, duration: 10, requests });
  const start = await heapAfterGc(server);
  const cpuBefore = cpuMs(server.pid);
  const r = await autocannon({ url: base, connections: CONNECTIONS, duration: SOAK_SECONDS, requests });
  const cpu = cpuMs(server.pid) - cpuBefore;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const end = await heapAfterGc(server);
  const row = {
    scenario: SOAK_NAME, connections: CONNECTIONS, duration_s: SOAK_SECONDS, requests: r.requests.total,
    req_per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, errors: r.errors + r.non2xx,
    server_cpu_ms_per_req: r.requests.total ? Math.round((cpu / r.requests.total) * 1000) / 1000 : null,
    heap_start_mb: start.heap_mb, heap_end_mb: end.heap_mb, heap_growth_mb: Math.round((end.heap_mb - start.heap_mb) * 10) / 10,
    rss_start_mb: start.rss_mb, rss_end_mb: end.rss_mb,
  };
  console.log(`${SOAK_NAME}: ${row.req_per_s} pages/s for ${SOAK_SECONDS} s, p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms, ` +
    `server CPU ${row.server_cpu_ms_per_req} ms/page, ${row.errors} errors; heap after full GC ${row.heap_start_mb} MB → ${row.heap_end_mb} MB ` +
    `(growth ${row.heap_growth_mb} MB), resident ${row.rss_start_mb} MB → ${row.rss_end_mb} MB`);
  row.goals = judge(row, [atMost('heap_growth_mb', 'heap growth after full collections', 50, 'MB')]);
  return row;
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  // A connection to the bench's own database, for scenario setup only.
  const bench = new pg.Client({ connectionString: `postgres://postgres@${HOST}:5432/${DB_NAME}` });
  const flags = ['--expose-gc', '--import', path.join(root, 'bench/heap-probe.mjs'), ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])];
  const server = spawn(process.execPath, [...flags, path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    // All load comes from one address: per-IP limits are scaled up, per-account limits stay.
    env: {
      ...process.env, NODE_ENV: 'production', HOST, PORT: String(PORT), LOG_LEVEL: 'warn', RATE_LIMIT_IP_FACTOR: '1000',
      DATABASE_URL: `postgres://postgres@${HOST}:5432/${DB_NAME}`, HEAP_PROBE_FILE: HEAP_FILE,
      // The renewal job looks for due subscriptions often, so the renewal run measures renewing, not waiting.
      SUBSCRIPTIONS_JOB_INTERVAL_MS: '200',
      ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const results = [];
  try {
    await waitReady();
    await bench.connect();
    // BENCH_ONLY=loyalty runs only the scenarios whose name contains it.
    for (const s of scenarios.filter((x) => !ONLY || x.name.includes(ONLY))) {
      const requests = s.setup ? await s.setup(bench) : s.requests;
      let probeBody;
      if (s.probe) probeBody = await s.probe();
      else {
        const first = requests[0].setupRequest ? requests[0].setupRequest({ ...requests[0] }, {}) : requests[0];
        probeBody = await (await fetch(base + first.path, { method: first.method, headers: first.headers, body: first.body })).text();
      }
      if (!s.check(probeBody)) throw new Error(`${s.name}: probe response is wrong: ${probeBody.slice(0, 300)}`);
      const connections = s.connections ?? CONNECTIONS;
      // Warm up (JIT, caches) before measuring.
      await autocannon({ url: base, connections: Math.min(10, connections), duration: 3, requests });
      checkoutTimes.length = 0;
      checkoutFailures = 0;
      const before = cpuMs(server.pid);
      const dbBefore = dbCpuMs();
      const r = await autocannon({ url: base, connections, duration: DURATION, requests, ...(s.loadWorkers ? { workers: s.loadWorkers } : {}) });
      const cpu = cpuMs(server.pid) - before;
      const dbCpu = dbCpuMs() - dbBefore;
      const total = r.requests.total;
      const orders = checkoutTimes.length;
      const row = {
        scenario: s.name,
        connections,
        duration_s: DURATION,
        requests: total,
        req_per_s: Math.round(r.requests.average),
        p50_ms: r.latency.p50,
        p99_ms: r.latency.p99,
        errors: r.errors + r.non2xx,
        server_cpu_ms_per_req: total ? Math.round((cpu / total) * 1000) / 1000 : null,
        db_cpu_ms_per_req: total ? Math.round((dbCpu / total) * 1000) / 1000 : null,
        ...(s.perCheckout
          ? {
              orders,
              orders_per_s: Math.round((orders / DURATION) * 10) / 10,
              checkout_p50_ms: percentile(checkoutTimes, 50),
              checkout_p99_ms: percentile(checkoutTimes, 99),
              server_cpu_ms_per_checkout: orders ? Math.round((cpu / orders) * 10) / 10 : null,
              db_cpu_ms_per_checkout: orders ? Math.round((dbCpu / orders) * 10) / 10 : null,
              failed_checkouts: checkoutFailures,
            }
          : {}),
      };
      results.push(row);
      console.log(`${row.scenario}: ${row.req_per_s} req/s, p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms, ` +
        `server CPU ${row.server_cpu_ms_per_req} ms/req, database CPU ${row.db_cpu_ms_per_req} ms/req, ${row.errors} errors (${total} requests)`);
      if (s.perCheckout) {
        console.log(`  whole checkouts: ${row.orders_per_s} orders/s, p50 ${row.checkout_p50_ms} ms, p99 ${row.checkout_p99_ms} ms, ` +
          `server CPU ${row.server_cpu_ms_per_checkout} ms/checkout, database CPU ${row.db_cpu_ms_per_checkout} ms/checkout, ${row.failed_checkouts} failed`);
      }
      row.goals = judge(row, s.goals);
    }
    if (!ONLY || RENEWAL_NAME.includes(ONLY)) {
      const row = await renewalRun({ db: bench, model: await modelSubscription(bench), count: RENEWAL_COUNT, cpuMs, dbCpuMs, pid: server.pid });
      console.log(`${row.scenario}: ${row.renewals_per_s} renewals/s (${row.renewals} paid, ${row.not_paid} not, in ${row.seconds} s), ` +
        `server CPU ${row.server_cpu_ms_per_renewal} ms/renewal, database CPU ${row.db_cpu_ms_per_renewal} ms/renewal`);
      results.push(row);
    }
    if (!ONLY || SOAK_NAME.includes(ONLY)) results.push(await soak(server));
  } finally {
    await bench.end().catch(() => undefined);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME}`);
    await admin.end();
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
