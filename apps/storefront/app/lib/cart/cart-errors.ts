import type { TFunction } from 'i18next';
import type { CheckoutConfig } from '../api/store.api';

/**
 * Cart refusals the shop words itself (spec §5 and §8): item validation (ITEM_QTY, ...), limits
 * (CARTONS_LIMIT, ...) and add-to-cart refusals (INSUFFICIENT_STOCK, ...). ITEM_INCREMENT is the
 * spec's singular spelling of ITEM_INCREMENTS.
 */
export const WORDED_CART_ERRORS = [
  'ITEM_QTY', 'ITEM_INCREMENTS', 'CARTONS_LIMIT', 'ONGOING_SUBSCRIPTION', 'TRADEIN_LIMIT',
  'PRODUCT_NOT_FOUND', 'NOT_SALABLE', 'INSUFFICIENT_STOCK', 'PERMISSION_DENIED', 'GIFT_ERROR',
  'REORDER_NOT_AVAILABLE', 'ORDER_LIMIT',
] as const;

export function normaliseCartErrorCode(code: string | null | undefined): string {
  const upper = (code ?? '').toUpperCase();
  return upper === 'ITEM_INCREMENT' ? 'ITEM_INCREMENTS' : upper;
}

/**
 * A cart error in the page's language. Limits name the store's limit when the configuration has
 * it; an unknown code falls back to the server's message, then to a general sentence.
 */
export function cartErrorText(t: TFunction, code: string | null | undefined, message: string | null | undefined, config?: CheckoutConfig | null): string {
  const key = normaliseCartErrorCode(code);
  if ((WORDED_CART_ERRORS as readonly string[]).includes(key)) {
    const count = key === 'CARTONS_LIMIT' ? config?.cartons_limit_value : key === 'ORDER_LIMIT' ? config?.order_limit_value : null;
    if (count) return t(`cart.errors.${key}_limit`, { count });
    return t(`cart.errors.${key}`);
  }
  return message?.trim() || t('cart.errors.UNDEFINED');
}
