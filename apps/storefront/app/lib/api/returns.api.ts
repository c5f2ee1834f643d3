import { DEFAULT_REQUEST_TIMEOUT_MS, type OrderReturns, type RequestReturnBody, type ReturnView } from '@ember/contracts';
import { contract, restCall, type ContractSource, type RestMethod, type RestService } from './rest';

/**
 * The returns service (`/api/returns`, docs/decisions/0077): the only code that calls it. Same-origin
 * calls with the session cookie; the server answers only for the session's own orders and returns.
 */

export type { OrderReturns, RequestReturnBody, ReturnView };

export class ReturnsApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string) {
    super(message);
    this.name = 'ReturnsApiError';
  }
}

const RETURNS: RestService = {
  name: 'returns',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new ReturnsApiError(message, status, status === 0 ? 'SERVICE_UNAVAILABLE' : code ?? 'INTERNAL'),
};

function call<T>(path: string, store: string, schema: ContractSource<T>, init: { method?: RestMethod; body?: unknown } = {}): Promise<T> {
  return restCall(RETURNS, path, { store, schema, method: init.method, body: init.body });
}

/** Whether the order can be returned now, what of each line, and its returns with their history. */
export const fetchOrderReturns = (store: string, orderNumber: string) =>
  call(`/api/returns/orders/${encodeURIComponent(orderNumber)}`, store, contract('OrderReturnsSchema'));

export const requestReturn = (store: string, body: RequestReturnBody) =>
  call('/api/returns', store, contract('ReturnSchema'), { method: 'POST', body });
