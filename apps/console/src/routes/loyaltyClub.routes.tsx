import type { RouteObject } from 'react-router';
import { guarded } from './guard';

const rewards = () => import('./loyaltyClubRewards');
const rules = () => import('./loyaltyClubRules');
const articles = () => import('./loyaltyClubArticles');
const qrCodes = () => import('./loyaltyClubQrCodes');

/** The console's pages for the loyalty club's rewards, earning rules, articles and QR codes; each page is its own chunk. */
export const loyaltyClubRoutes: RouteObject[] = [
  // The club's landing page in the promotions area is its rewards, under the club's own tabs.
  { path: 'promotions/loyalty', lazy: () => rewards().then((m) => ({ element: guarded('promotions:read', <m.RewardsPage />) })) },
  { path: 'promotions/loyalty/rewards', lazy: () => rewards().then((m) => ({ element: guarded('promotions:read', <m.RewardsPage />) })) },
  { path: 'promotions/loyalty/rewards/new', lazy: () => rewards().then((m) => ({ element: guarded('promotions:write', <m.RewardCreatePage />) })) },
  { path: 'promotions/loyalty/rewards/:uuid', lazy: () => rewards().then((m) => ({ element: guarded('promotions:read', <m.RewardDetailPage />) })) },
  { path: 'promotions/loyalty/earning-rules', lazy: () => rules().then((m) => ({ element: guarded('promotions:read', <m.RulesPage />) })) },
  { path: 'promotions/loyalty/earning-rules/new', lazy: () => rules().then((m) => ({ element: guarded('promotions:write', <m.RuleCreatePage />) })) },
  { path: 'promotions/loyalty/earning-rules/:event', lazy: () => rules().then((m) => ({ element: guarded('promotions:read', <m.RuleDetailPage />) })) },
  { path: 'promotions/loyalty/articles', lazy: () => articles().then((m) => ({ element: guarded('promotions:read', <m.ArticlesPage />) })) },
  { path: 'promotions/loyalty/articles/new', lazy: () => articles().then((m) => ({ element: guarded('promotions:write', <m.ArticleCreatePage />) })) },
  { path: 'promotions/loyalty/articles/:id', lazy: () => articles().then((m) => ({ element: guarded('promotions:read', <m.ArticleDetailPage />) })) },
  { path: 'promotions/loyalty/qr-codes', lazy: () => qrCodes().then((m) => ({ element: guarded('promotions:read', <m.QrCodesPage />) })) },
  { path: 'promotions/loyalty/qr-codes/new', lazy: () => qrCodes().then((m) => ({ element: guarded('promotions:write', <m.QrCodeCreatePage />) })) },
  { path: 'promotions/loyalty/qr-codes/:id', lazy: () => qrCodes().then((m) => ({ element: guarded('promotions:read', <m.QrCodeDetailPage />) })) },
];
