import type { UserConfiguration } from '@ember/contracts';
import { queryOptions, useQuery } from '../api/query';
import type { AppLoadContext } from 'react-router';
import { fetchUserConfiguration } from '../api/account.api';
import { apiTargetFrom } from '../api/load-context';
import { getBrowserQueryClient } from '../api/query-client';
import { browserScope, requireStore, serverScope, type StoreScope } from '../api/scope';

const CONFIGURATION_STALE_MS = 5 * 60_000;

/** The account configuration (password rules): the same for every customer, so cached like catalogue data. */
export function configurationQuery(store: string) {
  return queryOptions({
    queryKey: ['account-configuration', store],
    queryFn: () => fetchUserConfiguration(store),
    staleTime: CONFIGURATION_STALE_MS,
  });
}

/**
 * For loaders of pages with password fields. Without the configuration the page still works:
 * the rules are not listed and the server's answer names what is missing.
 */
async function loadConfiguration(scope: StoreScope, fetcher: () => Promise<UserConfiguration>): Promise<UserConfiguration | null> {
  await requireStore(scope);
  return fetcher().catch(() => null);
}

export function loadConfigurationOnServer(context: AppLoadContext, store: string) {
  return loadConfiguration(serverScope(context, store), () => fetchUserConfiguration(store, apiTargetFrom(context)));
}

export function loadConfigurationInBrowser(store: string) {
  return loadConfiguration(browserScope(store), () => getBrowserQueryClient().fetchQuery(configurationQuery(store)));
}

/** Inside the account app, which has no loader data of its own. */
export function useConfiguration(store: string): UserConfiguration | undefined {
  return useQuery(configurationQuery(store)).data;
}
