import { describe, expect, it } from 'vitest';
import { catalogue, catalogueParts } from './catalogues';

const en = catalogue('en');
const de = catalogue('de');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogues', () => {
  it('define each top-level key in one file only', () => {
    for (const language of ['en', 'de'] as const) {
      const seen = catalogueParts(language).flatMap((part) => Object.keys(part));
      expect(seen.filter((key, i) => seen.indexOf(key) !== i), language).toEqual([]);
    }
  });

  it('say the same things in English and German', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('keep the placeholders of each text', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const flat = (o: unknown, p = ''): [string, string][] =>
      typeof o === 'string' ? [[p, o]] : Object.entries(o as object).flatMap(([k, v]) => flat(v, p ? `${p}.${k}` : k));
    const german = new Map(flat(de));
    for (const [key, text] of flat(en)) expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
  });
});
