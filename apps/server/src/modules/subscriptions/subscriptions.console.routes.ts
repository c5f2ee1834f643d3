import {
  SubscriptionConsoleDetailSchema, SubscriptionConsolePageSchema, SubscriptionConsoleQuerySchema, SubscriptionParamsSchema,
  TrialConsoleDetailSchema, TrialConsolePageSchema, TrialConsoleQuerySchema, TrialParamsSchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

const tags = ['subscriptions-admin'];

/**
 * The console's subscriptions and trials area (docs/decisions/0079): lists and details; the changes
 * are the existing operator routes (`/admin/subscriptions/{id}/status`, `…/renew`, `/admin/trials/{id}/status`).
 */
export async function subscriptionConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { subscriptions, trials, operators } = opts.services;

  app.get('/subscriptions', { schema: { tags, querystring: SubscriptionConsoleQuerySchema, response: { 200: SubscriptionConsolePageSchema } } }, async (request) => {
    await operators.authorize(request, 'subscriptions:read');
    return subscriptions.consoleList(app.db, request.query);
  });

  app.get('/subscriptions/:id', { schema: { tags, params: SubscriptionParamsSchema, response: { 200: SubscriptionConsoleDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'subscriptions:read');
    return subscriptions.consoleDetail(app.db, request.params.id);
  });

  app.get('/trials', { schema: { tags: ['trials-admin'], querystring: TrialConsoleQuerySchema, response: { 200: TrialConsolePageSchema } } }, async (request) => {
    await operators.authorize(request, 'subscriptions:read');
    return trials.consoleList(app.db, request.query);
  });

  app.get('/trials/:id', { schema: { tags: ['trials-admin'], params: TrialParamsSchema, response: { 200: TrialConsoleDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'subscriptions:read');
    return trials.consoleDetail(app.db, request.params.id);
  });
}
