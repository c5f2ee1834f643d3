import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogues', () => {
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
