import { describe, expect, it } from 'vitest';
import { taxShown } from './tax-display';

const incl = { value: 12, currency: 'GBP' };
const excl = { value: 10, currency: 'GBP' };

describe('taxShown', () => {
  it('shows the amount excluding tax alone for EXCLUDING', () => {
    expect(taxShown('EXCLUDING', incl, excl)).toEqual([excl, null]);
  });

  it('shows the amount including tax with the amount excluding it beneath for BOTH', () => {
    expect(taxShown('BOTH', incl, excl)).toEqual([incl, excl]);
  });

  it('shows the amount including tax alone for INCLUDING and when the store view says nothing', () => {
    expect(taxShown('INCLUDING', incl, excl)).toEqual([incl, null]);
    expect(taxShown(null, incl, excl)).toEqual([incl, null]);
    expect(taxShown(undefined, incl, excl)).toEqual([incl, null]);
  });

  it('keeps a missing amount missing', () => {
    expect(taxShown('EXCLUDING', incl, null)).toEqual([null, null]);
    expect(taxShown('BOTH', incl, undefined)).toEqual([incl, undefined]);
  });
});
