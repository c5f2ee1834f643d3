import type { Money } from './api/catalog.types';

const formatters = new Map<string, Intl.NumberFormat>();

/** BCP 47 tag from a Magento locale (`de_CH` → `de-CH`). */
export function toLanguageTag(locale: string): string {
  return locale.replace('_', '-');
}

/**
 * Formats a wire money value in the store's locale. Formatters are cached: building one is
 * costly and every product tile needs two.
 */
export function formatMoney(money: Money | null | undefined, locale: string): string {
  if (!money || money.value === null || !money.currency) return '';
  const key = `${locale}|${money.currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(toLanguageTag(locale), { style: 'currency', currency: money.currency });
    formatters.set(key, formatter);
  }
  return formatter.format(money.value);
}

/** Whether the final price is below the regular one (a special price or catalogue rule applies). */
export function isReduced(regular: Money, final: Money): boolean {
  return regular.value !== null && final.value !== null && final.value < regular.value;
}

/**
 * A deduction (a discount) as a negative amount where the store's locale puts the sign (`−£5.00`,
 * `−5,00 €`), with a real minus sign (U+2212) and a word joiner after it: a minus and a currency
 * sign may otherwise be split across two lines.
 */
export function formatDeduction(money: Money | null | undefined, locale: string): string {
  if (!money || money.value === null || !money.currency) return '';
  return formatMoney({ ...money, value: -Math.abs(money.value) }, locale).replace(/[-\u2212]/, '\u2212\u2060');
}
