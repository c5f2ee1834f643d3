import { describe, expect, it } from 'vitest';
import { toMajor, toMinor } from './money.js';
import { normalisePageName } from './tracking.js';

describe('money', () => {
  it('converts minor units to the decimal wire value and back without drift', () => {
    for (const minor of [0, 1, 99, 1999, 123456, 4995]) {
      expect(toMinor(toMajor(minor, 'GBP'), 'GBP')).toBe(minor);
    }
    expect(toMajor(4995, 'EUR')).toBe(49.95);
    expect(toMinor(0.1 + 0.2, 'CHF')).toBe(30);
  });
});

describe('page names', () => {
  it('keeps known names, resolves the homepage alias and classes the rest as other', () => {
    expect(normalisePageName('shop')).toBe('shop');
    expect(normalisePageName('homepage')).toBe('home-page');
    expect(normalisePageName('nonsense')).toBe('other');
  });
});
