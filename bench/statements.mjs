// `npm run bench:statements`: how many SQL statements one call of the cart and checkout paths runs.
// Builds the production app in this process on its own database (in-memory PGlite, or the
// PostgreSQL database named by STATEMENTS_DATABASE_URL), wraps that database in a counter, and
// sends the calls one at a time over 127.0.0.1. The counter lives in this script only: the shop
// itself counts nothing. It sees the SQL text, never the values, and prints only counts (and, with
// `--sql`, each statement's first words), so no personal data leaves the run.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ADD_TO_CART, checkoutSteps } from './checkout.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
const SHOW_SQL = process.argv.includes('--sql');
/** Checkouts run; the first warms the caches (catalogue, terms, store views), the others are compared. */
const RUNS = Number(process.env.STATEMENTS_RUNS ?? 5);

/** A database that counts what goes through it: statements, and transactions (each one BEGIN and COMMIT). */
function counting(db) {
  const tally = { statements: 0, transactions: 0, deferred: 0, shapes: [] };
  const note = (sql) => {
    tally.statements++;
    if (SHOW_SQL) tally.shapes.push(sql.replace(/\s+/g, ' ').trim().slice(0, 110));
  };
  const counted = {
    kind: db.kind,
    query: (sql, params) => {
      note(sql);
      return db.query(sql, params);
    },
    track: (run) => db.track(run),
    attempt: (fn) =>
      db.attempt((tx) => {
        tally.transactions++;
        // A deferred write is a statement too; it travels with the next one or with COMMIT.
        return fn({
          query: (sql, params) => (note(sql), tx.query(sql, params)),
          defer: (sql, params) => (note(sql), tally.deferred++, tx.defer(sql, params)),
        });
      }),
    exec: (sql) => db.exec(sql),
    listen: (channel, onMessage, onGap) => db.listen(channel, onMessage, onGap),
    close: () => db.close(),
  };
  return { db: counted, tally };
}

async function main() {
  const [{ buildApp }, { loadConfig }, { openDb }] = await Promise.all([dist('app.js'), dist('config.js'), dist('platform/db.js')]);
  const url = process.env.STATEMENTS_DATABASE_URL || undefined;
  const { db, tally } = counting(await openDb({ url, poolSize: 4 }));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: url ?? '', RATE_LIMIT_IP_FACTOR: '1000',
    // No scheduled jobs; what background work is left is told apart below.
    ORDERS_JOBS: 'false', PAYMENTS_JOBS: 'false', LOYALTY_JOBS: 'false', CART_JOBS: 'false',
  });
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}`;

  /** Sends one GraphQL call and answers its body, the statements and transactions it ran, and a cart cookie it set. */
  async function call(query, variables, cookie, extra = {}) {
    const before = { s: tally.statements, t: tally.transactions, d: tally.deferred, n: tally.shapes.length };
    const started = performance.now();
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', store: 'gb', ...(cookie ? { cookie } : {}), ...extra },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    if (body.errors?.length) throw new Error(`call failed: ${JSON.stringify(body.errors[0].message)}`);
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => /^(__Host-)?ember_cart_key=/.test(c));
    return {
      body, cookie: set ?? cookie, ms: performance.now() - started,
      statements: tally.statements - before.s, transactions: tally.transactions - before.t, deferred: tally.deferred - before.d, shapes: tally.shapes.slice(before.n),
    };
  }

  const agreements = (await call('{ checkoutAgreements { agreement_id } }', {})).body.data.checkoutAgreements.map((a) => a.agreement_id);
  const steps = checkoutSteps(() => agreements);
  const names = steps.map(([q]) => q.match(/\{\s*(\w+)/)[1]);
  /** Whole checkouts; `keyed`: placeOrder carries an Idempotency-Key, as the storefront sends it. */
  async function checkouts(keyed) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      let cartId = null;
      let cookie = null;
      const run = [];
      for (const [i, [query, vars]] of steps.entries()) {
        const key = keyed && i === steps.length - 1 ? { 'idempotency-key': `statements-${randomUUID()}` } : {};
        const out = await call(query, vars(cartId), cookie, key);
        cartId ??= out.body.data.createEmptyCart;
        cookie = out.cookie;
        run.push(out);
      }
      const placed = run.at(-1).body.data.placeOrder;
      if (!placed.order?.order_number) throw new Error(`placeOrder failed: ${JSON.stringify(placed.errors)}`);
      runs.push(run);
    }
    return runs;
  }
  const runs = await checkouts(false);
  const keyedRuns = await checkouts(true);
  // Add-to-cart as the bench sends it: one pack into a guest cart made before (empty), then a
  // second product into the same cart (now with a line).
  const adds = [];
  for (let r = 0; r < RUNS; r++) {
    const cartId = (await call('mutation { createEmptyCart }', {})).body.data.createEmptyCart;
    const first = await call(ADD_TO_CART, { c: cartId, sku: 'STK-AMBER-PACK' });
    const second = await call(ADD_TO_CART, { c: cartId, sku: 'ACC-CHARGER' });
    for (const a of [first, second]) if (a.body.data.addProductsToCart.user_errors.length) throw new Error('add to cart failed');
    adds.push([first, second]);
  }
  await app.close();
  await db.close();

  // The warm runs (all but the first) are compared: the most common count is the call's own; a run
  // with more also met the background work every production process does (e-mail delivery from the
  // outbox, the TEST age-verification provider's callbacks) and is shown, not averaged in.
  const warm = (pick) => {
    const seen = new Map();
    for (const x of pick.slice(1)) {
      const key = `${x.statements}+${x.transactions}+${x.deferred}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const [common, ...others] = [...seen].sort((a, b) => b[1] - a[1]).map(([v]) => v);
    return { common, others };
  };
  // Round trips on PostgreSQL: each statement but a deferred one, and each COMMIT (BEGIN goes with the first statement).
  const trips = (s, t, d) => s - d + t;
  const fmt = ({ common, others }) => {
    const [s, t, d] = common.split('+').map(Number);
    const extra = others.length ? ` (once also ${others.map((o) => o.split('+').slice(0, 2).join(' in ')).join(', ')})` : '';
    const deferred = d ? ` (${d} deferred)` : '';
    return `${String(s).padStart(3)} statement${s === 1 ? '' : 's'}${deferred}, ${t} transaction${t === 1 ? '' : 's'}, ${trips(s, t, d)} round trip${trips(s, t, d) === 1 ? '' : 's'}${extra}`;
  };
  const rows = [];
  steps.forEach((_, i) => rows.push([names[i], warm(runs.map((run) => run[i]))]));
  const totals = runs.map((run) => ({
    statements: run.reduce((n, x) => n + x.statements, 0), transactions: run.reduce((n, x) => n + x.transactions, 0), deferred: run.reduce((n, x) => n + x.deferred, 0),
  }));
  console.log(`Statements per call (${db.kind}; besides BEGIN and COMMIT, one pair per transaction; warm runs ${RUNS - 1}):`);
  console.log(`  add to an empty guest cart          ${fmt(warm(adds.map((a) => a[0])))}`);
  console.log(`  add to a guest cart with a line     ${fmt(warm(adds.map((a) => a[1])))}`);
  console.log('  whole guest checkout, call by call:');
  for (const [name, v] of rows) console.log(`    ${name.padEnd(32)} ${fmt(v)}`);
  // The whole checkout is the sum of its calls' own counts; runs that met housekeeping are shown.
  const sum = rows.map(([, v]) => v.common.split('+').map(Number)).reduce(([s, t, d], [a, b, c]) => [s + a, t + b, d + c], [0, 0, 0]);
  const totalsSeen = warm(totals);
  const own = sum.join('+');
  console.log(`    ${'whole checkout'.padEnd(32)} ${fmt({ common: own, others: [totalsSeen.common, ...totalsSeen.others].filter((v) => v !== own) })}`);
  console.log(`  placeOrder with an Idempotency-Key   ${fmt(warm(keyedRuns.map((run) => run.at(-1))))}`);
  if (SHOW_SQL) {
    const last = runs.at(-1);
    for (let i = 0; i < steps.length; i++) {
      console.log(`\n${names[i]}:`);
      for (const s of last[i].shapes) console.log(`  ${s}`);
    }
    console.log('\nplaceOrder with an Idempotency-Key:');
    for (const s of keyedRuns.at(-1).at(-1).shapes) console.log(`  ${s}`);
    console.log('\naddProductsToCart (empty cart):');
    for (const s of adds.at(-1)[0].shapes) console.log(`  ${s}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
