import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner } from '../identity/identity.auth.js';

const tags = ['consents'];
const Category = z.enum(['email', 'sms', 'post', 'survey', 'additional', 'GDPR']);
const PurposesQuery = z.strictObject({
  language: z.string().regex(/^[a-z]{2}$/).default('en'),
  step: z.string().regex(/^[a-z_]{1,32}$/).optional(),
  context: z.string().regex(/^[a-z_]{1,32}$/).optional(),
  category: Category.optional(),
});
const ConsentChanges = z.strictObject({
  consents: z.array(z.strictObject({ purpose_id: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/), granted: z.boolean() })).min(1).max(50),
});
const Uuid = z.strictObject({ uuid: z.string().uuid() });

/** Consent purposes (public) and a customer's consents (owner only), at /consent and under /account/users. */
export async function consentRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { consents, identity } = opts.services;

  for (const path of ['/consent/purposes', '/consent/consents']) {
    app.get(path, { schema: { tags, querystring: PurposesQuery } }, async (request) => {
      const q = request.query;
      return consents.purposes(q.language, { step: q.step ?? q.context, category: q.category });
    });
  }

  for (const prefix of ['/consent/users', '/account/users']) {
    app.get(`${prefix}/:uuid/consents`, { schema: { tags, params: Uuid } }, async (request) => {
      await requireOwner(identity, request, request.params.uuid);
      return consents.userConsents(request.params.uuid);
    });
    app.patch(`${prefix}/:uuid/consents`, { schema: { tags, params: Uuid, body: ConsentChanges } }, async (request) => {
      await requireOwner(identity, request, request.params.uuid);
      return consents.update(request.params.uuid, request.body.consents, { source: 'customer', ip: clientIp(request) });
    });
  }
}
