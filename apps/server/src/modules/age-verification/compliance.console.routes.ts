import {
  ConsentTextsUpdateSchema, ConsolePurposeDetailSchema, ConsolePurposeListSchema, ConsolePurposeParamsSchema, MarketParamsSchema, MarketRulesListSchema,
  MarketRulesSchema, MarketRulesUpdateSchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { changeConsentTexts, changeMarketRules, consentPurpose, consentPurposes, marketRules } from '../../workflows/compliance-rules.js';

const tags = ['compliance'];

/**
 * The console's compliance rules (docs/decisions/0083): markets' selling rules at
 * `/admin/compliance/markets` and consent texts with their versions at `/admin/compliance/consents`.
 */
export async function complianceConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators } = opts.services;

  app.get('/compliance/markets', { schema: { tags, response: { 200: MarketRulesListSchema } } }, async (request) => {
    await operators.authorize(request, 'compliance:read');
    return { items: await marketRules(app.db) };
  });

  app.put('/compliance/markets/:store', { schema: { tags, params: MarketParamsSchema, body: MarketRulesUpdateSchema, response: { 200: MarketRulesSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'compliance:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await changeMarketRules(tx, request.params.store, request.body);
      await operators.audit(tx, actor, { action: 'market.rules', entity_type: 'store_view', entity_id: after.store_code, before, after: { ...after, reason: request.body.reason } }, request.id);
      return after;
    });
  });

  app.get('/compliance/consents', { schema: { tags, response: { 200: ConsolePurposeListSchema } } }, async (request) => {
    await operators.authorize(request, 'compliance:read');
    return { items: await consentPurposes(app.db) };
  });

  app.get('/compliance/consents/:id', { schema: { tags, params: ConsolePurposeParamsSchema, response: { 200: ConsolePurposeDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'compliance:read');
    return consentPurpose(app.db, request.params.id);
  });

  app.put('/compliance/consents/:id', { schema: { tags, params: ConsolePurposeParamsSchema, body: ConsentTextsUpdateSchema, response: { 200: ConsolePurposeDetailSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'compliance:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await changeConsentTexts(tx, request.params.id, request.body, actor.label);
      await operators.audit(tx, actor, {
        action: request.body.new_version ? 'consent.new_version' : 'consent.correct_text', entity_type: 'consent_purpose', entity_id: request.params.id,
        before: { version: before.version, texts: before.texts }, after: { version: after.version, texts: after.texts },
      }, request.id);
      return after;
    });
  });
}
