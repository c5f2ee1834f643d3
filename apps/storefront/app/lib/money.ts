/** An amount as the commerce API answers it (Magento's `Money`). */
type Money = { value: number | null; currency: string | null };
import { numberFormat } from './locale';

/** Formats a wire money value in the store's locale (`lib/locale.ts` makes the tag and caches the format). */
export function formatMoney(money: Money | null | undefined, locale: string): string {
  if (!money || money.value === null || !money.currency) return '';
  return numberFormat(locale, { style: 'currency', currency: money.currency }).format(money.value);
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

/**
 * An amount including tax as it is without the store view's rate (basis points), to the cent as the
 * server's cart takes tax out of a price (docs/decisions/0074).
 */
export function withoutTax<M extends Money>(money: M, rateBp: number): M {
  if (money.value === null || !rateBp) return money;
  const gross = Math.round(money.value * 100);
  return { ...money, value: (gross - Math.round((gross * rateBp) / (10_000 + rateBp))) / 100 };
}
