import {
  AuditPageSchema, AuditQuerySchema, OperatorCreateBodySchema, OperatorEnrolmentSchema, OperatorListSchema, OperatorLoginBodySchema,
  OperatorSchema, OperatorSessionSchema, OperatorTotpBodySchema, OperatorUpdateBodySchema, OperatorUuidParamsSchema,
} from '@ember/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { publicOriginIsHttps } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import type { SessionState } from './operators.service.js';

const tags = ['operators'];
const MIN = 60_000;

/**
 * The console's access at /admin (docs/decisions/0076): the two-step session (password, then TOTP,
 * with the authenticator's enrolment at the first sign-in), operator accounts (owners only) and the
 * audit log (owners and compliance). The session rides an httpOnly SameSite=Strict cookie; a change
 * also carries the session's CSRF token.
 */
export async function operatorRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators, limiter } = opts.services;
  const ipFactor = scope.config.RATE_LIMIT_IP_FACTOR;

  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) => {
    const secure = publicOriginIsHttps(request.server.config) || request.protocol === 'https';
    reply.setCookie(operators.cookieName, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: maxAgeSeconds });
  };
  const clearCookie = (request: FastifyRequest, reply: FastifyReply) => {
    const secure = publicOriginIsHttps(request.server.config) || request.protocol === 'https';
    reply.clearCookie(operators.cookieName, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
  };
  /** The request's session at its password step or whole; 401 without one. */
  const current = async (request: FastifyRequest): Promise<SessionState> => {
    const state = await operators.fromRequest(request);
    if (!state) throw new AppError('UNAUTHORISED', 'Sign in to the console');
    return state;
  };
  /** The second step and sign-out change state: they carry the CSRF token handed out by the first. */
  const requireCsrf = (request: FastifyRequest, state: SessionState) => {
    const header = request.headers['x-csrf-token'];
    if (!operators.csrfMatches(state, Array.isArray(header) ? header[0] : header)) {
      throw new AppError('PERMISSION_DENIED', 'The request lacks the console\'s CSRF token');
    }
  };

  app.post('/session', { schema: { tags, body: OperatorLoginBodySchema, response: { 200: OperatorSessionSchema } } }, async (request, reply) => {
    await enforce(limiter, [
      { key: `operator-login:ip:${clientIp(request)}`, limit: Math.round(20 * ipFactor), windowMs: 15 * MIN },
      { key: `operator-login:id:${request.body.email}`, limit: 10, windowMs: 15 * MIN },
    ]);
    const { token, session } = await inTransaction(app.db, (tx) => operators.login(tx, request.body.email, request.body.password));
    setCookie(request, reply, token, 600);
    return session;
  });

  app.get('/session', { schema: { tags, response: { 200: OperatorSessionSchema } } }, async (request) => {
    const state = await current(request);
    return operators.sessionView(state, operators.csrfFor(state.token, state.stage));
  });

  app.get('/session/enrolment', { schema: { tags, response: { 200: OperatorEnrolmentSchema } } }, async (request) => {
    const state = await current(request);
    if (state.stage !== 'password') throw new AppError('OPERATION_NOT_ALLOWED', 'The session is signed in already');
    return inTransaction(app.db, (tx) => operators.enrolment(tx, state));
  });

  app.post('/session/totp', { schema: { tags, body: OperatorTotpBodySchema, response: { 200: OperatorSessionSchema } } }, async (request, reply) => {
    const state = await current(request);
    requireCsrf(request, state);
    await enforce(limiter, [{ key: `operator-totp:${state.operator.uuid}`, limit: 10, windowMs: 15 * MIN }]);
    const outcome = await inTransaction(app.db, (tx) => operators.verifyTotp(tx, state, request.body.code));
    if (!outcome.ok) throw new AppError('VERIFICATION_CODE_INVALID', 'The code is wrong or was used already');
    const session = outcome.session;
    setCookie(request, reply, state.token, scope.config.OPERATOR_SESSION_HOURS * 3600);
    return session;
  });

  app.delete('/session', { schema: { tags, response: { 204: z.null() } } }, async (request, reply) => {
    const state = await operators.fromRequest(request);
    if (state) {
      requireCsrf(request, state);
      await inTransaction(app.db, (tx) => operators.logout(tx, state));
    }
    clearCookie(request, reply);
    return reply.code(204).send(null);
  });

  app.get('/operators', { schema: { tags, response: { 200: OperatorListSchema } } }, async (request) => {
    await operators.authorize(request, 'operators:manage');
    return { items: await operators.list(app.db) };
  });

  app.post('/operators', { schema: { tags, body: OperatorCreateBodySchema, response: { 201: OperatorSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'operators:manage');
    const created = await inTransaction(app.db, async (tx) => {
      const o = await operators.create(tx, request.body, actor.uuid);
      await operators.audit(tx, actor, { action: 'operator.create', entity_type: 'operator', entity_id: o.uuid, after: { role: o.role, status: o.status } }, request.id);
      return o;
    });
    return reply.code(201).send(created);
  });

  app.patch('/operators/:uuid', { schema: { tags, params: OperatorUuidParamsSchema, body: OperatorUpdateBodySchema, response: { 200: OperatorSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'operators:manage');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await operators.update(tx, request.params.uuid, request.body);
      const pick = (o: typeof before) => ({ role: o.role, status: o.status, totp_enrolled: o.totp_enrolled });
      await operators.audit(tx, actor, { action: 'operator.update', entity_type: 'operator', entity_id: after.uuid, before: pick(before), after: pick(after) }, request.id);
      return after;
    });
  });

  app.get('/audit', { schema: { tags, querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } }, async (request) => {
    await operators.authorize(request, 'audit:read');
    return operators.searchAudit(app.db, request.query);
  });
}
