import pg from 'pg';
import { listOrders } from '../modules/orders/orders.console.store.js';
import { listCustomers } from '../modules/identity/identity.console.store.js';

const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/ember_console_h' });
await client.connect();
const explain = {
  query: async (sql: string, params?: unknown[]) => {
    const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS OFF) ${sql}`, params);
    const plan = r.rows.map((x: any) => x['QUERY PLAN']).join('\n');
    const time = /Execution Time: ([\d.]+)/.exec(plan)?.[1];
    const idx = [...new Set([...plan.matchAll(/(?:Index|Bitmap Index) (?:Only )?Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2]))];
    const seq = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
    console.log(`  ${sql.trim().slice(0, 30).replace(/\s+/g, ' ')}… ${time} ms; indexes: ${idx.join(', ')}${seq.length ? `; SEQ: ${seq.join(', ')}` : ''}`);
    if (process.env.FULL) console.log(plan);
    return { rows: [{ n: 0 }], rowCount: 0 };
  },
};
const base = { q: null, statuses: null, store_code: null, payment_statuses: null, from: null, to: null, sort: 'created_at' as const, direction: 'desc' as const, limit: 25, offset: 0 };
const day = 86_400_000;
const cases: [string, object][] = [
  ['first page', {}], ['page 40', { offset: 975 }], ['status processing', { statuses: ['processing'] }], ['store de', { store_code: 'de' }],
  ['unpaid', { payment_statuses: ['unpaid'] }], ['refunded', { payment_statuses: ['partially_refunded', 'refunded'] }],
  ['dates', { from: new Date(Date.now() - 2 * day).toISOString(), to: new Date(Date.now() - day).toISOString() }],
  ['total desc', { sort: 'grand_total' }], ['number asc p10', { sort: 'number', direction: 'asc', offset: 225 }],
  ['q email prefix', { q: 'bench-c123' }], ['q email exact', { q: 'bench-c4567@example.com' }], ['q number prefix', { q: 'GB-10000' }],
  ['q name', { q: 'keller12' }], ['q two words', { q: 'emma smith' }], ['q schmidt delivered', { q: 'schmidt', statuses: ['delivered'] }],
];
for (const [name, c] of cases) {
  console.log(`orders: ${name}`);
  await listOrders(explain, { ...base, ...c } as any);
}
const cbase = { q: null, statuses: null, store_code: null, website_code: null, from: null, to: null, limit: 25, offset: 0 };
const ccases: [string, object][] = [
  ['first page', {}], ['page 30', { offset: 725 }], ['deactivated', { statuses: ['deactivated'] }], ['store gb', { store_code: 'gb' }], ['website de', { website_code: 'de' }],
  ['dates', { from: new Date(Date.now() - 7 * day).toISOString(), to: new Date(Date.now() - 2 * day).toISOString() }],
  ['q email prefix', { q: 'bench-c42' }], ['q email exact', { q: 'bench-c31415@example.com' }], ['q name', { q: 'wilson' }], ['q full name', { q: 'greta keller5' }],
  ['q phone', { q: '+447900012345' }], ['q uuid', { q: '6f1b2e8c-0000-4000-8000-000000000000' }],
];
for (const [name, c] of ccases) {
  console.log(`customers: ${name}`);
  await listCustomers(explain, { ...cbase, ...c } as any);
}
await client.end();
