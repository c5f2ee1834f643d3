import {
  IdParamsSchema as Id, LoyaltyArticleBodySchema, LoyaltyArticleParamsSchema, LoyaltyCurrencyBodySchema, LoyaltyEmptyBodySchema,
  LoyaltyEventNameParamsSchema, LoyaltyHistoryBodySchema, LoyaltyLegacyOrderParamsSchema, LoyaltyOrderIdParamsSchema,
  LoyaltyPagingSchema as Paging, LoyaltyPrizeBodySchema, LoyaltyProductPointsQuerySchema, LoyaltyQrBodySchema, LoyaltyQrParamsSchema,
  LoyaltyQrReadBodySchema, LoyaltyRedeemBodySchema, LoyaltyRuleNameParamsSchema, LoyaltySkuParamsSchema, LoyaltySkuSchema as Sku, UuidParamsSchema as Uuid,
} from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { publicAnswer, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner, requireSession, sessionToken } from '../identity/identity.auth.js';
import { inTransaction } from '../../platform/transaction.js';

const tags = ['loyalty'];

/**
 * Loyalty answers only in markets whose feature flag is the string "true"; configuration (and the
 * legacy status) always answer so the storefront can read the flag.
 */
function marketGuard(services: Services, open: string[]) {
  return async (request: FastifyRequest) => {
    const path = request.routeOptions.url ?? '';
    if (open.some((o) => path.endsWith(o))) return;
    const view = await services.stores.forRequest(request);
    if (!(await services.loyalty.enabledIn(view.code))) throw new AppError('NOT_AVAILABLE', 'The loyalty club is not available in this store');
  };
}

/** The language loyalty texts are answered in: the store view's (`Store` header). */
async function languageOf(services: Services, request: FastifyRequest): Promise<string> {
  return (await services.stores.forRequest(request)).language;
}

async function optionalUser(services: Services, request: FastifyRequest): Promise<string | null> {
  return (await services.identity.sessionFor(sessionToken(request)))?.uuid ?? null;
}

/** `/api/loyalty`: the current loyalty family (spec §7). Consumers come from the session, never the URL alone. */
export async function loyaltyRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { services } = opts;
  const { loyalty, identity, stores } = services;
  app.addHook('preHandler', marketGuard(services, ['/configuration']));

  app.get('/configuration', { schema: { tags } }, async (request, reply) => {
    const config = await loyalty.configuration((await stores.forRequest(request)).code);
    publicAnswer(reply);
    return config;
  });
  app.get('/tiers', { schema: { tags } }, async (request) => ({ items: await loyalty.tiers(await languageOf(services, request)) }));
  app.get('/earnings', { schema: { tags } }, async (request) => ({ items: await loyalty.earningRules(undefined, await languageOf(services, request)) }));
  app.get('/earning-rule/:event_name', { schema: { tags, params: LoyaltyEventNameParamsSchema } }, async (request) =>
    loyalty.earningRule(request.params.event_name, await languageOf(services, request)),
  );
  app.get('/consumers/:uuid', { schema: { tags, params: Uuid } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return loyalty.summary(request.params.uuid, await languageOf(services, request));
  });
  app.get('/consumers/:uuid/points', { schema: { tags, params: Uuid, querystring: Paging } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return loyalty.history(request.params.uuid, request.query.page, request.query.perPage);
  });
  app.get('/rewards', { schema: { tags } }, async (request) => {
    const view = await stores.forRequest(request);
    return { items: await loyalty.rewards(view.code, await optionalUser(services, request), view.language) };
  });
  app.get('/tier', { schema: { tags } }, async (request) =>
    loyalty.tierOf((await requireSession(identity, request)).uuid, undefined, await languageOf(services, request)),
  );
  app.get('/orders/:order_id', { schema: { tags, params: LoyaltyOrderIdParamsSchema } }, async (request) =>
    loyalty.orderInfo((await requireSession(identity, request)).uuid, request.params.order_id),
  );
  app.get('/earnings/qr-code/:id', { schema: { tags, params: LoyaltyQrParamsSchema } }, async (request) =>
    loyalty.qrCode(request.params.id, await optionalUser(services, request)),
  );
  app.get('/articles', { schema: { tags } }, async (request) => ({
    items: await loyalty.articles(await optionalUser(services, request), await languageOf(services, request)),
  }));
  app.get('/articles/:article_id', { schema: { tags, params: LoyaltyArticleParamsSchema } }, async (request) =>
    loyalty.article(request.params.article_id, await optionalUser(services, request), await languageOf(services, request)),
  );
  app.get('/products/points', { schema: { tags, querystring: LoyaltyProductPointsQuerySchema } }, async (request, reply) => {
    const skus = [...new Set(request.query.skus.split(',').map((s) => s.trim()).filter(Boolean))];
    if (skus.length > 100 || skus.some((s) => !Sku.safeParse(s).success)) throw new AppError('VALIDATION_FAILED', 'skus: up to 100 comma-separated SKUs');
    const items = await loyalty.productPoints((await stores.forRequest(request)).code, skus);
    publicAnswer(reply);
    return { items };
  });

  app.post('/consumers/:uuid/earnings/article', { schema: { tags, params: Uuid, body: LoyaltyArticleBodySchema } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    const language = await languageOf(services, request);
    return inTransaction(app.db, (tx) => loyalty.readArticle(tx, request.params.uuid, request.body.article_id, language));
  });
  app.post('/consumers/:uuid/earnings/qr-code', { schema: { tags, params: Uuid, body: LoyaltyQrBodySchema } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return inTransaction(app.db, (tx) => loyalty.scanQrCode(tx, request.params.uuid, request.body.qr_code_id));
  });
  app.post(
    '/consumers/:uuid/reward',
    { schema: { tags, params: Uuid, body: LoyaltyRedeemBodySchema } },
    async (request, reply) => {
      await requireOwner(identity, request, request.params.uuid);
      const store = await stores.forRequest(request);
      const result = await inTransaction(app.db, (tx) => loyalty.redeem(tx, request.params.uuid, request.body.reward_uuid, request.body.quantity, store.code, store.language));
      return reply.status(201).send(result);
    },
  );
}

/** `/loyalty-legacy`: the legacy family, thin adapters over the same loyalty functions. */
export async function legacyLoyaltyRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { services } = opts;
  const { loyalty, identity, stores } = services;
  app.addHook('preHandler', marketGuard(services, ['/status']));

  app.get('/status', { schema: { tags } }, async (request) => {
    const config = await loyalty.configuration((await stores.forRequest(request)).code);
    return { enabled: config.enabled, timeout: config.timeout };
  });
  app.get('/articles', { schema: { tags } }, async (request) => ({ items: await loyalty.articles(null, await languageOf(services, request)) }));
  app.get('/customer/:id/articles', { schema: { tags, params: Id } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return { items: await loyalty.articles(request.params.id, await languageOf(services, request)) };
  });
  app.post('/articles/read', { schema: { tags, body: LoyaltyArticleBodySchema } }, async (request) => {
    const { uuid } = await requireSession(identity, request);
    const language = await languageOf(services, request);
    return inTransaction(app.db, (tx) => loyalty.readArticle(tx, uuid, request.body.article_id, language));
  });
  app.get('/points', { schema: { tags } }, async (request) => {
    const s = await loyalty.summary((await requireSession(identity, request)).uuid);
    return { points: s.points, pending_points: s.pending_points, points_to_expire: s.points_to_expire, expire_at: s.expire_at };
  });
  app.get('/product/:sku/points', { schema: { tags, params: LoyaltySkuParamsSchema } }, async (request) => {
    const [p] = await loyalty.productPoints((await stores.forRequest(request)).code, [request.params.sku]);
    return p;
  });
  app.post(
    '/customers/:id/eligible-campaigns',
    { schema: { tags, params: Id, body: LoyaltyCurrencyBodySchema } },
    async (request) => {
      await requireOwner(identity, request, request.params.id);
      const view = await stores.forRequest(request);
      const items = await loyalty.rewards(view.code, request.params.id, view.language);
      return { items: items.filter((r) => r.kind === 'campaign' && r.is_eligible && (!request.body.currency || r.currency === request.body.currency)) };
    },
  );
  app.post('/customers/:id/points/history', { schema: { tags, params: Id, body: LoyaltyHistoryBodySchema } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return loyalty.history(request.params.id, request.body.page, request.body.perPage);
  });
  app.post('/events/referrer', { schema: { tags, body: LoyaltyEmptyBodySchema } }, async (request) => {
    const { uuid } = await requireSession(identity, request);
    return inTransaction(app.db, (tx) => services.referral.replayReferrerCredit(tx, uuid));
  });
  app.get('/tiers', { schema: { tags } }, async (request) => ({ items: await loyalty.tiers(await languageOf(services, request)) }));
  app.get('/profile/:id', { schema: { tags, params: Id } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return loyalty.summary(request.params.id, await languageOf(services, request));
  });
  app.get('/customer/:id/tier', { schema: { tags, params: Id } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return loyalty.tierOf(request.params.id, undefined, await languageOf(services, request));
  });
  app.get('/orders/:id', { schema: { tags, params: LoyaltyLegacyOrderParamsSchema } }, async (request) =>
    loyalty.orderInfo((await requireSession(identity, request)).uuid, request.params.id),
  );
  app.get('/prizes', { schema: { tags } }, async (request) => {
    const view = await stores.forRequest(request);
    return { items: (await loyalty.rewards(view.code, await optionalUser(services, request), view.language)).filter((r) => r.kind === 'reward') };
  });
  app.post(
    '/prizes/buy',
    { schema: { tags, body: LoyaltyPrizeBodySchema } },
    async (request, reply) => {
      await requireOwner(identity, request, request.body.consumer_uuid);
      const store = await stores.forRequest(request);
      const result = await inTransaction(app.db, (tx) => loyalty.redeem(tx, request.body.consumer_uuid, request.body.prize_uuid, request.body.qty, store.code, store.language));
      return reply.status(201).send(result);
    },
  );
  app.get('/earningRules/:name', { schema: { tags, params: LoyaltyRuleNameParamsSchema } }, async (request) =>
    loyalty.earningRule(request.params.name, await languageOf(services, request)),
  );
  app.get('/qr-code/:id', { schema: { tags, params: LoyaltyQrParamsSchema } }, async (request) =>
    loyalty.qrCode(request.params.id, await optionalUser(services, request)),
  );
  app.post('/qr-code/read', { schema: { tags, body: LoyaltyQrReadBodySchema } }, async (request) => {
    const { uuid } = await requireSession(identity, request);
    return inTransaction(app.db, (tx) => loyalty.scanQrCode(tx, uuid, request.body.qr_id));
  });
  app.get('/achievements/:id', { schema: { tags, params: Id } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return { items: await loyalty.achievements(request.params.id) };
  });
}
