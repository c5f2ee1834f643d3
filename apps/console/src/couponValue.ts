/**
 * A coupon's discount as the operator types it and as the server keeps it: a percentage in basis
 * points (10 % is 1000), a fixed amount in minor units of the store view's currency.
 */
import { currencyExponent, toMajor, toMinor } from '@ember/contracts';

export type DiscountType = 'percent' | 'fixed';

/** The form's text (a percentage, or an amount in the currency) as the API's whole number; NaN when it is not a number. */
export function discountToApi(text: unknown, type: DiscountType, currency: string | null): number {
  const raw = typeof text === 'number' ? String(text) : typeof text === 'string' ? text.trim().replace(',', '.') : '';
  if (!raw || !/^\d+(\.\d+)?$/.test(raw)) return Number.NaN;
  const n = Number(raw);
  if (type === 'percent') return Math.round(n * 100);
  if (!currency) return Number.NaN;
  return toMinor(n, currency);
}

/** The API's whole number as the form shows it: a percentage (1000 → "10"), or an amount (1250 EUR → "12.5"). */
export function discountFromApi(value: number, type: DiscountType, currency: string | null): string {
  if (type === 'percent') return String(value / 100);
  return currency ? String(toMajor(value, currency)) : String(value);
}

/** An amount typed in the currency as minor units (empty is 0); NaN when it is not a number. */
export function moneyToMinor(text: unknown, currency: string | null): number {
  const raw = typeof text === 'string' ? text.trim().replace(',', '.') : typeof text === 'number' ? String(text) : '';
  if (!raw) return 0;
  if (!/^\d+(\.\d+)?$/.test(raw) || !currency) return Number.NaN;
  return toMinor(Number(raw), currency);
}

/** The input's step for an amount in this currency (0.01 for EUR, 1 for JPY). */
export function moneyStep(currency: string | null): number {
  return currency ? 1 / 10 ** currencyExponent(currency) : 0.01;
}

/** A limit field's text as the API's number, or null when left empty (no limit). */
export function limitToApi(text: unknown): number | null {
  if (text === null || text === undefined) return null;
  const raw = String(text).trim();
  if (!raw) return null;
  return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}
