import { useRouteLoaderData } from 'react-router';
import type { LegalPageLink } from './api/content.api';
import type { FeatureFlags } from './platform-config';
import type { NavCategory, StoreView } from './api/store.api';

/** What the `:store` layout loads for every page of a store view. */
export interface StoreLayoutData {
  store: StoreView;
  stores: StoreView[];
  categories: NavCategory[];
  /** The store view's legal pages, linked from the footer. */
  legalPages: LegalPageLink[];
  /** The store view's feature flags from the platform configuration (read them with `useFeature`). */
  features: FeatureFlags;
}

export const STORE_LAYOUT_ROUTE_ID = 'store';

/** The current store view's layout data; undefined outside a known store (e.g. its 404 page). */
export function useOptionalStoreLayout(): StoreLayoutData | undefined {
  return useRouteLoaderData<StoreLayoutData>(STORE_LAYOUT_ROUTE_ID);
}

export function useStoreLayout(): StoreLayoutData {
  const data = useOptionalStoreLayout();
  if (!data) throw new Error('useStoreLayout is used outside the :store layout');
  return data;
}
