import type { RouteObject } from 'react-router';

/** The console's pages for products, categories and images; each page is its own chunk, loaded on its first visit. */
export const catalogueEditorRoutes: RouteObject[] = [];
