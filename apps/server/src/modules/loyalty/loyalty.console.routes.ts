import {
  LoyaltyArticleAdminParamsSchema, LoyaltyArticleAdminSchema, LoyaltyArticleCreateBodySchema, LoyaltyArticlePageSchema, LoyaltyArticlePublishBodySchema,
  LoyaltyArticleQuerySchema, LoyaltyArticleUpdateBodySchema, LoyaltyChoicesSchema, LoyaltyEarningRuleAdminSchema, LoyaltyEarningRuleCreateBodySchema,
  LoyaltyEarningRuleListSchema, LoyaltyEarningRuleParamsSchema, LoyaltyEarningRuleUpdateBodySchema, LoyaltyEmptyBodySchema, LoyaltyQrCodeAdminSchema, LoyaltyQrCodeCreateBodySchema,
  LoyaltyQrCodeDetailSchema, LoyaltyQrCodePageSchema, LoyaltyQrCodeParamsSchema, LoyaltyQrCodeQuerySchema, LoyaltyRewardAdminSchema,
  LoyaltyRewardCreateBodySchema, LoyaltyRewardPageSchema, LoyaltyRewardParamsSchema, LoyaltyRewardQuerySchema, LoyaltyRewardUpdateBodySchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { LoyaltyConsole } from './loyalty.console.js';

const tags = ['loyalty-admin'];

/**
 * The console's loyalty club at `/admin/loyalty` (docs/decisions/0088): rewards and campaigns,
 * earning rules, articles and QR codes. Everyone with the promotions reads (`promotions:read`:
 * owners, marketing, support); owners and marketing change (`promotions:write`). Every change is in
 * the audit log with the record before and after, written in the change's transaction.
 */
export async function loyaltyConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators, stores, search } = opts.services;
  const club = new LoyaltyConsole();
  const storeView = async (code: string | null | undefined) => (code ? stores.resolve(code) : null);

  app.get('/loyalty/choices', { schema: { tags, response: { 200: LoyaltyChoicesSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return club.choices(app.db);
  });

  // ---------- Rewards ----------

  app.get('/loyalty/rewards', { schema: { tags, querystring: LoyaltyRewardQuerySchema, response: { 200: LoyaltyRewardPageSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return club.rewards(app.db, request.query);
  });

  app.get('/loyalty/rewards/:uuid', { schema: { tags, params: LoyaltyRewardParamsSchema, response: { 200: LoyaltyRewardAdminSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return club.reward(app.db, request.params.uuid);
  });

  app.post('/loyalty/rewards', { schema: { tags, body: LoyaltyRewardCreateBodySchema, response: { 201: LoyaltyRewardAdminSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'promotions:write');
    const view = await storeView(request.body.store_code);
    const created = await inTransaction(app.db, async (tx) => {
      const r = await club.createReward(tx, request.body, view);
      await operators.audit(tx, actor, { action: 'loyalty_reward.create', entity_type: 'loyalty_reward', entity_id: r.uuid, after: r }, request.id);
      return r;
    });
    return reply.code(201).send(created);
  });

  app.put('/loyalty/rewards/:uuid', { schema: { tags, params: LoyaltyRewardParamsSchema, body: LoyaltyRewardUpdateBodySchema, response: { 200: LoyaltyRewardAdminSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'promotions:write');
    const view = await storeView(request.body.store_code);
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await club.updateReward(tx, request.params.uuid, request.body, view);
      await operators.audit(tx, actor, { action: 'loyalty_reward.update', entity_type: 'loyalty_reward', entity_id: after.uuid, before, after }, request.id);
      return after;
    });
  });

  // ---------- Earning rules ----------

  app.get('/loyalty/earning-rules', { schema: { tags, response: { 200: LoyaltyEarningRuleListSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return club.rules(app.db);
  });

  app.post('/loyalty/earning-rules', { schema: { tags, body: LoyaltyEarningRuleCreateBodySchema, response: { 201: LoyaltyEarningRuleAdminSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'promotions:write');
    const created = await inTransaction(app.db, async (tx) => {
      const r = await club.createRule(tx, request.body);
      await operators.audit(tx, actor, { action: 'loyalty_rule.create', entity_type: 'loyalty_rule', entity_id: r.event_name, after: r }, request.id);
      return r;
    });
    return reply.code(201).send(created);
  });

  app.put(
    '/loyalty/earning-rules/:event_name',
    { schema: { tags, params: LoyaltyEarningRuleParamsSchema, body: LoyaltyEarningRuleUpdateBodySchema, response: { 200: LoyaltyEarningRuleAdminSchema } } },
    async (request) => {
      const actor = await operators.authorize(request, 'promotions:write');
      return inTransaction(app.db, async (tx) => {
        const { before, after } = await club.updateRule(tx, request.params.event_name, request.body);
        await operators.audit(tx, actor, { action: 'loyalty_rule.update', entity_type: 'loyalty_rule', entity_id: after.event_name, before, after }, request.id);
        return after;
      });
    },
  );

  // ---------- Articles ----------

  app.get('/loyalty/articles', { schema: { tags, querystring: LoyaltyArticleQuerySchema, response: { 200: LoyaltyArticlePageSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return club.articles(app.db, request.query);
  });

  app.get('/loyalty/articles/:article_id', { schema: { tags, params: LoyaltyArticleAdminParamsSchema, response: { 200: LoyaltyArticleAdminSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return club.article(app.db, request.params.article_id);
  });

  app.post('/loyalty/articles', { schema: { tags, body: LoyaltyArticleCreateBodySchema, response: { 201: LoyaltyArticleAdminSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'promotions:write');
    const created = await inTransaction(app.db, async (tx) => {
      const a = await club.createArticle(tx, request.body);
      await operators.audit(tx, actor, { action: 'loyalty_article.create', entity_type: 'loyalty_article', entity_id: a.article_id, after: a }, request.id);
      return a;
    });
    return reply.code(201).send(created);
  });

  app.put(
    '/loyalty/articles/:article_id',
    { schema: { tags, params: LoyaltyArticleAdminParamsSchema, body: LoyaltyArticleUpdateBodySchema, response: { 200: LoyaltyArticleAdminSchema } } },
    async (request) => {
      const actor = await operators.authorize(request, 'promotions:write');
      return inTransaction(app.db, async (tx) => {
        const { before, after } = await club.updateArticle(tx, request.params.article_id, request.body);
        // The site search shows a published article's words: brought up to date with the change.
        await search.refresh(tx, 'loyalty-articles', [after.article_id]);
        await operators.audit(tx, actor, { action: 'loyalty_article.update', entity_type: 'loyalty_article', entity_id: after.article_id, before, after }, request.id);
        return after;
      });
    },
  );

  app.post(
    '/loyalty/articles/:article_id/publish',
    { schema: { tags, params: LoyaltyArticleAdminParamsSchema, body: LoyaltyArticlePublishBodySchema, response: { 200: LoyaltyArticleAdminSchema } } },
    async (request) => {
      const actor = await operators.authorize(request, 'promotions:write');
      return inTransaction(app.db, async (tx) => {
        const { before, after } = await club.publishArticle(tx, request.params.article_id, request.body.at);
        await search.refresh(tx, 'loyalty-articles', [after.article_id]);
        const action = after.state === 'draft' ? 'loyalty_article.unpublish' : 'loyalty_article.publish';
        await operators.audit(tx, actor, { action, entity_type: 'loyalty_article', entity_id: after.article_id, before: { published_at: before.published_at }, after: { published_at: after.published_at } }, request.id);
        return after;
      });
    },
  );

  // ---------- QR codes ----------

  app.get('/loyalty/qr-codes', { schema: { tags, querystring: LoyaltyQrCodeQuerySchema, response: { 200: LoyaltyQrCodePageSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return club.qrCodes(app.db, request.query);
  });

  app.get('/loyalty/qr-codes/:id', { schema: { tags, params: LoyaltyQrCodeParamsSchema, response: { 200: LoyaltyQrCodeDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return club.qrCodeDetail(app.db, request.params.id);
  });

  app.post('/loyalty/qr-codes', { schema: { tags, body: LoyaltyQrCodeCreateBodySchema, response: { 201: LoyaltyQrCodeAdminSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'promotions:write');
    const created = await inTransaction(app.db, async (tx) => {
      const q = await club.createQrCode(tx, request.body);
      await operators.audit(tx, actor, { action: 'loyalty_qr_code.create', entity_type: 'loyalty_qr_code', entity_id: q.id, after: q }, request.id);
      return q;
    });
    return reply.code(201).send(created);
  });

  app.post(
    '/loyalty/qr-codes/:id/disable',
    { schema: { tags, params: LoyaltyQrCodeParamsSchema, body: LoyaltyEmptyBodySchema, response: { 200: LoyaltyQrCodeAdminSchema } } },
    async (request) => {
      const actor = await operators.authorize(request, 'promotions:write');
      return inTransaction(app.db, async (tx) => {
        const { before, after } = await club.disableQrCode(tx, request.params.id);
        await operators.audit(tx, actor, { action: 'loyalty_qr_code.disable', entity_type: 'loyalty_qr_code', entity_id: after.id, before, after }, request.id);
        return after;
      });
    },
  );
}
