import { describe, expect, it } from 'vitest';
import { listingSearch, readListingParams, tidyListingSearch } from './listing-params';

describe('listing parameters', () => {
  it('reads the order, facet values and price range a GET form sends', () => {
    const p = readListingParams(new URLSearchParams('sort=price_desc&flavour=amber&flavour=teak&intensity=3&colour=copper&price_min=10&price_max=60.5'));
    expect(p).toEqual({
      sort: 'price_desc',
      filters: { flavor: ['amber', 'teak'], intensity: ['3'], color: ['copper'], priceFrom: 10, priceTo: 60.5 },
      filtered: true,
    });
  });

  it('drops what cannot be a value and falls back to the shop order', () => {
    const p = readListingParams(new URLSearchParams("sort=sideways&flavour=%3Cscript%3E&flavour=AMBER&intensity=9&intensity=x&colour=a'b&price_min=-3&price_max=abc"));
    expect(p).toEqual({
      sort: 'position',
      filters: { flavor: ['amber'], intensity: [], color: [], priceFrom: null, priceTo: null },
      filtered: true,
    });
    expect(readListingParams(new URLSearchParams('')).filtered).toBe(false);
  });

  it('swaps a price range given upside down and writes a shareable query string back', () => {
    const p = readListingParams(new URLSearchParams('price_min=80&price_max=20&flavour=mint,frost'));
    expect(p.filters).toMatchObject({ priceFrom: 20, priceTo: 80, flavor: ['mint', 'frost'] });
    expect(listingSearch({ sort: 'newest', filters: p.filters }).toString()).toBe('sort=newest&flavour=mint&flavour=frost&price_min=20&price_max=80');
    expect(listingSearch({ sort: 'position', filters: readListingParams(new URLSearchParams()).filters }).toString()).toBe('');
  });

  it('drops the empty fields and the default order a GET form sends, keeping everything else', () => {
    const tidy = tidyListingSearch(new URLSearchParams('sort=position&flavour=mint&price_min=&price_max=&utm_source=news&page=2'));
    expect(tidy.toString()).toBe('flavour=mint&utm_source=news&page=2');
  });
});
