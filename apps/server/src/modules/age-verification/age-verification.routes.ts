import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp, restScope } from '../../platform/rest.js';
import { runWhileUp } from '../../platform/jobs.js';
import { requireOwner, requireSession, sessionToken } from '../identity/identity.auth.js';
import { SIGNATURE_HEADER, TEST_PROVIDER } from './age-verification.provider.js';
import {
  AccountAgeSchema,
  AgeVerificationAttachBodySchema as AttachBodySchema,
  AgeVerificationCountryParamsSchema as CountryParamsSchema,
  AgeVerificationHiddenQuerySchema as HiddenQuerySchema,
  AgeVerificationInitAsyncBodySchema as InitAsyncBodySchema,
  AgeVerificationInitAsyncResponseSchema as InitAsyncResponseSchema,
  AgeVerificationMethodsResponseSchema as MethodsResponseSchema,
  AgeVerificationProviderParamsSchema as ProviderParamsSchema,
  AgeVerificationReferenceParamsSchema as ReferenceParamsSchema,
  AgeVerificationUuidParamsSchema as UuidParamsSchema,
  AgeVerificationSchema as VerificationSchema,
  AgeVerifyBodySchema as VerifyBodySchema,
  AgeVerificationWorkflowSubmitSchema as WorkflowSubmitSchema,
} from '@ember/contracts';
import type { z } from 'zod';
import { inTransaction, transactionsOn } from '../../platform/transaction.js';

const TAG = ['age verification'];
const CALLBACK_INTERVAL_MS = 250;

/** The age-verification service (spec §7) at /age-verification, with the TEST provider's pages and callback worker. */
export async function ageVerificationRoutes(app: FastifyInstance): Promise<void> {
  const { db, services, config } = app;
  const av = services.ageVerification;

  const optionalSession = async (request: FastifyRequest) => (await services.identity.sessionFor(sessionToken(request)))?.uuid ?? null;

  await app.register(async (scope) => {
    const r = restScope(scope);

    r.get(
      '/available-methods/:country',
      { schema: { tags: TAG, summary: 'Age-verification methods of a country', params: CountryParamsSchema, response: { 200: MethodsResponseSchema } } },
      async (request) => {
        const country = request.params.country.toUpperCase();
        return { country_code: country, minimum_age: await av.minimumAge(db, country), methods: await av.availableMethods(db, country) };
      },
    );

    r.get(
      '/has-hidden-verification',
      { schema: { tags: TAG, summary: 'Whether the country (default: the store view’s) verifies silently from data the shop holds', querystring: HiddenQuerySchema } },
      async (request) => {
        const country = request.query.country ?? (await services.stores.forRequest(request)).default_country;
        return { has_hidden_verification: await av.hasHiddenVerification(db, country.toUpperCase()) };
      },
    );

    r.post(
      '/verify',
      { schema: { tags: TAG, summary: 'Run a synchronous method (database or hidden check)', body: VerifyBodySchema, response: { 200: VerificationSchema } } },
      async (request) => {
        const [store, sessionUuid] = await Promise.all([services.stores.forRequest(request), optionalSession(request)]);
        return inTransaction(db, (tx) => av.verify(tx, { ...request.body, store, sessionUuid, ip: clientIp(request) }));
      },
    );

    r.post(
      '/init-async-verification',
      { schema: { tags: TAG, summary: 'Open a provider workflow (document or bank check)', body: InitAsyncBodySchema, response: { 201: InitAsyncResponseSchema } } },
      async (request, reply) => {
        const [store, sessionUuid] = await Promise.all([services.stores.forRequest(request), optionalSession(request)]);
        return reply.status(201).send(await inTransaction(db, (tx) => av.initAsync(tx, { ...request.body, store, sessionUuid, ip: clientIp(request) })));
      },
    );

    r.get(
      '/verifications/:uuid',
      { schema: { tags: TAG, summary: 'State of a verification', params: UuidParamsSchema, response: { 200: VerificationSchema } } },
      async (request) => av.status(db, request.params.uuid, await optionalSession(request)),
    );

    r.get(
      '/status',
      { schema: { tags: TAG, summary: 'The signed-in customer’s age state', response: { 200: AccountAgeSchema } } },
      async (request) => av.accountStatus(db, (await requireSession(services.identity, request)).uuid),
    );
  });

  // Provider callbacks: the signature covers the exact bytes, so the body is kept as a string.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, body));
    const r = restScope(scope);
    r.post('/callbacks/:provider', { schema: { tags: TAG, summary: 'Signed result callback of a provider', params: ProviderParamsSchema } }, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      const result = await inTransaction(db, (tx) => av.handleCallback(tx, request.params.provider, raw, typeof signature === 'string' ? signature : undefined));
      if (result.refusal) {
        request.log.warn({ provider: request.params.provider, code: result.refusal.code }, 'age-verification callback refused');
        throw result.refusal;
      }
      return { status: result.status };
    });
  });

  if (config.STORE_MODE !== 'TEST') return;

  // The built-in provider's workflow pages: plain HTML forms served by the shop in TEST mode.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const r = restScope(scope);
    r.get('/test-provider/workflows/:reference', { schema: { tags: TAG, summary: 'TEST provider workflow page', params: ReferenceParamsSchema } }, async (request, reply) => {
      const html = await av.testWorkflowPage(db, request.params.reference);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });
    r.post(
      '/test-provider/workflows/:reference',
      { schema: { tags: TAG, summary: 'Submit a TEST identity', params: ReferenceParamsSchema, body: WorkflowSubmitSchema } },
      async (request, reply) => {
        const back = await inTransaction(db, (tx) => av.submitTestWorkflow(tx, request.params.reference, request.body.identity));
        return reply.redirect(back, 303);
      },
    );
  });

  runWhileUp(app, {
    name: 'age-verification callback',
    enabled: true,
    intervalMs: CALLBACK_INTERVAL_MS,
    run: () =>
      av.runDueTestCallbacks(transactionsOn(db), async (body, signature) => {
        const res = await app.inject({
          method: 'POST',
          url: `/age-verification/callbacks/${TEST_PROVIDER}`,
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
          payload: body,
        });
        return res.statusCode;
      }),
  });
}

type AttachBody = z.infer<typeof AttachBodySchema>;
const verificationOf = (b: AttachBody) => (b.age_verification_uuid ?? b.avp_uuid)!;

/** The account families' and the profile service's age calls, over the same records. */
export function ageVerificationAccountRoutes(family: 'second' | 'legacy' | 'profile') {
  return async (app: FastifyInstance): Promise<void> => {
    const r = restScope(app);
    const { db, services } = app;
    const av = services.ageVerification;
    const tags = ['age verification'];
    const attach = (userUuid: string, body: AttachBody) => inTransaction(db, (tx) => av.attach(tx, userUuid, verificationOf(body)));

    if (family === 'profile') {
      r.get('/age-verification', { schema: { tags, response: { 200: AccountAgeSchema } } }, async (request) =>
        av.accountStatus(db, (await requireSession(services.identity, request)).uuid),
      );
      r.post('/age-verification', { schema: { tags, body: AttachBodySchema, response: { 200: AccountAgeSchema } } }, async (request) =>
        attach((await requireSession(services.identity, request)).uuid, request.body),
      );
      return;
    }
    const path = family === 'second' ? '/users/:uuid/av' : '/profile/:uuid/verify-age';
    r.get(path, { schema: { tags, params: UuidParamsSchema, response: { 200: AccountAgeSchema } } }, async (request) =>
      av.accountStatus(db, (await requireOwner(services.identity, request, request.params.uuid)).uuid),
    );
    r.post(path, { schema: { tags, params: UuidParamsSchema, body: AttachBodySchema, response: { 200: AccountAgeSchema } } }, async (request) =>
      attach((await requireOwner(services.identity, request, request.params.uuid)).uuid, request.body),
    );
  };
}
