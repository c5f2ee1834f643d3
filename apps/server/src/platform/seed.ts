import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitStatements, type Db } from './db.js';
import { inTransaction } from './transaction.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SEED_DIR = path.resolve(here, '../../../../db/seed');

/** Seeds the demo brand once: only into a database without store views, all files in one transaction. */
export async function seedIfEmpty(db: Db, dir = SEED_DIR): Promise<boolean> {
  if (!existsSync(dir)) return false;
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  if (!files.length) return false;
  const scripts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return inTransaction(db, async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(7310002)');
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM store_view');
    if (rows[0]!.n > 0) return false;
    for (const sql of scripts) for (const statement of splitStatements(sql)) await tx.query(statement);
    return true;
  });
}
