import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Db } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import type { Services } from '../services.js';
import { runAsProcess } from './run.js';
import { inTransaction } from '../platform/transaction.js';
import { formatCode } from '../modules/pack-codes/pack-codes.code.js';

const USAGE = `Usage: pack-codes issue --sku SKU --produced-on YYYY-MM-DD --size N [--rule EARNING_RULE] [--out FILE.csv]
Issues a batch of pack codes for one product and production date (one batch per product and day) and
writes its codes as CSV (batch_id,sku,produced_on,serial,code) to FILE.csv, or to standard output.
The codes are made with PACK_CODE_SECRET: print them with the key the shop checks them with.`;

const IssueArgs = z.strictObject({
  sku: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'letters, digits, _ . - (up to 64)'),
  producedOn: z.iso.date(),
  size: z.coerce.number().int().min(1).max(1_000_000),
  rule: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/).optional(),
  out: z.string().min(1).optional(),
});

/**
 * The operator CLI's work, separate from process handling so tests run it on the test database:
 * issues the batch in one transaction, then writes its codes. The summary goes to `out` as a line of
 * JSON (to standard error when the codes themselves go to standard output). Returns the exit code.
 */
export async function packCodesCommand(
  argv: string[],
  deps: { db: Db; services: Services; out: (line: string) => void; write?: (chunk: string) => void },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        sku: { type: 'string' },
        'produced-on': { type: 'string' },
        size: { type: 'string' },
        rule: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    deps.out(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1 || positionals[0] !== 'issue') {
    deps.out(USAGE);
    return values.help ? 0 : 2;
  }
  const args = IssueArgs.safeParse({ sku: values.sku, producedOn: values['produced-on'], size: values.size, rule: values.rule, out: values.out });
  if (!args.success) {
    deps.out(`Invalid arguments: ${args.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return 2;
  }
  const a = args.data;
  let issued;
  try {
    issued = await inTransaction(deps.db, (tx) => deps.services.packCodes.issueBatch(tx, { sku: a.sku, producedOn: a.producedOn, size: a.size, earningRule: a.rule }));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    deps.out(JSON.stringify({ error: err.code, message: err.message }));
    return 1;
  }
  const { batch, codes } = issued;
  const file = a.out ? createWriteStream(a.out, { flags: 'wx' }) : null;
  const write = async (chunk: string) => {
    if (!file) return (deps.write ?? ((c: string) => process.stdout.write(c)))(chunk);
    if (!file.write(chunk)) await once(file, 'drain');
  };
  await write('batch_id,sku,produced_on,serial,code\n');
  let serial = 0;
  let lines: string[] = [];
  for (const code of codes) {
    lines.push(`${batch.id},${batch.sku},${batch.produced_on},${serial++},${formatCode(code)}\n`);
    if (lines.length === 1000) {
      await write(lines.join(''));
      lines = [];
    }
  }
  await write(lines.join(''));
  if (file) {
    file.end();
    await once(file, 'finish');
  }
  deps.out(JSON.stringify({ batch_id: batch.id, sku: batch.sku, produced_on: batch.produced_on, size: batch.size, earning_rule: batch.earning_rule, ...(a.out ? { file: a.out } : {}) }));
  return 0;
}

runAsProcess(import.meta.url, packCodesCommand, (line) => console.error(line));
