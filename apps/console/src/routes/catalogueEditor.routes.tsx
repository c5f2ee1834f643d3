import type { RouteObject } from 'react-router';
import { guarded } from './guard';

/** The console's pages for products, categories and images; each page is its own chunk, loaded on its first visit. */
export const catalogueEditorRoutes: RouteObject[] = [
  { path: 'catalogue/new', lazy: () => import('./catalogueEditor').then((m) => ({ element: guarded('catalogue:write', <m.ProductCreatePage />) })) },
  { path: 'catalogue/:sku/edit', lazy: () => import('./catalogueEditor').then((m) => ({ element: guarded('catalogue:read', <m.ProductEditPage />) })) },
  { path: 'catalogue/categories', lazy: () => import('./catalogueEditorCategories').then((m) => ({ element: guarded('catalogue:read', <m.CategoriesPage />) })) },
  { path: 'catalogue/categories/new', lazy: () => import('./catalogueEditorCategories').then((m) => ({ element: guarded('catalogue:write', <m.CategoryCreatePage />) })) },
  { path: 'catalogue/categories/:id', lazy: () => import('./catalogueEditorCategories').then((m) => ({ element: guarded('catalogue:read', <m.CategoryEditPage />) })) },
];
