import { describe, expect, it } from 'vitest';
import { WORDED_CART_ERRORS } from '../lib/cart/cart-errors';
import de from './de.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** Plural forms (`_one`, `_other`) count as one message. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const EN = flatten(en as Tree);
const DE = flatten(de as Tree);

describe('message catalogues', () => {
  it('has every English message in German and every German one in English', () => {
    const enKeys = new Set([...EN.keys()].map(base));
    const deKeys = new Set([...DE.keys()].map(base));
    expect([...enKeys].filter((k) => !deKeys.has(k))).toEqual([]);
    expect([...deKeys].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('gives each message the same interpolations in both languages', () => {
    const differing = [...EN].filter(([key, text]) => DE.has(key) && variables(text).join() !== variables(DE.get(key)!).join()).map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('words every cart refusal the shop explains itself in both languages', () => {
    for (const code of WORDED_CART_ERRORS) {
      expect(EN.get(`cart.errors.${code}`), code).toMatch(/\S/);
      expect(DE.get(`cart.errors.${code}`), code).toMatch(/\S/);
      expect(DE.get(`cart.errors.${code}`), code).not.toBe(EN.get(`cart.errors.${code}`));
    }
  });
});
