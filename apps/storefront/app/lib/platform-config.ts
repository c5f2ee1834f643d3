import type { PlatformFeature } from '@ember/contracts';
import { useOptionalStoreLayout } from './store-layout-data';

/** Which features are on in a store view: what the layout carries to every page. */
export type FeatureFlags = Record<PlatformFeature, boolean>;

/** What a store view shows while its configuration cannot be read: what every regular market has. */
export const DEFAULT_FEATURES: FeatureFlags = { loyalty: true, trials: false, subscriptions: true, devices: true, search: true, store_locator: true };

/**
 * Whether a feature is on in the current store view (the platform configuration the store layout
 * loads): gate a link or a box with it, e.g. `useFeature('search')`. Outside a store view, the defaults.
 */
export function useFeature(name: PlatformFeature): boolean {
  const features = useOptionalStoreLayout()?.features;
  return (features ?? DEFAULT_FEATURES)[name];
}
