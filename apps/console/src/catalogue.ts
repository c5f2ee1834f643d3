/**
 * The catalogue's and the markets' forms as the operator types them and as the API takes them:
 * prices in the store view's currency (minor units on the wire), stock counts as whole numbers.
 */
import { currencyExponent, toMajor } from '@ember/contracts';
import { moneyToMinor } from './couponValue';

/** At or below the product's low-stock threshold (a product without stock keeping never is). */
export function isLowStock(quantity: number | null, threshold: number | null): boolean {
  return quantity !== null && threshold !== null && quantity <= threshold;
}

/** A whole number typed in a field (blank is undefined); NaN when it is not one. */
export function wholeNumber(text: unknown): number | undefined {
  const raw = typeof text === 'number' ? String(text) : typeof text === 'string' ? text.trim() : '';
  if (!raw) return undefined;
  return /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** The price form's text as the API's body: the regular price required, the special one empty for none. */
export function priceBody(regular: string, special: string, currency: string | null): { regular_minor: number; special_minor: number | null } {
  const regularMinor = regular.trim() === '' ? Number.NaN : moneyToMinor(regular, currency);
  return { regular_minor: regularMinor, special_minor: special.trim() === '' ? null : moneyToMinor(special, currency) };
}

/** Minor units as the price form shows them (1999 GBP → "19.99"); empty for none. */
export function minorToInput(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  return toMajor(minor, currency).toFixed(currencyExponent(currency));
}
