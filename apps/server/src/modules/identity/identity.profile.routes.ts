import {
  ChangePasswordAnySchema as ChangePasswordAny, EmailChangeBodySchema, LegacyPhoneStatusSchema, PhoneChangeBodySchema, ProfilePhoneParamsSchema,
  ProfileSchema, ProfileServiceUpdateSchema as ProfileUpdate, UuidParamsSchema as Uuid,
} from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.js';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { isPhoneVerifiedFor, requestEmailChange, updateVerifiedPhone } from '../../workflows/contact-change.js';
import { clearSessionCookie, requireOwner, requireSession } from './identity.auth.js';
import { registerWalletProfileRoutes } from './identity.wallet.routes.js';
import { inTransaction } from '../../platform/transaction.js';

const tags = ['profile'];

/** The profile service (`/profile/...`): the signed-in customer's profile over the identity functions. */
export async function profileRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { services, db } = opts;
  const { identity, stores } = services;
  const storeOf = (request: FastifyRequest) => stores.forRequest(request);

  app.get('/', { schema: { tags, response: { 200: ProfileSchema } } }, async (request) => identity.profile((await requireSession(identity, request)).uuid));

  app.get('/users/:uuid', { schema: { tags, params: Uuid, response: { 200: ProfileSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return identity.profile(request.params.uuid);
  });

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/logout',
      schema: { tags },
      handler: async (request, reply) => {
        const session = await requireSession(identity, request);
        await inTransaction(opts.db, (tx) => identity.logout(tx, session));
        clearSessionCookie(reply);
        return reply.status(204).send();
      },
    });
  }

  // Accepts the second family's field names (current_password) and the legacy ones (old_password).
  app.post('/change-password', { schema: { tags, body: ChangePasswordAny } }, async (request, reply) => {
    const session = await requireSession(identity, request);
    await services.limits.changePassword(session.uuid);
    const b = request.body;
    const current = 'current_password' in b ? b.current_password : b.old_password;
    const newHash = await identity.checkPasswordChange(session, current, b.new_password, b.new_password_confirmation);
    await inTransaction(opts.db, (tx) => identity.changePassword(tx, session, newHash));
    return reply.status(204).send();
  });

  app.post('/generate-promo-code', { schema: { tags } }, async (request) => {
    const session = await requireSession(identity, request);
    return inTransaction(opts.db, (tx) => identity.promoCode(tx, session.uuid));
  });

  app.post('/update-profile', { schema: { tags, body: ProfileUpdate, response: { 200: ProfileSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    const b = request.body;
    return inTransaction(opts.db, (tx) => identity.updateProfile(tx, session.uuid, { firstname: b.first_name, lastname: b.last_name, date_of_birth: b.date_of_birth, gender: b.gender }));
  });

  app.post('/update-email', { schema: { tags, body: EmailChangeBodySchema } }, async (request, reply) => {
    const session = await requireSession(identity, request);
    const item = await requestEmailChange(db, services, session.uuid, request.body.email, request.body.current_password, { store: await storeOf(request), ip: clientIp(request) });
    return reply.status(202).send({ verification_uuid: item.uuid, expires_at: item.expires_at });
  });

  const PhoneBody = PhoneChangeBodySchema;
  for (const method of ['PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/update-phone',
      schema: { tags, body: PhoneBody, response: { 200: ProfileSchema } },
      handler: async (request) => {
        const session = await requireSession(identity, request);
        await updateVerifiedPhone(db, services, session.uuid, request.body.phone, request.body.pvs_uuid, request.body.current_password, await storeOf(request));
        return identity.profile(session.uuid);
      },
    });
  }

  // Spec §7 "GET verify phone": whether the signed-in customer has this number verified (theirs, or a code
  // they validated for it); never about anyone else's number, and counted per account.
  app.get('/verify-phone/:phone', { schema: { tags, params: ProfilePhoneParamsSchema, response: { 200: LegacyPhoneStatusSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    await services.limits.verifiedPhoneCheck(session.uuid);
    return isPhoneVerifiedFor(db, services, session.uuid, request.params.phone, { store: await storeOf(request), ip: clientIp(request) });
  });

  registerWalletProfileRoutes(app, services, tags);
}
