import { DEFAULT_REQUEST_TIMEOUT_MS, type OrderPayment } from '@ember/contracts';
import { contract, restCall, type ContractSource, type RestService } from './rest';

/**
 * The payments service (`/api/payments`): the only code that calls it. Same-origin JSON with the
 * session cookie; a guest proves the order is theirs with the masked id of the cart it came from.
 */


/** An Idempotency-Key: 128 random bits as hex (getRandomValues works outside secure contexts too, unlike randomUUID). */
export function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const PLACE_ORDER_KEY = 'ember:place-order-key:';

/**
 * The key of the current attempt to place this cart's order, kept in the tab until the server
 * answers: a retry after a timeout or a reload sends the same key, so it cannot order twice.
 */
export function placeOrderKey(cartId: string): string {
  try {
    const kept = sessionStorage.getItem(PLACE_ORDER_KEY + cartId);
    if (kept) return kept;
    const key = newAttemptKey();
    sessionStorage.setItem(PLACE_ORDER_KEY + cartId, key);
    return key;
  } catch {
    return newAttemptKey();
  }
}

/** The attempt got its answer (an order or a refusal): the next press is a new attempt with a new key. */
export function endPlaceOrderAttempt(cartId: string): void {
  try {
    sessionStorage.removeItem(PLACE_ORDER_KEY + cartId);
  } catch { /* storage unavailable: nothing was kept */ }
}

/** Payment codes the provider collects on its own pages (the spec's default card code first). */
export const PROVIDER_PAYMENT_METHODS = ['ember_card', 'ember_bank_transfer'] as const;

export function needsProvider(code: string | null | undefined): boolean {
  return (PROVIDER_PAYMENT_METHODS as readonly string[]).includes(code ?? '');
}

export type PaymentStatus = OrderPayment['status'];

/** Spec §3 "Order payment", with where to send the shopper while it waits for them. */
export type { OrderPayment };

/** A failed payments call: the service's error code, or SERVICE_UNAVAILABLE when it was not reached. */
export class PaymentsApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string) {
    super(message);
    this.name = 'PaymentsApiError';
  }
}

const PAYMENTS: RestService = {
  name: 'payments',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new PaymentsApiError(message, status, code ?? 'INTERNAL'),
};

function call<T>(
  path: string, store: string, schema: ContractSource<T>, init: { method?: 'GET' | 'PUT'; body?: unknown; cartId?: string | null; idempotencyKey?: string } = {},
): Promise<T> {
  return restCall(PAYMENTS, path, { store, schema, ...init });
}

/**
 * Opens the provider's payment session for a placed order (or a fresh one that supersedes an
 * abandoned one, when paying again); the answer's `redirect_url` is the
 * provider's hosted page, which sends the shopper back to `returnUrl` (a path on this shop) with
 * `payment_uuid` added.
 */
export function startPayment(
  store: string,
  input: { orderId: string; cartId: string | null; customerUuid: string | null; returnUrl: string; paymentMethod?: string; attemptKey?: string; tokenize?: boolean },
): Promise<OrderPayment> {
  return call('/api/payments/generate-token', store, contract('OrderPaymentSchema'), {
    method: 'PUT',
    // A new key is a new attempt: the server voids an abandoned payment instead of sending the shopper back to it.
    idempotencyKey: input.attemptKey,
    body: {
      order_id: input.orderId,
      // Saves the card with the provider for later charges (a subscription's deliveries), with the shopper's consent.
      tokenize: input.tokenize === true,
      return_url: input.returnUrl,
      // Paying again with another method changes the order's method first; the old payment is voided.
      ...(input.paymentMethod ? { payment_method: input.paymentMethod } : {}),
      ...(input.customerUuid ? { customer_uuid: input.customerUuid } : {}),
      ...(input.cartId && !input.customerUuid ? { cart_id: input.cartId } : {}),
    },
  });
}

/** A payment's status; the owner only (a guest by the order's cart id). */
export function fetchPayment(store: string, uuid: string, cartId: string | null): Promise<OrderPayment> {
  return call(`/api/payments/${encodeURIComponent(uuid)}`, store, contract('OrderPaymentSchema'), { cartId });
}
