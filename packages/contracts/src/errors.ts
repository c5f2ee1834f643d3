/**
 * The closed set of error codes the shop speaks (spec §5 and §8), with the HTTP status and the
 * GraphQL `extensions.category` each one maps to. Server and storefront both read this table.
 */
export const ERROR_CODES = {
  // Generic request errors
  BAD_REQUEST: { status: 400, category: 'graphql-input' },
  VALIDATION_FAILED: { status: 400, category: 'graphql-input' },
  PAYLOAD_TOO_LARGE: { status: 413, category: 'graphql-input' },
  UNKNOWN_STORE: { status: 400, category: 'graphql-input' },
  QUERY_TOO_DEEP: { status: 400, category: 'graphql-input' },
  QUERY_TOO_COMPLEX: { status: 400, category: 'graphql-input' },
  METHOD_NOT_ALLOWED: { status: 405, category: 'graphql-input' },
  RATE_LIMITED: { status: 429, category: 'graphql-input' },
  // Idempotency-Key (draft-ietf-httpapi-idempotency-key-header): missing on a retry, in flight, reused with other parameters.
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, category: 'graphql-input' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, category: 'graphql-input' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, category: 'graphql-input' },
  SERVICE_UNAVAILABLE: { status: 503, category: 'internal' },
  INTERNAL: { status: 500, category: 'internal' },
  // Spec §8: other
  ENTITY_NOT_FOUND: { status: 404, category: 'graphql-no-such-entity' },
  ATTRIBUTE_NOT_FOUND: { status: 404, category: 'graphql-no-such-entity' },
  FILTER_NOT_FOUND: { status: 400, category: 'graphql-input' },
  // Spec §8: cart item errors
  PRODUCT_NOT_FOUND: { status: 404, category: 'graphql-no-such-entity' },
  NOT_SALABLE: { status: 409, category: 'graphql-input' },
  INSUFFICIENT_STOCK: { status: 409, category: 'graphql-input' },
  PERMISSION_DENIED: { status: 403, category: 'graphql-authorization' },
  GIFT_ERROR: { status: 400, category: 'graphql-input' },
  REORDER_NOT_AVAILABLE: { status: 409, category: 'graphql-input' },
  UNDEFINED: { status: 400, category: 'graphql-input' },
  // Spec §5: cart item validation
  ITEM_QTY: { status: 400, category: 'graphql-input' },
  ITEM_INCREMENTS: { status: 400, category: 'graphql-input' },
  // A quantity that is not a multiple of the product's sales step (catalog_product.qty_increments).
  ITEM_INCREMENT: { status: 400, category: 'graphql-input' },
  CARTONS_LIMIT: { status: 400, category: 'graphql-input' },
  ONGOING_SUBSCRIPTION: { status: 409, category: 'graphql-input' },
  TRADEIN_LIMIT: { status: 400, category: 'graphql-input' },
  // The store view's order limit (is_order_limit_enabled, order_limit_value) per customer and period.
  ORDER_LIMIT: { status: 409, category: 'graphql-input' },
  // Spec §8: cart errors
  CART_NOT_FOUND: { status: 404, category: 'graphql-no-such-entity' },
  CART_NOT_ACTIVE: { status: 409, category: 'graphql-input' },
  GUEST_EMAIL_MISSING: { status: 400, category: 'graphql-input' },
  UNABLE_TO_PLACE_ORDER: { status: 409, category: 'graphql-input' },
  ORDER_NOT_FOUND: { status: 404, category: 'graphql-no-such-entity' },
  // Orders (the spec names no codes for these refusals)
  ORDER_NOT_CANCELABLE: { status: 409, category: 'graphql-input' },
  ORDER_STATUS_NOT_ALLOWED: { status: 409, category: 'graphql-input' },
  ORDER_NOT_PAYABLE: { status: 409, category: 'graphql-input' },
  PAYMENT_MISMATCH: { status: 409, category: 'graphql-input' },
  // Spec §8: customer errors
  NOT_FOUND: { status: 404, category: 'graphql-no-such-entity' },
  UNAUTHORISED: { status: 401, category: 'graphql-authorization' },
  INACTIVE: { status: 403, category: 'graphql-authorization' },
  // Accounts and one-time codes (the spec names no codes for these services)
  ALREADY_EXISTS: { status: 409, category: 'graphql-already-exists' },
  VERIFICATION_CODE_INVALID: { status: 400, category: 'graphql-input' },
  VERIFICATION_EXPIRED: { status: 410, category: 'graphql-input' },
  VERIFICATION_LOCKED: { status: 423, category: 'graphql-input' },
  VERIFICATION_REQUIRED: { status: 403, category: 'graphql-authorization' },
  NOT_AVAILABLE: { status: 501, category: 'graphql-input' },
  // Loyalty and referral (the spec names no codes for these refusals)
  INSUFFICIENT_POINTS: { status: 409, category: 'graphql-input' },
  NOT_ELIGIBLE: { status: 409, category: 'graphql-input' },
  REFERRAL_NOT_ALLOWED: { status: 409, category: 'graphql-input' },
  // Spec §8: device registration titles by status (406 invalid registration code, 409 registered already to another user)
  DEVICE_CODE_INVALID: { status: 406, category: 'graphql-input' },
  DEVICE_REGISTERED_ELSEWHERE: { status: 409, category: 'graphql-already-exists' },
  // A bot-check token that is missing, forged, expired or already used (docs/decisions/0047)
  BOT_CHECK_FAILED: { status: 400, category: 'graphql-input' },
  // A lead's confirmation link (docs/decisions/0058): malformed, not signed by the shop or of a lead that is gone (400); past its expiry (410, Gone, like a code)
  LEAD_LINK_INVALID: { status: 400, category: 'graphql-input' },
  LEAD_LINK_EXPIRED: { status: 410, category: 'graphql-input' },
  // The newsletter's confirmation or unsubscribe link (docs/decisions/0070): malformed, forged or of a subscriber that is gone (400); a confirmation past its expiry (410)
  MARKETING_LINK_INVALID: { status: 400, category: 'graphql-input' },
  MARKETING_LINK_EXPIRED: { status: 410, category: 'graphql-input' },
  // Marketing reaches confirmed adults only: a customer must have their age verified first
  AGE_VERIFICATION_REQUIRED: { status: 403, category: 'graphql-authorization' },
  // Subscriptions: a change its state does not allow, a cancellation before the minimum commitment,
  // a product already in it (spec §9 error '4', in details.error_code), a card a live subscription pays with
  SUBSCRIPTION_NOT_CHANGEABLE: { status: 409, category: 'graphql-input' },
  SUBSCRIPTION_COMMITMENT: { status: 409, category: 'graphql-input' },
  SUBSCRIPTION_PRODUCT_EXISTS: { status: 409, category: 'graphql-input' },
  CARD_IN_USE: { status: 409, category: 'graphql-input' },
  TRIAL_NOT_CHANGEABLE: { status: 409, category: 'graphql-input' },
  // The operator console (docs/decisions/0076): a change the record's state does not allow (the last owner's demotion, a second enrolment)
  OPERATION_NOT_ALLOWED: { status: 409, category: 'graphql-input' },
  // Returns (docs/decisions/0077): a step the return's state does not allow; a refund of more than is left, or of nothing
  RETURN_NOT_CHANGEABLE: { status: 409, category: 'graphql-input' },
  REFUND_NOT_POSSIBLE: { status: 409, category: 'graphql-input' },
} as const satisfies Record<string, { status: number; category: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/** The body every REST error answers with. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; request_id?: string; details?: unknown };
}
