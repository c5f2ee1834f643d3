import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './db.js';
import { SEED_DIR } from './seed.js';

/** Every `/media/...` address written by a migration or a seed file. */
function mediaReferences(): { file: string; url: string }[] {
  const refs: { file: string; url: string }[] = [];
  for (const dir of [MIGRATIONS_DIR, SEED_DIR]) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      for (const m of sql.matchAll(/'(\/media\/[^'\s]+)'/g)) refs.push({ file, url: m[1]! });
    }
  }
  return refs;
}

describe('seeded media', () => {
  it('finds the loyalty images among the references, so the check below covers them', () => {
    const urls = mediaReferences().map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/media/loyalty/tier-bronze.svg', '/media/loyalty/reward-pouch.svg', '/media/loyalty/campaign.svg']));
  });

  it('has a file under db/seed/media for every /media/ address the migrations and seed write', () => {
    const missing = mediaReferences().filter((r) => !existsSync(path.join(SEED_DIR, r.url.replace(/^\/media\//, 'media/'))));
    expect(missing).toEqual([]);
  });
});
