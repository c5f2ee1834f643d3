/** Minor-unit exponent per ISO 4217 currency the shop sells in (all current markets use 2). */
const EXPONENT: Record<string, number> = { GBP: 2, EUR: 2, CHF: 2, USD: 2, JPY: 0 };

export interface Money {
  /** Integer minor units (pence, cents, rappen). */
  amount: number;
  currency: string;
}

export function currencyExponent(currency: string): number {
  return EXPONENT[currency] ?? 2;
}

/** Wire value for Magento's `Money.value` (a decimal number) from integer minor units. */
export function toMajor(amountMinor: number, currency: string): number {
  const exp = currencyExponent(currency);
  return exp === 0 ? amountMinor : Math.round(amountMinor) / 10 ** exp;
}

/** Integer minor units from a decimal amount, rounded half away from zero. */
export function toMinor(amountMajor: number, currency: string): number {
  const scaled = amountMajor * 10 ** currencyExponent(currency);
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}
