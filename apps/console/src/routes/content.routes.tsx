import type { RouteObject } from 'react-router';
import { guarded } from './guard';

/** The console's pages for FAQ, blog, content pages and stores; each page is its own chunk, loaded on its first visit. */
export const contentRoutes: RouteObject[] = [
  { path: 'content', lazy: () => import('./contentShared').then((m) => ({ element: guarded('content:read', <m.ContentHomePage />) })) },
  { path: 'content/faq', lazy: () => import('./contentFaq').then((m) => ({ element: guarded('content:read', <m.FaqListPage />) })) },
  { path: 'content/faq/new', lazy: () => import('./contentFaq').then((m) => ({ element: guarded('content:write', <m.FaqEditPage />) })) },
  { path: 'content/faq/:id', lazy: () => import('./contentFaq').then((m) => ({ element: guarded('content:read', <m.FaqEditPage />) })) },
  { path: 'content/blog', lazy: () => import('./contentBlog').then((m) => ({ element: guarded('content:read', <m.BlogListPage />) })) },
  { path: 'content/blog/new', lazy: () => import('./contentBlog').then((m) => ({ element: guarded('content:write', <m.BlogEditPage />) })) },
  { path: 'content/blog/:id', lazy: () => import('./contentBlog').then((m) => ({ element: guarded('content:read', <m.BlogEditPage />) })) },
  { path: 'content/pages', lazy: () => import('./contentPages').then((m) => ({ element: guarded('content:read', <m.ContentPagesPage />) })) },
  { path: 'content/pages/:identifier/:language', lazy: () => import('./contentPages').then((m) => ({ element: guarded('content:read', <m.ContentPageEditPage />) })) },
  { path: 'content/stores', lazy: () => import('./contentStores').then((m) => ({ element: guarded('content:read', <m.StoresListPage />) })) },
  { path: 'content/stores/new', lazy: () => import('./contentStores').then((m) => ({ element: guarded('content:write', <m.StoreEditPage />) })) },
  { path: 'content/stores/:id', lazy: () => import('./contentStores').then((m) => ({ element: guarded('content:read', <m.StoreEditPage />) })) },
];
