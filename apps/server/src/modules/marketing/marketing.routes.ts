import {
  AccountNewsletterSchema, AccountNewsletterSubscribeBodySchema, LegacyUnsubscribeBodySchema, MarketingAcceptedSchema, MarketingStoreTokenParamsSchema,
  MarketingSubscribeBodySchema, MarketingSubscriberParamsSchema, MarketingSubscriptionViewSchema, MarketingTokenParamsSchema, OneClickUnsubscribeBodySchema,
  UuidParamsSchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { servesMarketing } from '../../config.js';
import { clientIp, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { requireOwner, requireSession } from '../identity/identity.auth.js';
import { marketingLimits } from './marketing.limits.js';

const tags = ['marketing'];

/**
 * `/api/messaging/marketing-communications` (spec §7 "Marketing and forms"): the newsletter's sign-up
 * (202 whatever the address's state), the confirmation and unsubscribe links, and a signed-in customer's
 * DELETE of their own subscription.
 */
export async function marketingRoutes(scope: FastifyInstance, opts: { services: Services }) {
  if (!servesMarketing(scope.config)) return;
  const app = restScope(scope);
  const { marketing, stores, identity, limiter } = opts.services;
  const limits = marketingLimits(limiter, scope.config.RATE_LIMIT_IP_FACTOR);
  const base = '/marketing-communications';

  app.post(base, { schema: { tags, body: MarketingSubscribeBodySchema, response: { 202: MarketingAcceptedSchema } } }, async (request, reply) => {
    await limits.subscribe(request, request.body.email);
    const view = await stores.forRequest(request);
    const answer = await inTransaction(app.db, (tx) => marketing.subscribe(tx, view, request.body, { source: 'api', ip: clientIp(request) }));
    return reply.code(202).send(answer);
  });

  app.delete(`${base}/:subscriberUuid`, { schema: { tags, params: MarketingSubscriberParamsSchema, response: { 200: MarketingSubscriptionViewSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    return inTransaction(app.db, (tx) => marketing.unsubscribeById(tx, request.params.subscriberUuid, session.uuid, { source: 'api', ip: clientIp(request) }));
  });

  app.post(`${base}/confirm/:token`, { schema: { tags, params: MarketingTokenParamsSchema, response: { 200: MarketingSubscriptionViewSchema } } }, async (request) => {
    await limits.link(request);
    return inTransaction(app.db, (tx) => marketing.confirm(tx, request.params.token, { source: 'confirmation_link', ip: clientIp(request) }));
  });

  app.get(`${base}/unsubscribe/:token`, { schema: { tags, params: MarketingTokenParamsSchema, response: { 200: MarketingSubscriptionViewSchema } } }, async (request) => {
    await limits.link(request);
    return marketing.linkView(app.db, request.params.token);
  });

  app.post(`${base}/unsubscribe/:token`, { schema: { tags, params: MarketingTokenParamsSchema, response: { 200: MarketingSubscriptionViewSchema } } }, async (request) => {
    await limits.link(request);
    return inTransaction(app.db, (tx) => marketing.unsubscribeByLink(tx, request.params.token, { source: 'unsubscribe_page', ip: clientIp(request) }));
  });
}

/** `/messaging-legacy` (spec §7 legacy `POST /subscribe` and `/unsubscribe`): the same service; unsubscribing takes an e-mail's link token. */
export async function marketingLegacyRoutes(scope: FastifyInstance, opts: { services: Services }) {
  if (!servesMarketing(scope.config)) return;
  const app = restScope(scope);
  const { marketing, stores, limiter } = opts.services;
  const limits = marketingLimits(limiter, scope.config.RATE_LIMIT_IP_FACTOR);

  app.post('/subscribe', { schema: { tags: ['marketing-legacy'], body: MarketingSubscribeBodySchema, response: { 202: MarketingAcceptedSchema } } }, async (request, reply) => {
    await limits.subscribe(request, request.body.email);
    const view = await stores.forRequest(request);
    const answer = await inTransaction(app.db, (tx) => marketing.subscribe(tx, view, request.body, { source: 'legacy', ip: clientIp(request) }));
    return reply.code(202).send(answer);
  });

  app.post('/unsubscribe', { schema: { tags: ['marketing-legacy'], body: LegacyUnsubscribeBodySchema, response: { 200: MarketingSubscriptionViewSchema } } }, async (request) => {
    await limits.link(request);
    return inTransaction(app.db, (tx) => marketing.unsubscribeByLink(tx, request.body.token, { source: 'legacy', ip: clientIp(request) }));
  });
}

/** `/account/users/{uuid}/newsletter` (owner only): the account's newsletter in the `Store` header's store view. */
export async function marketingAccountRoutes(scope: FastifyInstance, opts: { services: Services }) {
  if (!servesMarketing(scope.config)) return;
  const app = restScope(scope);
  const { marketing, stores, identity, limiter } = opts.services;
  const limits = marketingLimits(limiter, scope.config.RATE_LIMIT_IP_FACTOR);
  const path = '/users/:uuid/newsletter';

  app.get(path, { schema: { tags, params: UuidParamsSchema, response: { 200: AccountNewsletterSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return marketing.accountStatus(app.db, await stores.forRequest(request), request.params.uuid);
  });

  app.post(path, { schema: { tags, params: UuidParamsSchema, body: AccountNewsletterSubscribeBodySchema, response: { 200: AccountNewsletterSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    await limits.account(request);
    const view = await stores.forRequest(request);
    return inTransaction(app.db, (tx) => marketing.subscribeAccount(tx, view, request.params.uuid, request.body.consentVersion, { source: 'account', ip: clientIp(request) }));
  });

  app.delete(path, { schema: { tags, params: UuidParamsSchema, response: { 200: AccountNewsletterSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    const view = await stores.forRequest(request);
    return inTransaction(app.db, (tx) => marketing.unsubscribeAccount(tx, view, request.params.uuid, { source: 'account', ip: clientIp(request) }));
  });
}

/**
 * `POST /{store}/unsubscribe/{token}`: the RFC 8058 one-click unsubscribe a mail client posts to an
 * e-mail's List-Unsubscribe link (`List-Unsubscribe=One-Click`, form-encoded, no cookie, no login);
 * a GET of the same link is the storefront's unsubscribe page. Idempotent.
 */
export async function marketingOneClickRoutes(scope: FastifyInstance, opts: { services: Services }) {
  if (!servesMarketing(scope.config)) return;
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const app = restScope(scope);
  const { marketing, limiter } = opts.services;
  const limits = marketingLimits(limiter, scope.config.RATE_LIMIT_IP_FACTOR);

  app.post('/:store/unsubscribe/:token', {
    schema: { tags, summary: 'One-click unsubscribe (RFC 8058)', params: MarketingStoreTokenParamsSchema, body: OneClickUnsubscribeBodySchema, response: { 200: MarketingSubscriptionViewSchema } },
  }, async (request) => {
    await limits.link(request);
    return inTransaction(app.db, (tx) => marketing.unsubscribeByLink(tx, request.params.token, { source: 'one_click', ip: clientIp(request) }));
  });
}
