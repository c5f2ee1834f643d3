import { describe, expect, it } from 'vitest';
import { formatDeduction, formatMoney, withoutTax } from './money';

describe('formatDeduction', () => {
  it('writes a discount with a real minus sign joined to the amount where the locale puts its sign', () => {
    expect(formatDeduction({ value: 5, currency: 'GBP' }, 'en_GB')).toBe('\u2212\u2060£5.00');
    expect(formatDeduction({ value: -5, currency: 'EUR' }, 'de_DE')).toBe('\u2212\u20605,00\u00a0€');
  });

  it('puts the minus where the locale does, with no place to break a line', () => {
    const formatted = formatDeduction({ value: 12.5, currency: 'CHF' }, 'de_CH');
    expect(formatted).toBe(formatMoney({ value: -12.5, currency: 'CHF' }, 'de_CH').replace('-', '\u2212\u2060'));
    expect(formatted).not.toMatch(/[- ]/);
  });

  it('writes nothing for a missing amount', () => {
    expect(formatDeduction(null, 'en_GB')).toBe('');
    expect(formatDeduction({ value: null, currency: 'GBP' }, 'en_GB')).toBe('');
  });
});

describe('withoutTax (tax display, docs/decisions/0074)', () => {
  it('takes the store view\'s rate out of a price to the cent, as the cart does', () => {
    expect(withoutTax({ value: 12, currency: 'GBP' }, 2000)).toEqual({ value: 10, currency: 'GBP' });
    expect(withoutTax({ value: 4.99, currency: 'EUR' }, 1900)).toEqual({ value: 4.19, currency: 'EUR' });
    expect(withoutTax({ value: 10, currency: 'CHF' }, 810)).toEqual({ value: 9.25, currency: 'CHF' });
  });

  it('leaves an amount alone without a rate or a value', () => {
    expect(withoutTax({ value: 12, currency: 'GBP' }, 0)).toEqual({ value: 12, currency: 'GBP' });
    expect(withoutTax({ value: null, currency: 'GBP' }, 2000)).toEqual({ value: null, currency: 'GBP' });
  });
});
