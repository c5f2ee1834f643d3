import {
  BOT_CHECK_HEADER, BotCheckChallengeSchema, DeviceAcceptedSchema, DeviceCodeParamsSchema, DeviceConsumerBodySchema, DeviceGuestBodySchema,
  DeviceGuestUnassignBodySchema, DeviceListQuerySchema, DeviceListSchema, DeviceReassignBodySchema, DeviceRegisterBodySchema, DeviceReleasedSchema,
  DeviceRenameBodySchema, DeviceSchema, DeviceValidationSchema,
} from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { spendBotCheck, type BotCheck } from '../../platform/bot-check.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import { clientIp, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { logAccessDenied, requireSession, sessionToken } from '../identity/identity.auth.js';
import type { SessionUser } from '../identity/identity.service.js';

const tags = ['devices'];

/**
 * `/api/devices`: the device service of spec §7. Writes answer 202 (accepted); the consumer is the
 * session's, and a consumer id in the request must name it.
 */
export async function devicesRoutes(scope: FastifyInstance, opts: { services: Services; botCheck: BotCheck }) {
  const app = restScope(scope);
  const { services, botCheck } = opts;
  const { devices, identity, stores, deviceLimits: limits } = services;

  /** The signed-in consumer, with the spec's missing-identity answers and 401 for someone else's id. */
  async function consumerOf(request: FastifyRequest, consumerId: string | undefined, missing: 'device.consumerIdMissing' | 'device.userIdMissing'): Promise<SessionUser> {
    const session = await requireSession(identity, request);
    if (!consumerId) throw new AppError('BAD_REQUEST', phrase(missing));
    if (consumerId !== session.uuid) {
      logAccessDenied(request, session, 'not-owner');
      throw new AppError('UNAUTHORISED', phrase('device.notYourConsumer'));
    }
    return session;
  }

  /**
   * Checks the request's bot-check token and spends it in a transaction of its own (so a failed
   * registration does not give it back). Required: no token is refused; optional: a token that is
   * sent must be good.
   */
  async function botChecked(request: FastifyRequest, required: boolean): Promise<void> {
    const header = request.headers[BOT_CHECK_HEADER];
    const token = typeof header === 'string' ? header : undefined;
    if (!token && !required) return;
    const verdict = await botCheck.verify(token, clientIp(request));
    if (!verdict.ok || !(await inTransaction(app.db, (tx) => spendBotCheck(tx, verdict.id, verdict.expiresAt)))) {
      throw new AppError('BOT_CHECK_FAILED', 'The bot check failed');
    }
  }

  /** Runs a code-taking call under the attempt budgets, counting a 406 as a wrong code. */
  async function counted<T>(request: FastifyRequest, uuid: string | null, run: () => Promise<T>): Promise<T> {
    await limits.attempt(request, uuid);
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError && err.code === 'DEVICE_CODE_INVALID') await limits.wrongCode(request, uuid);
      throw err;
    }
  }

  app.get('/bot-check', { schema: { tags, response: { 200: BotCheckChallengeSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return botCheck.challenge();
  });

  app.get('/', { schema: { tags, querystring: DeviceListQuerySchema, response: { 200: DeviceListSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    if (!request.query.userId) throw new AppError('BAD_REQUEST', phrase('device.userIdMissing'));
    if (request.query.userId !== session.uuid) {
      logAccessDenied(request, session, 'not-owner');
      throw new AppError('NOT_FOUND', 'User not found');
    }
    return { items: await devices.list(session.uuid, await stores.forRequest(request)) };
  });

  app.get('/validation/:code', { schema: { tags, params: DeviceCodeParamsSchema, response: { 200: DeviceValidationSchema } } }, async (request) => {
    const session = await identity.sessionFor(sessionToken(request));
    await botChecked(request, false);
    const view = await stores.forRequest(request);
    return counted(request, session?.uuid ?? null, () => devices.validate(request.params.code, view));
  });

  app.get('/:code', { schema: { tags, params: DeviceCodeParamsSchema, response: { 200: DeviceSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    return devices.get(session.uuid, request.params.code, await stores.forRequest(request));
  });

  app.post('/', { schema: { tags, body: DeviceRegisterBodySchema, response: { 202: DeviceAcceptedSchema } } }, async (request, reply) => {
    const session = await consumerOf(request, request.body.consumerId, 'device.consumerIdMissing');
    await botChecked(request, false);
    const view = await stores.forRequest(request);
    const row = await counted(request, session.uuid, () => inTransaction(app.db, (tx) => devices.register(tx, session.uuid, request.body.deviceId, view)));
    return reply.status(202).send({ status: 'accepted' as const, device: await devices.describe(row, view) });
  });

  app.put('/:code/unassign', { schema: { tags, params: DeviceCodeParamsSchema, body: DeviceConsumerBodySchema, response: { 202: DeviceReleasedSchema } } }, async (request, reply) => {
    const session = await consumerOf(request, request.body.consumerId, 'device.consumerIdMissing');
    const code = await inTransaction(app.db, (tx) => devices.unassign(tx, session.uuid, request.params.code));
    return reply.status(202).send({ status: 'accepted' as const, deviceId: code });
  });

  app.patch('/:code/consumer', { schema: { tags, params: DeviceCodeParamsSchema, body: DeviceReassignBodySchema, response: { 202: DeviceAcceptedSchema } } }, async (request, reply) => {
    const session = await consumerOf(request, request.body.consumerId, 'device.consumerIdMissing');
    // A claim names a guest's external id: bounded like the guest calls.
    if (request.body.externalId) await limits.guest(request);
    const row = await inTransaction(app.db, (tx) => devices.reassign(tx, session.uuid, request.params.code, request.body.externalId));
    return reply.status(202).send({ status: 'accepted' as const, device: await devices.describe(row, await stores.forRequest(request)) });
  });

  app.patch('/:code/name', { schema: { tags, params: DeviceCodeParamsSchema, body: DeviceRenameBodySchema, response: { 202: DeviceAcceptedSchema } } }, async (request, reply) => {
    const session = await consumerOf(request, request.body.consumerId, 'device.consumerIdMissing');
    const row = await inTransaction(app.db, (tx) => devices.rename(tx, session.uuid, request.params.code, request.body.deviceName));
    return reply.status(202).send({ status: 'accepted' as const, device: await devices.describe(row, await stores.forRequest(request)) });
  });

  app.post('/guest', { schema: { tags, body: DeviceGuestBodySchema, response: { 202: DeviceAcceptedSchema } } }, async (request, reply) => {
    const { externalId } = request.body;
    if (!externalId) throw new AppError('BAD_REQUEST', phrase('device.userIdMissing'));
    await botChecked(request, true);
    await limits.guest(request);
    const view = await stores.forRequest(request);
    const row = await counted(request, null, () => inTransaction(app.db, (tx) => devices.registerGuest(tx, externalId, request.body.deviceId, view)));
    return reply.status(202).send({ status: 'accepted' as const, device: await devices.describe(row, view) });
  });

  app.patch('/guest/:code/unassign', { schema: { tags, params: DeviceCodeParamsSchema, body: DeviceGuestUnassignBodySchema, response: { 202: DeviceReleasedSchema } } }, async (request, reply) => {
    const { externalId } = request.body;
    if (!externalId) throw new AppError('BAD_REQUEST', phrase('device.userIdMissing'));
    await botChecked(request, false);
    await limits.guest(request);
    const code = await inTransaction(app.db, (tx) => devices.unassignGuest(tx, externalId, request.params.code));
    return reply.status(202).send({ status: 'accepted' as const, deviceId: code });
  });
}
