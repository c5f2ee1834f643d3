import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import { migrate, openDb, type Db } from './platform/db.js';
import { inTransaction, onRollback } from './platform/transaction.js';
import { AccessLogController, logHooks, logSerializers } from './platform/access-log.js';
import { clientErrorHandler, frameworkErrorHandler, registerRequestEdge, securityHeaders } from './platform/edge.js';
import { audienceOf } from './platform/messages.js';
import { registerTenantCheck } from './modules/identity/identity.auth.js';
import { registerCompression } from './platform/compression.js';
import { registerErrorHandling } from './platform/errors.js';
import { registerMetrics, setupObservability } from './platform/observability/observability.plugin.js';
import { healthRoutes } from './platform/health.js';
import { registerOpenApi } from './platform/openapi.js';
import { SEED_DIR, seedIfEmpty } from './platform/seed.js';
import { seedDemoCustomers } from './platform/demo-accounts.js';
import { graphqlPlugin } from './graphql/graphql.plugin.js';
import { messagingPlugin } from './modules/messaging/messaging.routes.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { accountContactRoutes, accountPrivacyRoutes, accountRoutes } from './modules/identity/identity.routes.js';
import { profileRoutes } from './modules/identity/identity.profile.routes.js';
import { legacyAccountRoutes } from './modules/identity/identity.legacy.routes.js';
import { formsAccountRoutes, formsRoutes } from './modules/forms/forms.routes.js';
import { ageVerificationAccountRoutes, ageVerificationRoutes } from './modules/age-verification/age-verification.routes.js';
import { consentRoutes } from './modules/consents/consents.routes.js';
import { ordersAdminRoutes } from './modules/orders/orders.admin.routes.js';
import { catalogAdminRoutes } from './modules/catalog/catalog.admin.routes.js';
import { orderInvoiceRoutes } from './modules/orders/orders.routes.js';
import { paymentsPlugin } from './modules/payments/payments.routes.js';
import { loyaltyPlugin } from './modules/loyalty/loyalty.jobs.js';
import { ordersJobsPlugin } from './modules/orders/orders.jobs.js';
import { cartJobsPlugin } from './modules/cart/cart.jobs.js';
import { referralRoutes } from './modules/referral/referral.routes.js';
import { packCodeRoutes } from './modules/pack-codes/pack-codes.routes.js';
import { tradeInRoutes } from './modules/trade-in/trade-in.routes.js';
import { locationRoutes } from './modules/location/location.routes.js';
import { platformConfigAdminRoutes, platformConfigRoutes } from './modules/platform-config/platform-config.routes.js';
import { leadAdminRoutes, leadRoutes } from './modules/leads/leads.routes.js';
import { marketingAccountRoutes, marketingLegacyRoutes, marketingOneClickRoutes, marketingRoutes } from './modules/marketing/marketing.routes.js';
import { subscriptionAdminRoutes, subscriptionRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { subscriptionsJobsPlugin } from './modules/subscriptions/subscriptions.jobs.js';
import { trialAdminRoutes, trialRoutes } from './modules/trials/trials.routes.js';
import { trialsJobsPlugin } from './modules/trials/trials.jobs.js';
import { searchJobsPlugin } from './modules/search/search.jobs.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { couponAdminRoutes, couponRoutes } from './modules/coupons/coupons.routes.js';
import { offlinePurchaseAdminRoutes } from './modules/offline-purchases/offline-purchases.routes.js';
import { operatorRoutes } from './modules/operators/operators.routes.js';
import { ageCheckConsoleRoutes } from './modules/age-verification/age-verification.console.routes.js';
import { subscriptionConsoleRoutes } from './modules/subscriptions/subscriptions.console.routes.js';
import { exportRoutes } from './platform/exports.routes.js';
import { couponConsoleRoutes } from './modules/cart/cart.console.routes.js';
import { catalogueConsoleRoutes } from './modules/catalog/catalog.console.routes.js';
import { catalogueEditorRoutes } from './modules/catalog/catalog.editor.routes.js';
import { catalogueMediaRoutes } from './modules/catalog/catalog.media.routes.js';
import { contentConsoleRoutes } from './modules/content/content.console.routes.js';
import { storeLocatorConsoleRoutes } from './modules/store-locator/store-locator.console.routes.js';
import { loyaltyConsoleRoutes } from './modules/loyalty/loyalty.console.routes.js';
import { complianceConsoleRoutes } from './modules/age-verification/compliance.console.routes.js';
import { identityAdminRoutes } from './modules/identity/identity.admin.routes.js';
import { identityConsoleRoutes } from './modules/identity/identity.console.routes.js';
import { ordersConsoleRoutes } from './modules/orders/orders.console.routes.js';
import { dashboardRoutes } from './console/dashboard.routes.js';
import { quizRoutes } from './modules/quizzes/quizzes.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { storeLocatorRoutes } from './modules/store-locator/store-locator.routes.js';
import { addressSuggestionRoutes } from './modules/address-suggestions/address-suggestions.routes.js';
import { buildServices, type Services } from './services.js';
import { Changes } from './platform/changes.js';
import { PageCache } from './storefront/page-cache.js';
import { RedisPageStore } from './storefront/page-store.js';
import { seoPlugin } from './storefront/seo.js';
import type { StorefrontPluginOptions } from './storefront/storefront.plugin.js';
import { returnRoutes } from './modules/returns/returns.routes.js';
import { returnAdminRoutes } from './modules/returns/returns.admin.routes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const STOREFRONT_BUILD = path.resolve(here, '../../storefront/build');

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
    config: Config;
    /** Set on SIGTERM: readiness fails so the balancer stops sending traffic. */
    draining: boolean;
    /** The cache of anonymous public pages; undefined when PAGE_CACHE_MB is 0. */
    pageCache: PageCache | undefined;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database to use (tests share one per worker); otherwise one is opened from config. */
  db?: Db;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests that read them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole shop (database, services, GraphQL, storefront) without listening. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Paths and query strings are logged with their secrets and personal data redacted (docs/decisions/0032).
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL, serializers: logSerializers, hooks: logHooks, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    logController: new AccessLogController(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    forceCloseConnections: 'idle',
    // X-Forwarded-For is believed for exactly TRUST_PROXY hops (0: never), so spoofed headers cannot mint new client addresses.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  // Error reporting, traces and request metrics first: the request's span is the parent of everything after (docs/decisions/0071).
  await setupObservability(app, config);

  const ownsDb = !opts.db;
  // Tracking each code path's transaction costs every promise a hook on Node 20 (docs/decisions/0050);
  // a database handed in (tests) keeps the guard it was opened with.
  const db = opts.db ?? (await openDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DB_POOL_SIZE, guard: config.txGuard }));
  await migrate(db);
  const seeded = config.SEED ? await seedIfEmpty(db) : false;
  const services = await buildServices(db, config);
  // The demo customers come with the demo brand, in TEST mode only (docs/decisions/0029).
  if (seeded) await seedDemoCustomers(db, services, config);
  // The search index follows the data it was built from: after a seed, a migration or a new version of a source, it is rebuilt before the first request.
  await inTransaction(db, (tx) => services.search.rebuild(tx));
  app.addHook('onClose', async () => services.close());

  // What the database announces as changed drops this process's copies of it (docs/decisions/0042).
  const changes = new Changes();
  const pageCache = config.PAGE_CACHE_MB > 0
    ? new PageCache({
      maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
      freshMs: config.PAGE_CACHE_FRESH_S * 1000,
      staleMs: config.PAGE_CACHE_STALE_S * 1000,
      // With REDIS_URL every instance shares the pages one of them rendered.
      shared: services.redis ? new RedisPageStore(services.redis, `${config.REDIS_PREFIX}pages:`) : undefined,
      onSharedError: (err) => app.log.warn({ err }, 'shared page cache unavailable'),
    })
    : undefined;
  changes.on((tags) => {
    if (tags.has('catalog') || tags.has('stock')) services.catalog.invalidate();
    if (tags.has('catalog') || tags.has('stock') || tags.has('config')) services.cart.invalidate();
    if (tags.has('config')) {
      services.stores.invalidate();
      services.checkout.invalidate();
      services.orders.invalidate();
      services.tradeIn.invalidate();
      services.location.invalidate();
      services.platformConfig.invalidate();
    }
    if (tags.has('content')) services.legal.invalidate();
    pageCache?.invalidate(tags);
  });
  // /metrics, with the pool, job and outbox figures read at scrape time.
  await registerMetrics(app, { config, db, outbox: () => services.messaging.pendingSummary() });
  if (config.CHANGES_LISTEN) await changes.start(db);
  app.addHook('onClose', async () => changes.close());
  app.decorate('pageCache', pageCache);

  // The one place a rolled-back transaction is logged: its code and attempt, never its data (platform/transaction.ts).
  onRollback((event) => (event.expected ? app.log.debug({ transaction: event }, 'transaction rolled back') : app.log.warn({ transaction: event }, 'transaction rolled back')));
  app.decorate('db', db);
  app.decorate('services', services);
  // /admin answers nothing, not even a validation error, to a request without an operator's credential;
  // only the sign-in itself is open (docs/decisions/0076). Before validation, after the cookies are read.
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/admin/') && !request.url.startsWith('/admin/session')) await services.operators.authenticate(request);
  });
  app.decorate('config', config);
  app.decorate('draining', false);
  if (ownsDb) app.addHook('onClose', async () => db.close());

  registerErrorHandling(app, async (request) => audienceOf(await services.stores.forRequest(request), request));
  await registerCompression(app);
  app.addHook('onSend', async (_request, reply) => {
    // Every answer quotes its request id, except a hashed asset's (immutable: nothing to report about
    // it, and it would weigh on every page's first scripts; the access log keeps the id).
    if (String(reply.getHeader('cache-control') ?? '').includes('immutable')) return;
    reply.header('x-request-id', _request.id);
  });
  // Helmet's headers, worked out once: the same on every answer (a document replaces the policy with
  // its own), so setting them costs a copy per request instead of running helmet's middleware.
  const security = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  // After the security headers, so they are on the edge's refusals too.
  registerRequestEdge(app, config);
  registerTenantCheck(app, services.stores);
  services.orders.useLog(app.log);

  await app.register(cookie);
  await registerOpenApi(app);
  await app.register(healthRoutes, { db, isDraining: () => app.draining });
  await app.register(graphqlPlugin, { config, db, services });
  await app.register(verificationRoutes);
  await app.register(messagingPlugin);
  await app.register(accountRoutes, { prefix: '/account', services, db });
  await app.register(legacyAccountRoutes, { prefix: '/account-legacy', services, db });
  await app.register(accountPrivacyRoutes, { prefix: '/account', services, db });
  await app.register(accountContactRoutes, { prefix: '/account', services, db });
  await app.register(profileRoutes, { prefix: '/profile', services, db });
  await app.register(consentRoutes, { services, db });
  await app.register(formsRoutes, { prefix: '/api/messaging', services });
  await app.register(formsAccountRoutes, { prefix: '/account', services });
  await app.register(marketingRoutes, { prefix: '/api/messaging', services });
  await app.register(marketingLegacyRoutes, { prefix: '/messaging-legacy', services });
  await app.register(marketingAccountRoutes, { prefix: '/account', services });
  await app.register(marketingOneClickRoutes, { services });
  await app.register(ageVerificationRoutes, { prefix: '/age-verification' });
  await app.register(ageVerificationAccountRoutes('second'), { prefix: '/account' });
  await app.register(ageVerificationAccountRoutes('legacy'), { prefix: '/account-legacy' });
  await app.register(ageVerificationAccountRoutes('profile'), { prefix: '/profile' });
  await app.register(orderInvoiceRoutes, { prefix: '/api', services, family: 'api' });
  await app.register(orderInvoiceRoutes, { prefix: '/account', services, family: 'account' });
  await app.register(orderInvoiceRoutes, { prefix: '/account-legacy', services, family: 'legacy' });
  // Operator endpoints: an operator's console session with the permission, or a script's bearer
  // ADMIN_TOKEN (docs/decisions/0076); every change lands in the audit log. The credential is checked
  // before anything of the request is validated (the hook after the decorations below).
  await app.register(operatorRoutes, { prefix: '/admin', services });
  await app.register(catalogAdminRoutes, { prefix: '/admin', db, services });
  await app.register(leadAdminRoutes, { prefix: '/admin', services });
  await app.register(subscriptionAdminRoutes, { prefix: '/admin', services });
  await app.register(trialAdminRoutes, { prefix: '/admin', services });
  await app.register(couponAdminRoutes, { prefix: '/admin', services });
  await app.register(offlinePurchaseAdminRoutes, { prefix: '/admin', services });
  await app.register(platformConfigAdminRoutes, { prefix: '/admin', services });
  await app.register(ageCheckConsoleRoutes, { prefix: '/admin', services });
  await app.register(subscriptionConsoleRoutes, { prefix: '/admin', services });
  await app.register(exportRoutes, { prefix: '/admin', services });
  await app.register(couponConsoleRoutes, { prefix: '/admin', services });
  await app.register(catalogueConsoleRoutes, { prefix: '/admin', services });
  await app.register(catalogueEditorRoutes, { prefix: '/admin', services });
  await app.register(contentConsoleRoutes, { prefix: '/admin', services });
  await app.register(storeLocatorConsoleRoutes, { prefix: '/admin', services });
  await app.register(loyaltyConsoleRoutes, { prefix: '/admin', services });
  await app.register(complianceConsoleRoutes, { prefix: '/admin', services });
  // The operator console's orders, customers and dashboard: an operator session or the bearer ADMIN_TOKEN (docs/decisions/0076).
  await app.register(ordersAdminRoutes, { prefix: '/admin', services, db });
  await app.register(identityAdminRoutes, { prefix: '/admin', services });
  await app.register(ordersConsoleRoutes, { prefix: '/admin', services, db });
  await app.register(identityConsoleRoutes, { prefix: '/admin', services, db });
  await app.register(dashboardRoutes, { prefix: '/admin', services, db });
  // Customer returns (docs/decisions/0077): the customer's at /api/returns, the operator console's at /admin/returns.
  await app.register(returnRoutes, { prefix: '/api/returns', services });
  await app.register(returnAdminRoutes, { prefix: '/admin', services });
  await app.register(paymentsPlugin);
  await app.register(loyaltyPlugin);
  await app.register(ordersJobsPlugin);
  await app.register(cartJobsPlugin);
  await app.register(referralRoutes, { prefix: '/referral', services });
  await app.register(packCodeRoutes, { prefix: '/api/me/products', services });
  await app.register(tradeInRoutes, { prefix: '/api/trade-in', services });
  await app.register(searchRoutes, { prefix: '/api/search', services });
  await app.register(couponRoutes, { prefix: '/coupons/external/providers', services });
  await app.register(locationRoutes, { prefix: '/api/location', services });
  await app.register(platformConfigRoutes, { prefix: '/api/platform', services });
  await app.register(leadRoutes, { prefix: '/api/leads', services });
  await app.register(subscriptionRoutes, { prefix: '/api/subscriptions', services });
  await app.register(subscriptionsJobsPlugin);
  await app.register(trialRoutes, { prefix: '/api/trials', services });
  await app.register(trialsJobsPlugin);
  await app.register(searchJobsPlugin);
  await app.register(quizRoutes, { prefix: '/api/quizzes', services });
  await app.register(devicesRoutes, { prefix: '/api/devices', services, botCheck: services.botCheck });
  await app.register(storeLocatorRoutes, { prefix: '/api/store-locator', services });
  await app.register(addressSuggestionRoutes, { prefix: '/api/address-suggestions', services });

  // robots.txt and the sitemaps, from configured origins only (docs/decisions/0064).
  await app.register(seoPlugin, { config, db, services, changes });

  // Uploaded product images, from the database (docs/decisions/0085).
  await app.register(catalogueMediaRoutes);
  const mediaDir = path.join(SEED_DIR, 'media');
  if (existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      allowedPath: (p) => /\.(svg|png|jpe?g|webp)$/.test(p),
      maxAge: '1d',
    });
  }

  // The operator console (apps/console) at /console, before the storefront's catch-all (docs/decisions/0076).
  await app.register((await import('./console/console.plugin.js')).default);
  const buildDir = config.STOREFRONT_BUILD_DIR ?? STOREFRONT_BUILD;
  if (existsSync(path.join(buildDir, 'server/index.js'))) {
    // Loaded only when a storefront build exists, so the API runs without one.
    const pluginModule: string = './storefront/storefront.plugin.js';
    const { default: storefrontPlugin } = (await import(pluginModule)) as { default: (app: FastifyInstance, o: StorefrontPluginOptions) => Promise<void> };
    await app.register(storefrontPlugin, { buildDir, graphqlUrl: config.PUBLIC_GRAPHQL_URL, pageCache });
  }
  return app;
}
