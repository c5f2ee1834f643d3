import { useQuery } from '../api/query';
import { useSession } from '../account/session';
import { fetchLoyaltyConfiguration, fetchPoints, fetchReferralCustomer } from '../api/loyalty.api';

export const loyaltyKeys = {
  configuration: (store: string) => ['loyalty', 'configuration', store] as const,
  points: (store: string, uuid: string) => ['account', 'loyalty', 'points', store, uuid] as const,
  referral: (store: string, uuid: string) => ['account', 'referral', store, uuid] as const,
};

/** The market's loyalty flag: loyalty shows only when it is the string "true" (spec §6). */
export function useLoyaltyEnabled(store: string): { enabled: boolean; settled: boolean } {
  const query = useQuery({
    queryKey: loyaltyKeys.configuration(store),
    queryFn: () => fetchLoyaltyConfiguration(store),
    enabled: typeof window !== 'undefined' && !!store,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { enabled: query.data?.enabled === 'true', settled: !query.isPending || query.fetchStatus === 'idle' };
}

/** The signed-in customer's points; nothing for guests or where loyalty is off (spec §6). */
export function usePoints(store: string) {
  const session = useSession();
  const { enabled, settled } = useLoyaltyEnabled(store);
  const uuid = session.user?.uuid ?? '';
  const query = useQuery({
    queryKey: loyaltyKeys.points(store, uuid),
    queryFn: () => fetchPoints(store, uuid),
    enabled: enabled && !!uuid,
    staleTime: 30_000,
    retry: false,
  });
  /** Whether the flag is known and, where loyalty is on, the points have loaded (or failed). */
  const loaded = settled && (!enabled || !uuid || !(query.isPending && query.fetchStatus !== 'idle'));
  return { session, enabled, loaded, ...query };
}

/** The signed-in customer's referral record (code, parent_code). */
export function useReferralCustomer(store: string) {
  const session = useSession();
  const uuid = session.user?.uuid ?? '';
  return useQuery({
    queryKey: loyaltyKeys.referral(store, uuid),
    queryFn: () => fetchReferralCustomer(store, uuid),
    enabled: !!uuid,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
