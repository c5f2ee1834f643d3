import type { RouteObject } from 'react-router';

/** The console's pages for code batches, promotions and the loyalty club's rules; each page is its own chunk, loaded on its first visit. */
export const promotionRuleRoutes: RouteObject[] = [];
