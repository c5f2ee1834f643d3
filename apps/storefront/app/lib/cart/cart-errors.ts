import type { TFunction } from '../../i18n/i18n';
import type { CheckoutConfig } from '../api/store.api';

/**
 * Cart refusals the shop words itself (spec §5 and §8): item validation (ITEM_QTY, ...), limits
 * (CARTONS_LIMIT, ...) and add-to-cart refusals (INSUFFICIENT_STOCK, ...). ITEM_INCREMENT is a
 * quantity off the product's sales step; ITEM_INCREMENTS a quantity that is not a whole number.
 */
export const WORDED_CART_ERRORS = [
  'ITEM_QTY', 'ITEM_INCREMENTS', 'ITEM_INCREMENT', 'CARTONS_LIMIT', 'ONGOING_SUBSCRIPTION', 'TRADEIN_LIMIT',
  'PRODUCT_NOT_FOUND', 'NOT_SALABLE', 'INSUFFICIENT_STOCK', 'PERMISSION_DENIED', 'GIFT_ERROR',
  'REORDER_NOT_AVAILABLE', 'ORDER_LIMIT',
] as const;

/** What the page knows around a refusal, so one code can be worded for its cause. */
export interface CartErrorContext {
  /** The step the product is sold in (ITEM_INCREMENT names it). */
  step?: number | null;
  /** Whether a customer is signed in (TRADEIN_LIMIT: a guest cannot trade in). */
  signedIn?: boolean;
  /** Whether the cart holds a new device (TRADEIN_LIMIT: a trade-in needs one). */
  cartHasDevice?: boolean;
  /** Whether the cart holds (or would hold) more than one trade-in (TRADEIN_LIMIT: one per order; else the customer's devices do not qualify). */
  tooManyTradeIns?: boolean;
  /** Whether the cart holds another subscription (ONGOING_SUBSCRIPTION: one per order). */
  otherSubscription?: boolean;
}

export function normaliseCartErrorCode(code: string | null | undefined): string {
  return (code ?? '').toUpperCase();
}

/** The message key of a worded code, picked by its cause where the context tells it. */
function keyFor(code: string, context: CartErrorContext): string {
  if (code === 'TRADEIN_LIMIT') {
    if (context.signedIn === false) return 'TRADEIN_LIMIT_signIn';
    if (context.cartHasDevice === false) return 'TRADEIN_LIMIT_device';
    if (context.tooManyTradeIns === false) return 'TRADEIN_LIMIT_notEligible';
  }
  if (code === 'ONGOING_SUBSCRIPTION' && context.otherSubscription) return 'ONGOING_SUBSCRIPTION_another';
  // A guest refused a product only a customer may buy (a subscription, a free trial): signing in is the way.
  if (code === 'PERMISSION_DENIED' && context.signedIn === false) return 'PERMISSION_DENIED_signIn';
  return code;
}

/** The cart errors whose words name one of the store's limits, and the configuration field that holds it. */
const LIMIT_OF: Record<string, 'cartons_limit_value' | 'order_limit_value'> = { CARTONS_LIMIT: 'cartons_limit_value', ORDER_LIMIT: 'order_limit_value' };

/** Whether the words of a cart error name one of the store's limits (so need its configuration). */
export function namesALimit(code: string | null | undefined): boolean {
  return Object.hasOwn(LIMIT_OF, normaliseCartErrorCode(code));
}

/**
 * A cart error in the page's language. Limits name the store's limit when the configuration has
 * it, a sales step names the step; an unknown code falls back to the server's message, which the
 * server says in the store view's language (docs/decisions/0026), then to a general sentence.
 */
export function cartErrorText(
  t: TFunction, code: string | null | undefined, message: string | null | undefined, config?: CheckoutConfig | null, context: CartErrorContext = {},
): string {
  const key = normaliseCartErrorCode(code);
  if ((WORDED_CART_ERRORS as readonly string[]).includes(key)) {
    const field = LIMIT_OF[key];
    const count = field ? config?.[field] : null;
    if (count) return t(`cart.errors.${key}_limit`, { count });
    if (key === 'ITEM_INCREMENT' && context.step && context.step > 1) return t('cart.errors.ITEM_INCREMENT_step', { count: context.step });
    return t(`cart.errors.${keyFor(key, context)}`);
  }
  return message?.trim() || t('cart.errors.UNDEFINED');
}
