import { DEFAULT_REQUEST_TIMEOUT_MS, type TradeInConfiguration, type TradeInEligibility } from '@ember/contracts';
import { contract, restCall, type RestService } from './rest';

/** The trade-in service (`/api/trade-in`): the only code that calls it. */

export class TradeInApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'TradeInApiError';
  }
}

const TRADE_IN: RestService = {
  name: 'trade-in',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, message }) => new TradeInApiError(message, status),
};

export type { TradeInConfiguration, TradeInEligibility };

export const fetchTradeInConfiguration = (store: string) =>
  restCall(TRADE_IN, '/api/trade-in/configuration', { store, schema: contract('TradeInConfigurationSchema') });

/**
 * Whether the customer may trade in a device now. Spec §5: a user id is required ('user id not
 * defined' otherwise); spec §9: false on any error.
 */
export async function fetchTradeInEligibility(store: string, consumerId: string | null | undefined): Promise<TradeInEligibility | false> {
  if (!consumerId) throw new TradeInApiError('user id not defined', 400);
  try {
    return await restCall(TRADE_IN, `/api/trade-in/is-eligible/${encodeURIComponent(consumerId)}`, { store, schema: contract('TradeInEligibilitySchema') });
  } catch {
    return false;
  }
}
