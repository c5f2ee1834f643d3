import { ConsentChangesSchema as ConsentChanges, ConsentPurposesQuerySchema as PurposesQuery, UuidParamsSchema as Uuid } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import type { Db } from '../../platform/db.js';
import { requireOwner } from '../identity/identity.auth.js';
import { inTransaction } from '../../platform/transaction.js';

const tags = ['consents'];

/** Consent purposes (public) and a customer's consents (owner only), at /consent and under /account/users. */
export async function consentRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
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
      return inTransaction(opts.db, (tx) => consents.update(tx, request.params.uuid, request.body.consents, { source: 'customer', ip: clientIp(request) }));
    });
  }
}
