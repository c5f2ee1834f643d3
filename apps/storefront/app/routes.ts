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
    route('flavor-finder', 'routes/flavor-finder.tsx'),
    route('search', 'routes/search.tsx'),
    // A guest's order lookup (order number, e-mail, billing last name; docs/decisions/0073).
    route('order-status', 'routes/order-status.tsx'),
    route('offers/:providerId', 'routes/offer.tsx'),
    route('stores', 'routes/store-locator.tsx'),
    route('stores/:storeId', 'routes/store-locator-store.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-article.tsx'),
    route('legal/:page', 'routes/legal.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('checkout/success', 'routes/order-confirmation.tsx'),
    route('loyalty', 'routes/loyalty/overview.tsx'),
    route('loyalty/account', 'routes/loyalty/account.tsx'),
    route('loyalty/blog', 'routes/loyalty/blog.tsx'),
    route('loyalty/article/:id', 'routes/loyalty/article.tsx'),
    route('loyalty/points-history', 'routes/loyalty/points-history.tsx'),
    route('loyalty/redeem', 'routes/loyalty/redeem.tsx'),
    route('loyalty/pack-codes', 'routes/loyalty/pack-codes.tsx'),
    route('referral', 'routes/referral.tsx'),
    route('get-started', 'routes/get-started.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    // The link e-mailed to a lead met at an event or by a promoter.
    route('leads/confirm/:token', 'routes/lead-confirm.tsx'),
    // The newsletter: the footer's sign-up posts to the first (a plain form, answered by its action),
    // the confirmation e-mail links to the second, every marketing e-mail's List-Unsubscribe to the third.
    route('newsletter', 'routes/newsletter.tsx'),
    route('newsletter/confirm/:token', 'routes/newsletter-confirm.tsx'),
    route('unsubscribe/:token', 'routes/unsubscribe.tsx'),
    // The account single-page app: client-rendered, its pages are hash routes (#/address, ...).
    route('account', 'routes/account.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
