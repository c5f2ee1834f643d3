import { ComplaintsStatusSchema, FormSubmissionBodySchema as FormBody, FormSubmissionSchema as Submission, UuidParamsSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner, sessionToken } from '../identity/identity.auth.js';
import { inTransaction } from '../../platform/transaction.js';

const tags = ['forms'];

/** `POST /api/messaging/forms`: anyone may write; a signed-in customer's session (never the body's `user`) links the submission. */
export async function formsRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { identity, stores, forms, formLimits } = opts.services;

  app.post('/forms', { schema: { tags, body: FormBody, response: { 201: Submission } } }, async (request, reply) => {
    const { user, ...input } = request.body;
    const session = await identity.sessionFor(sessionToken(request));
    // A `user` naming someone other than the session's customer makes the submission anonymous data, not theirs.
    const linked = session && (!user || user === session.uuid) ? session.uuid : null;
    const account = linked ? { uuid: linked, email: (await identity.profile(linked)).personalInfo.email } : null;
    await formLimits.submit(request, account?.email ?? input.data_subject?.email ?? null);
    const store = await stores.forRequest(request);
    const created = await inTransaction(scope.db, (tx) => forms.submit(tx, input, { account, storeCode: store.code, language: store.language, ip: clientIp(request) }));
    return reply.status(201).send(created);
  });
}

/** `GET /account/users/{uuid}/complaints`: whether the customer has filed a complaint. */
export async function formsAccountRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { identity, forms } = opts.services;
  app.get(
    '/users/:uuid/complaints',
    { schema: { tags: ['account'], params: UuidParamsSchema, response: { 200: ComplaintsStatusSchema } } },
    async (request) => {
      await requireOwner(identity, request, request.params.uuid);
      return { has_complaints: await forms.hasComplaints(request.params.uuid) };
    },
  );
}
