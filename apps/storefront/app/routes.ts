import { index, route, type RouteConfig } from '@react-router/dev/routes';

// Every public page lives under a store-view prefix (/gb, /de, /ch, /gb_trial).
export default [
  index('routes/root-redirect.tsx'),
  route(':store', 'routes/store-layout.tsx', { id: 'store' }, [
    index('routes/home.tsx'),
    route('shop/:category?', 'routes/shop.tsx'),
    route('p/:urlKey', 'routes/product.tsx'),
    route('discover/:slug', 'routes/discover.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
