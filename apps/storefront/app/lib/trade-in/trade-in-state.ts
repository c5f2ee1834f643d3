import { useQuery } from '../api/query';
import { useSession } from '../account/session';
import { fetchTradeInConfiguration, fetchTradeInEligibility } from '../api/trade-in.api';

export const tradeInKeys = {
  configuration: (store: string) => ['trade-in', 'configuration', store] as const,
  eligibility: (store: string, uuid: string) => ['account', 'trade-in', store, uuid] as const,
};

/** Spec §9: trade-in answers are fresh for 5,000 ms and never retried. */
const TRADE_IN_STALE_MS = 5_000;

/**
 * The trade-in a signed-in customer may use now, with its offer (credit, terms); null for guests,
 * where none runs, or when the service fails (spec §9: false on error).
 */
export function useTradeIn(store: string) {
  const session = useSession();
  const uuid = session.user?.uuid ?? '';
  const eligibility = useQuery({
    queryKey: tradeInKeys.eligibility(store, uuid),
    queryFn: () => fetchTradeInEligibility(store, uuid),
    enabled: !!uuid && !!store,
    staleTime: TRADE_IN_STALE_MS,
    retry: false,
  });
  const eligible = eligibility.data && eligibility.data.is_eligible ? eligibility.data : null;
  const configuration = useQuery({
    queryKey: tradeInKeys.configuration(store),
    queryFn: () => fetchTradeInConfiguration(store),
    enabled: !!eligible,
    staleTime: TRADE_IN_STALE_MS,
    retry: false,
  });
  if (!eligible || !configuration.data) return null;
  const offers = configuration.data.offers.filter((o) => eligible.offers.some((e) => e.sku === o.sku));
  return offers.length ? { offer: offers[0]!, deviceId: eligible.offers.find((e) => e.sku === offers[0]!.sku)!.device_id } : null;
}
