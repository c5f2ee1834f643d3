import { describe, expect, it } from 'vitest';
import { visibleAreas } from './areas';
import { isLowStock, minorToInput, priceBody, wholeNumber } from './catalogue';

describe('catalogue values', () => {
  it('marks stock at or below the threshold as low', () => {
    expect(isLowStock(5, 5)).toBe(true);
    expect(isLowStock(4, 5)).toBe(true);
    expect(isLowStock(6, 5)).toBe(false);
    expect(isLowStock(null, 5)).toBe(false);
    expect(isLowStock(0, null)).toBe(false);
  });

  it('sends a price typed in the currency in minor units, an empty special price as none', () => {
    expect(priceBody('19.99', '', 'GBP')).toEqual({ regular_minor: 1999, special_minor: null });
    expect(priceBody('20', '17,5', 'EUR')).toEqual({ regular_minor: 2000, special_minor: 1750 });
    expect(priceBody('500', '', 'JPY')).toEqual({ regular_minor: 500, special_minor: null });
    expect(priceBody('', '', 'GBP').regular_minor).toBeNaN();
    expect(priceBody('abc', '', 'GBP').regular_minor).toBeNaN();
    expect(priceBody('10', '', null).regular_minor).toBeNaN();
  });

  it('shows minor units as the form’s amount', () => {
    expect(minorToInput(1999, 'GBP')).toBe('19.99');
    expect(minorToInput(2000, 'EUR')).toBe('20.00');
    expect(minorToInput(500, 'JPY')).toBe('500');
    expect(minorToInput(null, 'GBP')).toBe('');
  });

  it('reads whole numbers, blank as none', () => {
    expect(wholeNumber('12')).toBe(12);
    expect(wholeNumber('-3')).toBe(-3);
    expect(wholeNumber(' ')).toBeUndefined();
    expect(wholeNumber('1.5')).toBeNaN();
    expect(wholeNumber('x')).toBeNaN();
  });
});

describe('catalogue area', () => {
  it('opens with catalogue:read', () => {
    expect(visibleAreas(['catalogue:read', 'stock:write']).map((a) => a.key)).toEqual(['catalogue']);
    expect(visibleAreas(['compliance:read']).map((a) => a.key)).toEqual(['compliance']);
  });
});
