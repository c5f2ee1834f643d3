import type { RouteObject } from 'react-router';
import { guarded } from './guard';

/** The console's pages for code batches, promotions and the loyalty club's rules; each page is its own chunk, loaded on its first visit. */
export const promotionRuleRoutes: RouteObject[] = [
  { path: 'promotions/batches', lazy: () => import('./promotionsBatches').then((m) => ({ element: guarded('promotions:read', <m.BatchesPage />) })) },
  { path: 'promotions/batches/new', lazy: () => import('./promotionsBatches').then((m) => ({ element: guarded('promotions:write', <m.BatchCreatePage />) })) },
  { path: 'promotions/batches/:id', lazy: () => import('./promotionsBatches').then((m) => ({ element: guarded('promotions:read', <m.BatchDetailPage />) })) },
  { path: 'promotions/cart-promotions', lazy: () => import('./promotionsCart').then((m) => ({ element: guarded('promotions:read', <m.CartPromotionsPage />) })) },
  { path: 'promotions/cart-promotions/new', lazy: () => import('./promotionsCart').then((m) => ({ element: guarded('promotions:write', <m.CartPromotionCreatePage />) })) },
  { path: 'promotions/cart-promotions/:id', lazy: () => import('./promotionsCart').then((m) => ({ element: guarded('promotions:read', <m.CartPromotionDetailPage />) })) },
];
