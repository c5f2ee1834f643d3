import { ERROR_CODES } from './errors.js';

/**
 * The cart's user-error codes, closed: every refusal of an addition or change and every problem a
 * priced cart can have (spec §5, §8). Each is mapped once below to what Magento's answers carry:
 * `CartUserInputError.code` (addProductsToCart `user_errors`), `CartItemError.code` (an item's
 * `errors`), `PlaceOrderError.code` when the problem stops an order, and the HTTP status.
 */
export const CART_USER_ERROR_CODES = [
  'PRODUCT_NOT_FOUND', 'NOT_SALABLE', 'INSUFFICIENT_STOCK', 'UNDEFINED', 'GIFT_ERROR', 'ITEM_QTY', 'ITEM_INCREMENTS',
  'ITEM_INCREMENT', 'CARTONS_LIMIT', 'PERMISSION_DENIED', 'TRADEIN_LIMIT', 'ONGOING_SUBSCRIPTION',
] as const;

export type CartUserErrorCode = (typeof CART_USER_ERROR_CODES)[number];

/** Magento's `CartItemErrorType`. */
export type CartItemErrorCode = 'CARTONS_LIMIT' | 'GIFT_ERROR' | 'ITEM_INCREMENT' | 'ITEM_INCREMENTS' | 'ITEM_QTY' | 'ONGOING_SUBSCRIPTION' | 'PERMISSION_DENIED' | 'TRADEIN_LIMIT' | 'UNDEFINED';

/** Magento's `PlaceOrderErrorCodes`: what placeOrder answers in `errors` instead of failing the request. */
export const PLACE_ORDER_ERROR_CODES = [
  'CART_NOT_FOUND', 'CART_NOT_ACTIVE', 'GUEST_EMAIL_MISSING', 'UNABLE_TO_PLACE_ORDER', 'INSUFFICIENT_STOCK', 'PERMISSION_DENIED', 'ORDER_LIMIT', 'UNDEFINED',
] as const;

export type PlaceOrderErrorCode = (typeof PLACE_ORDER_ERROR_CODES)[number];

/**
 * Each cart code as Magento's answers carry it: `item` on the cart item the problem names (stock
 * problems read as ITEM_QTY), `order` when a cart line with the problem is ordered (stock problems
 * as INSUFFICIENT_STOCK, every other as UNABLE_TO_PLACE_ORDER), and the HTTP status of the error.
 * The user-error code (`CartUserInputError.code`) is the code itself.
 */
export const CART_USER_ERRORS = {
  PRODUCT_NOT_FOUND: { item: 'UNDEFINED', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.PRODUCT_NOT_FOUND.status },
  NOT_SALABLE: { item: 'ITEM_QTY', order: 'INSUFFICIENT_STOCK', status: ERROR_CODES.NOT_SALABLE.status },
  INSUFFICIENT_STOCK: { item: 'ITEM_QTY', order: 'INSUFFICIENT_STOCK', status: ERROR_CODES.INSUFFICIENT_STOCK.status },
  UNDEFINED: { item: 'UNDEFINED', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.UNDEFINED.status },
  GIFT_ERROR: { item: 'GIFT_ERROR', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.GIFT_ERROR.status },
  ITEM_QTY: { item: 'ITEM_QTY', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.ITEM_QTY.status },
  ITEM_INCREMENTS: { item: 'ITEM_INCREMENTS', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.ITEM_INCREMENTS.status },
  ITEM_INCREMENT: { item: 'ITEM_INCREMENT', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.ITEM_INCREMENT.status },
  CARTONS_LIMIT: { item: 'CARTONS_LIMIT', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.CARTONS_LIMIT.status },
  PERMISSION_DENIED: { item: 'PERMISSION_DENIED', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.PERMISSION_DENIED.status },
  TRADEIN_LIMIT: { item: 'TRADEIN_LIMIT', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.TRADEIN_LIMIT.status },
  ONGOING_SUBSCRIPTION: { item: 'ONGOING_SUBSCRIPTION', order: 'UNABLE_TO_PLACE_ORDER', status: ERROR_CODES.ONGOING_SUBSCRIPTION.status },
} as const satisfies Record<CartUserErrorCode, { item: CartItemErrorCode; order: PlaceOrderErrorCode; status: number }>;

export function isCartUserErrorCode(value: unknown): value is CartUserErrorCode {
  return typeof value === 'string' && (CART_USER_ERROR_CODES as readonly string[]).includes(value);
}

export function isPlaceOrderErrorCode(value: unknown): value is PlaceOrderErrorCode {
  return typeof value === 'string' && (PLACE_ORDER_ERROR_CODES as readonly string[]).includes(value);
}

