import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp, restScope } from '../../platform/rest.js';
import { sessionToken } from '../identity/identity.auth.js';
import { ACTION_PURPOSE, type VerificationChannel } from './verification.service.js';
import {
  VerificationCreateItemBodySchema as CreateItemBodySchema,
  VerificationCreatedItemSchema as CreatedItemSchema,
  VerificationItemParamsSchema as ItemParamsSchema,
  VerificationItemStatusSchema as ItemStatusSchema,
  LegacyInitPhoneBodySchema,
  LegacyInitResponseSchema,
  LegacyStatusParamsSchema,
  LegacyStatusResponseSchema,
  LegacyVerifyParamsSchema,
  SendEmailOtcBodySchema,
  SendOtcBodySchema,
  VerificationCodeBodySchema as VerifyBodySchema,
} from '@ember/contracts';
import { inTransaction } from '../../platform/transaction.js';

const TAG = ['verification'];
const LEGACY_TAG = ['verification (legacy)'];
const PROFILE_TAG = ['profile'];

/** The verification service's two HTTP families and the profile service's code calls, over one domain service. */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const r = restScope(app);
  const { db, services } = app;

  const storeOf = (request: FastifyRequest) => services.stores.forRequest(request);

  async function create(request: FastifyRequest, channel: VerificationChannel, identifier: string) {
    const view = await storeOf(request);
    // Asked signed in (a contact change), the code serves only that account (checklist 16).
    const session = await services.identity.sessionFor(sessionToken(request));
    const item = await inTransaction(db, (tx) =>
      services.verification.createItem(tx, {
        channel,
        identifier,
        purpose: ACTION_PURPOSE,
        language: view.language,
        defaultCountry: view.default_country,
        ip: clientIp(request),
        userUuid: session?.uuid ?? null,
      }),
    );
    return { uuid: item.uuid, status: item.status, channel: item.channel, expires_at: new Date(item.expires_at).toISOString() };
  }

  async function verify(request: FastifyRequest, uuid: string, code: string) {
    const result = await inTransaction(db, (tx) => services.verification.verifyItem(tx, uuid, code, { ip: clientIp(request) }));
    // Thrown only now, after the counted attempt has committed.
    if (result.refusal) throw result.refusal;
    return { uuid: result.uuid, status: result.status };
  }

  r.post(
    '/api/action-verifications/items',
    { schema: { tags: TAG, summary: 'Send a one-time code by SMS or e-mail', body: CreateItemBodySchema, response: { 201: CreatedItemSchema } } },
    async (request, reply) => reply.status(201).send(await create(request, request.body.channel, request.body.identifier)),
  );

  r.get(
    '/api/action-verifications/items/:uuid',
    { schema: { tags: TAG, summary: 'Status of a verification item (validated means verified)', params: ItemParamsSchema, response: { 200: ItemStatusSchema } } },
    async (request) => {
      const item = await services.verification.getItem(db, request.params.uuid);
      return { uuid: item.uuid, status: item.status };
    },
  );

  r.patch(
    '/api/action-verifications/items/:uuid/verify',
    { schema: { tags: TAG, summary: 'Verify an item with its code', params: ItemParamsSchema, body: VerifyBodySchema, response: { 200: ItemStatusSchema } } },
    async (request) => verify(request, request.params.uuid, request.body.code),
  );

  r.put(
    '/verification-legacy/verify-by-uuid/:id',
    { schema: { tags: LEGACY_TAG, summary: 'Verify an item with its code', params: LegacyVerifyParamsSchema, body: VerifyBodySchema, response: { 200: ItemStatusSchema } } },
    async (request) => verify(request, request.params.id, request.body.code),
  );

  r.post(
    '/verification-legacy/init-phone-validation',
    { schema: { tags: LEGACY_TAG, summary: 'Send a one-time code by SMS', body: LegacyInitPhoneBodySchema, response: { 201: LegacyInitResponseSchema } } },
    async (request, reply) => {
      const item = await create(request, 'sms', request.body.phone);
      return reply.status(201).send({ uuid: item.uuid });
    },
  );

  r.get(
    '/verification-legacy/status/:uuid/:identifier',
    { schema: { tags: LEGACY_TAG, summary: 'Status of an item for its phone number or e-mail address', params: LegacyStatusParamsSchema, response: { 200: LegacyStatusResponseSchema } } },
    async (request) => {
      const view = await storeOf(request);
      const status = await services.verification.getStatusFor(db, request.params.uuid, request.params.identifier, view.default_country);
      return { status };
    },
  );

  r.post(
    '/profile/action-verifications/items',
    { schema: { tags: PROFILE_TAG, summary: 'Send a one-time code by SMS or e-mail', body: CreateItemBodySchema, response: { 201: CreatedItemSchema } } },
    async (request, reply) => reply.status(201).send(await create(request, request.body.channel, request.body.identifier)),
  );

  r.post(
    '/profile/send-otc',
    { schema: { tags: PROFILE_TAG, summary: 'Send a one-time code by SMS', body: SendOtcBodySchema, response: { 201: CreatedItemSchema } } },
    async (request, reply) => reply.status(201).send(await create(request, 'sms', request.body.phone_number)),
  );

  r.post(
    '/profile/send-email-otc',
    { schema: { tags: PROFILE_TAG, summary: 'Send a one-time code by e-mail', body: SendEmailOtcBodySchema, response: { 201: CreatedItemSchema } } },
    async (request, reply) => reply.status(201).send(await create(request, 'email', request.body.email)),
  );
}
