import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError, onUnauthorized } from './api';
import { setupI18n } from './i18n';
import { catalogueEditorRoutes } from './routes/catalogueEditor.routes';
import { contentRoutes } from './routes/content.routes';
import { guarded } from './routes/guard';
import { Layout, NotFound } from './routes/layout';
import { loyaltyClubRoutes } from './routes/loyaltyClub.routes';
import { EnrolPage, LoginPage, TotpPage } from './routes/login';
import { promotionRuleRoutes } from './routes/promotionRules.routes';
import { noteSessionEnd, SESSION_KEY } from './session';
import './styles.css';

setupI18n();

// A request refused for want of a session is not worth trying again.
const retry = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 2;
const queryClient = new QueryClient({
  queryCache: new QueryCache(),
  mutationCache: new MutationCache(),
  defaultOptions: { queries: { retry, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    { path: '/login/totp', element: <TotpPage /> },
    { path: '/login/enrol', element: <EnrolPage /> },
    {
      path: '/',
      element: <Layout />,
      children: [
        // Each area is its own chunk, loaded on its first visit.
        { index: true, lazy: () => import('./routes/dashboard').then((m) => ({ element: guarded('dashboard:read', <m.DashboardPage />) })) },
        { path: 'orders', lazy: () => import('./routes/orders').then((m) => ({ element: guarded('orders:read', <m.OrdersPage />) })) },
        { path: 'orders/:number', lazy: () => import('./routes/orders').then((m) => ({ element: guarded('orders:read', <m.OrderDetailPage />) })) },
        { path: 'customers', lazy: () => import('./routes/customers').then((m) => ({ element: guarded('customers:read', <m.CustomersPage />) })) },
        { path: 'customers/:uuid', lazy: () => import('./routes/customers').then((m) => ({ element: guarded('customers:read', <m.CustomerDetailPage />) })) },
        { path: 'returns', lazy: () => import('./routes/returns').then((m) => ({ element: guarded('returns:read', <m.ReturnsPage />) })) },
        { path: 'returns/:number', lazy: () => import('./routes/returns').then((m) => ({ element: guarded('returns:read', <m.ReturnDetailPage />) })) },
        { path: 'compliance/age-checks', lazy: () => import('./routes/compliance').then((m) => ({ element: guarded('compliance:read', <m.AgeChecksPage />) })) },
        { path: 'compliance/age-checks/:uuid', lazy: () => import('./routes/compliance').then((m) => ({ element: guarded('compliance:read', <m.AgeCheckDetailPage />) })) },
        { path: 'compliance/markets', lazy: () => import('./routes/complianceRules').then((m) => ({ element: guarded('compliance:read', <m.MarketsPage />) })) },
        { path: 'compliance/markets/:store', lazy: () => import('./routes/complianceRules').then((m) => ({ element: guarded('compliance:write', <m.MarketEditPage />) })) },
        { path: 'compliance/consents', lazy: () => import('./routes/complianceRules').then((m) => ({ element: guarded('compliance:read', <m.ConsentsPage />) })) },
        { path: 'compliance/consents/:id', lazy: () => import('./routes/complianceRules').then((m) => ({ element: guarded('compliance:read', <m.ConsentDetailPage />) })) },
        { path: 'catalogue', lazy: () => import('./routes/catalogue').then((m) => ({ element: guarded('catalogue:read', <m.CataloguePage />) })) },
        { path: 'catalogue/:sku', lazy: () => import('./routes/catalogue').then((m) => ({ element: guarded('catalogue:read', <m.ProductDetailPage />) })) },
        { path: 'subscriptions', lazy: () => import('./routes/subscriptions').then((m) => ({ element: guarded('subscriptions:read', <m.SubscriptionsPage />) })) },
        { path: 'subscriptions/:id', lazy: () => import('./routes/subscriptions').then((m) => ({ element: guarded('subscriptions:read', <m.SubscriptionDetailPage />) })) },
        { path: 'trials', lazy: () => import('./routes/subscriptions').then((m) => ({ element: guarded('subscriptions:read', <m.TrialsPage />) })) },
        { path: 'trials/:id', lazy: () => import('./routes/subscriptions').then((m) => ({ element: guarded('subscriptions:read', <m.TrialDetailPage />) })) },
        { path: 'promotions/coupons', lazy: () => import('./routes/promotions').then((m) => ({ element: guarded('promotions:read', <m.CouponsPage />) })) },
        { path: 'promotions/coupons/new', lazy: () => import('./routes/promotions').then((m) => ({ element: guarded('promotions:write', <m.CouponCreatePage />) })) },
        { path: 'promotions/coupons/:id', lazy: () => import('./routes/promotions').then((m) => ({ element: guarded('promotions:read', <m.CouponDetailPage />) })) },
        ...catalogueEditorRoutes,
        ...contentRoutes,
        ...promotionRuleRoutes,
        ...loyaltyClubRoutes,
        { path: 'audit', lazy: () => import('./routes/audit').then((m) => ({ element: guarded('audit:read', <m.AuditPage />) })) },
        { path: 'operators', lazy: () => import('./routes/operators').then((m) => ({ element: guarded('operators:manage', <m.OperatorsPage />) })) },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/console' },
);

// A session that ended on the server (idle, signed out elsewhere) sends the operator to sign in again.
onUnauthorized(() => {
  noteSessionEnd('expired');
  queryClient.setQueryData(SESSION_KEY, null);
  if (!router.state.location.pathname.startsWith('/login')) void router.navigate('/login?reason=expired', { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
