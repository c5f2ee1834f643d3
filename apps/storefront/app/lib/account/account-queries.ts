import type { SavedAddress, Profile } from '@ember/contracts';
import { queryOptions, useQuery } from '../api/query';
import { fetchProfile } from '../api/account.api';
import { listAddresses, listConsentPurposes, listConsents, type UserConsent } from '../api/account-actions.api';
import { browserClient } from '../api/clients';
import { listCountries } from '../api/directory.api';
import { getBrowserQueryClient } from '../api/query-client';
import { addressesQueryKey, consentsQueryKey, profileQueryKey, SESSION_QUERY_KEY, toSessionUser, type SessionUser } from './session';

/** Account data is the customer's own and changes by their hand: fresh for a minute, refetched after each change. */
const ACCOUNT_STALE_MS = 60_000;

export function profileQuery(store: string, uuid: string) {
  return queryOptions({ queryKey: profileQueryKey(uuid), queryFn: () => fetchProfile(store, uuid), staleTime: ACCOUNT_STALE_MS });
}

export function useProfile(store: string, uuid: string) {
  return useQuery(profileQuery(store, uuid));
}

export function useAddresses(store: string, uuid: string, options: { enabled?: boolean; fresh?: boolean } = {}) {
  return useQuery(queryOptions({
    queryKey: addressesQueryKey(uuid), queryFn: () => listAddresses(store, uuid), staleTime: ACCOUNT_STALE_MS,
    enabled: options.enabled ?? true,
    // Checkout reads the book again each time it opens: the last order may have added to it.
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  }));
}

export function useConsents(store: string, uuid: string) {
  return useQuery(queryOptions({ queryKey: consentsQueryKey(uuid), queryFn: () => listConsents(store, uuid), staleTime: ACCOUNT_STALE_MS }));
}

/** The purposes the account offers are the same for everyone, per language. */
export function useConsentPurposes(store: string, language: string) {
  return useQuery({ queryKey: ['consent-purposes', store, language], queryFn: () => listConsentPurposes(store, language), staleTime: 60 * 60_000 });
}

/** The consents as saved; the profile's list of granted purposes follows on its next read. */
export function storeConsents(uuid: string, consents: UserConsent[]): void {
  const queryClient = getBrowserQueryClient();
  queryClient.setQueryData(consentsQueryKey(uuid), consents);
  void queryClient.invalidateQueries({ queryKey: profileQueryKey(uuid) });
}

/** The countries the store ships to, named in its language. */
export function useCountries(store: string, locale: string) {
  return useQuery({ queryKey: ['countries', store], queryFn: () => listCountries(browserClient(store), locale), staleTime: 60 * 60_000 });
}

/** A saved profile replaces the cached one; the header's name follows. */
export function storeProfile(profile: Profile): void {
  const queryClient = getBrowserQueryClient();
  queryClient.setQueryData(profileQueryKey(profile.uuid), profile);
  const previous = queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
  queryClient.setQueryData(SESSION_QUERY_KEY, toSessionUser(profile, previous?.consentRenewalRequired, previous?.isDeviceRegistered));
}

export function storeAddresses(uuid: string, addresses: SavedAddress[]): void {
  getBrowserQueryClient().setQueryData(addressesQueryKey(uuid), addresses);
}

export function refreshAddresses(uuid: string): Promise<void> {
  return getBrowserQueryClient().invalidateQueries({ queryKey: addressesQueryKey(uuid) });
}
