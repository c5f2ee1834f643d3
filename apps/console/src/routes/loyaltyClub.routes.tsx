import type { RouteObject } from 'react-router';

/** The console's pages for the loyalty club's rewards, earning rules, articles and QR codes; each page is its own chunk. */
export const loyaltyClubRoutes: RouteObject[] = [];
