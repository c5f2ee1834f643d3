/** Dates, money and numbers in the operator's language (Intl), for the console's views. */

const BCP47: Record<string, string> = { en: 'en-GB', de: 'de-DE' };

export function localeOf(language: string): string {
  return BCP47[language] ?? language;
}

export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/**
 * An amount of money: minor units (cents) with a currency, or a decimal string as the shop's
 * contracts send it ({ amount: "12.50", currency: "EUR" }).
 */
export function formatMoney(amount: number | string, currency: string, language: string, minorUnits = false): string {
  const n = typeof amount === 'string' ? Number(amount) : minorUnits ? amount / 100 : amount;
  if (!Number.isFinite(n)) return String(amount);
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(n);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/** A `datetime-local` input's value (local time, no zone) as an ISO instant with offset, or undefined. */
export function localInputToIso(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An ISO instant as a `datetime-local` input's value in local time. */
export function isoToLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
