import { describe, expect, it } from 'vitest';
import { formatDeduction, formatMoney } from './money';

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
