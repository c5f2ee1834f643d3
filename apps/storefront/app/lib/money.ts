import type { Money } from './api/catalog.types';
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
