import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner, sessionToken } from '../identity/identity.auth.js';

const tags = ['referral'];
const Id = z.strictObject({ id: z.string().uuid() });
const Code = z.string().trim().min(1).max(32);

/** `/referral` (spec §7): status, the customer's code, verify, the referrer's stats, and setting parent_code. */
export async function referralRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { referral, identity } = opts.services;

  app.get('/status', { schema: { tags } }, async () => referral.status());
  app.get('/customer/:id', { schema: { tags, params: Id } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return referral.customer(request.params.id);
  });
  app.post('/verify', { schema: { tags, body: z.strictObject({ code: Code }) } }, async (request) => {
    const session = await identity.sessionFor(sessionToken(request));
    return referral.verify(request.body.code, session?.uuid ?? null);
  });
  app.get('/referrer/:id/stats', { schema: { tags, params: Id } }, async (request) => {
    await requireOwner(identity, request, request.params.id);
    return referral.stats(request.params.id);
  });
  app.put('/customer', { schema: { tags, body: z.strictObject({ uuid: z.string().uuid(), referral_code: Code }) } }, async (request) => {
    await requireOwner(identity, request, request.body.uuid);
    return app.db.transaction((tx) => referral.setParent(tx, request.body.uuid, request.body.referral_code));
  });
}
