import { EmailSchema, NameSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner, sessionToken } from '../identity/identity.auth.js';

const tags = ['forms'];

const FieldValue = z.union([z.string().max(5000), z.number().finite(), z.boolean(), z.null(), z.array(z.string().max(500)).max(20)]);
const Payload = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'field names are letters, digits, _ . -'), FieldValue)
  .refine((p) => Object.keys(p).length <= 50, 'at most 50 fields');

const FormBody = z.strictObject({
  user: z.string().uuid().optional(),
  type: z.enum(['CONTACT', 'COMPLAINT', 'FEEDBACK']).default('CONTACT'),
  channel: z.enum(['web', 'app', 'email', 'phone', 'store']).default('web'),
  payload: Payload,
  collection_point_token: z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/).optional(),
  consent_purposes: z.array(z.string().regex(/^[a-z][a-z0-9_]{1,63}$/)).max(20).default([]),
  data_subject: z
    .strictObject({ email: EmailSchema.optional(), first_name: NameSchema.optional(), last_name: NameSchema.optional(), phone: z.string().trim().min(5).max(32).regex(/^[+0-9 ()-]+$/).optional() })
    .optional(),
});

const Submission = z.object({ uuid: z.string(), reference: z.string(), type: z.string(), created_at: z.string() });

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
    const created = await forms.submit(input, { account, storeCode: store.code, language: store.language, ip: clientIp(request) });
    return reply.status(201).send(created);
  });
}

/** `GET /account/users/{uuid}/complaints`: whether the customer has filed a complaint. */
export async function formsAccountRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { identity, forms } = opts.services;
  app.get(
    '/users/:uuid/complaints',
    { schema: { tags: ['account'], params: z.strictObject({ uuid: z.string().uuid() }), response: { 200: z.object({ has_complaints: z.boolean() }) } } },
    async (request) => {
      await requireOwner(identity, request, request.params.uuid);
      return { has_complaints: await forms.hasComplaints(request.params.uuid) };
    },
  );
}
