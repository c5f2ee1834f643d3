import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { OfflinePurchaseSchema } from '@ember/contracts';
import { z } from 'zod';
import type { Db } from '../platform/db.js';
import { inTransaction } from '../platform/transaction.js';
import type { Services } from '../services.js';
import { runAsProcess } from './run.js';

const USAGE = `Usage: offline-purchases FILE.json
Imports purchases made in stores: a JSON array (or {"purchases": [...]}) of
{action_id, datetime, type, store_code, customer: {uuid} | {email}, items: [{sku, quantity, price}], currency},
1,000 a transaction. Each is credited to the customer's points once; importing a file again credits nothing twice.`;

const FileSchema = z.union([z.array(OfflinePurchaseSchema), z.strictObject({ purchases: z.array(OfflinePurchaseSchema) })]);

/** The import's work, apart from process handling so tests run it on the test database. Returns the exit code. */
export async function offlinePurchasesCommand(argv: string[], deps: { db: Db; services: Services; out: (line: string) => void }): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, strict: false, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help || positionals.length !== 1) {
    deps.out(USAGE);
    return values.help ? 0 : 2;
  }
  let parsed;
  try {
    parsed = FileSchema.safeParse(JSON.parse(await readFile(String(positionals[0]), 'utf8')));
  } catch (err) {
    deps.out(JSON.stringify({ error: 'BAD_FILE', message: (err as Error).message.slice(0, 200) }));
    return 1;
  }
  if (!parsed.success) {
    deps.out(JSON.stringify({ error: 'BAD_FILE', message: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }));
    return 1;
  }
  const purchases = Array.isArray(parsed.data) ? parsed.data : parsed.data.purchases;
  const counts: Record<string, number> = {};
  for (let i = 0; i < purchases.length; i += 1000) {
    const result = await inTransaction(deps.db, (tx) => deps.services.offlinePurchases.import(tx, purchases.slice(i, i + 1000)));
    for (const p of result.purchases) counts[p.outcome] = (counts[p.outcome] ?? 0) + 1;
  }
  deps.out(JSON.stringify({ read: purchases.length, ...counts }));
  return 0;
}

runAsProcess(import.meta.url, offlinePurchasesCommand, (line) => console.error(line));
