import { IdParamsSchema as Id, ReferralHistoryQuerySchema, ReferralSetParentBodySchema, ReferralVerifyBodySchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner, sessionToken } from '../identity/identity.auth.js';
import { inTransaction } from '../../platform/transaction.js';

const tags = ['referral'];

/** `/referral` (spec §7): status, the customer's code, verify, the referrer's stats and history, and setting parent_code. */
export async function referralRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { referral, identity, limiter } = opts.services;
  const ipFactor = scope.config.RATE_LIMIT_IP_FACTOR;

  app.get('/status', { schema: { tags } }, async () => referral.status());
  app.get('/customer/:id', { schema: { tags, params: Id } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return inTransaction(app.db, (tx) => referral.customer(tx, request.params.id));
  });
  app.post('/verify', { schema: { tags, body: ReferralVerifyBodySchema } }, async (request) => {
    const session = await identity.sessionFor(sessionToken(request));
    // Codes must not be guessable by trying: per client address, and per customer when signed in.
    await enforce(limiter, [
      { key: `referral:verify:ip:${clientIp(request)}`, limit: Math.round(30 * ipFactor), windowMs: 10 * 60_000 },
      ...(session ? [{ key: `referral:verify:user:${session.uuid}`, limit: 30, windowMs: 10 * 60_000 }] : []),
    ]);
    return referral.verify(request.body.code, session?.uuid ?? null);
  });
  app.get('/referrer/:id/stats', { schema: { tags, params: Id } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return inTransaction(app.db, (tx) => referral.stats(tx, request.params.id));
  });
  // The referrer's latest referrals (spec §9: five by default); owner as for the stats.
  app.get('/referrer/:id/history', { schema: { tags, params: Id, querystring: ReferralHistoryQuerySchema } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return inTransaction(app.db, (tx) => referral.history(tx, request.params.id, request.query.page, request.query.limit));
  });
  app.put('/customer', { schema: { tags, body: ReferralSetParentBodySchema } }, async (request) => {
    await requireOwner(identity, request, request.body.uuid);
    await enforce(limiter, [{ key: `referral:set:user:${request.body.uuid}`, limit: 10, windowMs: 10 * 60_000 }]);
    return inTransaction(app.db, (tx) => referral.setParent(tx, request.body.uuid, request.body.referral_code));
  });
}
