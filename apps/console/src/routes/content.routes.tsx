import type { RouteObject } from 'react-router';

/** The console's pages for FAQ, blog, content pages and stores; each page is its own chunk, loaded on its first visit. */
export const contentRoutes: RouteObject[] = [];
