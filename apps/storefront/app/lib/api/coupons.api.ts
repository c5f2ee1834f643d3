import { DEFAULT_REQUEST_TIMEOUT_MS, type CouponGrant, type CouponProvider } from '@ember/contracts';
import type { ServerTarget } from './load-context';
import { contract, restCall, type RestService } from './rest';

/** The external coupon providers (`/coupons/external/providers`): the only code that calls them. */

export class CouponsApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string | undefined) {
    super(message);
    this.name = 'CouponsApiError';
  }
}

// Spec §8: the provider's message, or these when there is none.
const service = (fallback: string): RestService => ({
  name: 'coupons',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new CouponsApiError(status === 0 || !message ? fallback : message, status, code),
});
const FETCHING = service('error fetching providers');
const REQUESTING = service('error requesting coupon');

export type { CouponGrant, CouponProvider };

/** The offer; with the browser's session, the customer's code too (the server renders it for a guest). */
export function fetchCouponProvider(store: string, id: string, server?: ServerTarget): Promise<CouponProvider> {
  return restCall(FETCHING, `/coupons/external/providers/${encodeURIComponent(id)}`, { store, server, schema: contract('CouponProviderSchema') });
}

export function requestCoupon(store: string, id: string): Promise<CouponGrant> {
  return restCall(REQUESTING, `/coupons/external/providers/${encodeURIComponent(id)}/request`, { store, method: 'POST', body: {}, schema: contract('CouponGrantSchema') });
}
