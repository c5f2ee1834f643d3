import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Db } from '../platform/db.js';
import { inTransaction } from '../platform/transaction.js';
import type { ImportRow } from '../modules/address-suggestions/address-suggestions.store.js';
import type { Services } from '../services.js';
import { runAsProcess } from './run.js';

const USAGE = `Usage: address-import --country CC [--batch N] FILE.csv
Adds the addresses of an OpenAddresses CSV file (LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH)
of one country to the address suggestions' table, N rows (default 1000) a transaction. A row whose HASH
is there already is left as it is, so a file can be imported again; a row without street or city is skipped.`;

const COLUMNS = ['LON', 'LAT', 'NUMBER', 'STREET', 'UNIT', 'CITY', 'DISTRICT', 'REGION', 'POSTCODE', 'ID', 'HASH'] as const;

/** Splits one CSV record (RFC 4180: quoted fields, doubled quotes); null while a quoted field is still open. */
export function csvFields(line: string): string[] | null {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return null;
  out.push(field);
  return out;
}

const clip = (v: string | undefined, max: number): string | null => {
  const s = (v ?? '').replace(/\p{Cc}/gu, ' ').trim();
  return s ? s.slice(0, max) : null;
};
const coordinate = (v: string | undefined, limit: number): number | null => {
  const n = Number(v);
  return v && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** The import's work, apart from process handling so tests run it on the test database. Returns the exit code. */
export async function addressImportCommand(argv: string[], deps: { db: Db; services: Services; out: (line: string) => void }): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { country: { type: 'string' }, batch: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    deps.out(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const batchSize = Number(values.batch ?? 1000);
  if (values.help || positionals.length !== 1 || !/^[A-Z]{2}$/.test(values.country ?? '') || !Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    deps.out(USAGE);
    return values.help ? 0 : 2;
  }
  const country = values.country!;
  const lines = createInterface({ input: createReadStream(positionals[0]!, { encoding: 'utf8' }), crlfDelay: Infinity });
  let header: Map<string, number> | null = null;
  let pending = '';
  let batch: ImportRow[] = [];
  let read = 0;
  let inserted = 0;
  let skipped = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    inserted += await inTransaction(deps.db, (tx) => deps.services.addressSuggestions.importBatch(tx, rows));
  };
  for await (const line of lines) {
    const record = pending ? `${pending}\n${line}` : line;
    const fields = csvFields(record);
    if (!fields) {
      pending = record;
      continue;
    }
    pending = '';
    if (!header) {
      header = new Map(fields.map((f, i) => [f.trim().replace(/^\uFEFF/, '').toUpperCase(), i]));
      const missing = COLUMNS.filter((c) => c !== 'ID' && c !== 'UNIT' && c !== 'DISTRICT' && !header!.has(c));
      if (missing.length) {
        deps.out(JSON.stringify({ error: 'BAD_FILE', message: `missing columns: ${missing.join(', ')}` }));
        return 1;
      }
      continue;
    }
    if (fields.length === 1 && fields[0] === '') continue;
    read++;
    const get = (c: (typeof COLUMNS)[number]) => (header!.has(c) ? fields[header!.get(c)!] : undefined);
    const hash = clip(get('HASH'), 64);
    const street = clip(get('STREET'), 120);
    const city = clip(get('CITY'), 80) ?? clip(get('DISTRICT'), 80);
    if (!hash || !/^[A-Za-z0-9_.:-]+$/.test(hash) || !street || !city) {
      skipped++;
      continue;
    }
    const latitude = coordinate(get('LAT'), 90);
    const longitude = coordinate(get('LON'), 180);
    batch.push({
      hash, country_code: country, number: clip(get('NUMBER'), 20), street, unit: clip(get('UNIT'), 40), city,
      district: clip(get('DISTRICT'), 80), region: clip(get('REGION'), 80), postcode: clip(get('POSTCODE'), 16),
      latitude: latitude !== null && longitude !== null ? latitude : null, longitude: latitude !== null && longitude !== null ? longitude : null,
    });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  deps.out(JSON.stringify({ country, read, inserted, already_there: read - skipped - inserted, skipped }));
  return 0;
}

runAsProcess(import.meta.url, addressImportCommand, (line) => console.error(line));
