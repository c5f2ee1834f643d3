import {
  DateOfBirthSchema, EmailSchema, GenderSchema, NameSchema, PasswordRequirementsSchema,
  PasswordSchema, ProfileSchema,
} from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { clearSessionCookie, requireOwner, requireSession, sessionToken, setSessionCookie } from './identity.auth.js';
import type { Db } from '../../platform/db.js';
import { registerAddressRoutes } from './identity.addresses.js';
import { CUSTOM_ATTRIBUTES } from './identity.attributes.js';
import { registerWalletLinkRoutes } from './identity.wallet.routes.js';
import { CurrentPassword } from './identity.routes.js';
import { cancelAccount, exportAccount } from '../../workflows/account-privacy.js';
import {
  confirmEmailChange, isPhoneVerifiedFor, requestEmailChange, resendRegistrationEmailCode, sendRegistrationEmailCode, updateVerifiedPhone,
} from '../../workflows/contact-change.js';

const tags = ['account-legacy'];
const Uuid = z.strictObject({ uuid: z.string().uuid() });

const LegacyLogin = z.strictObject({ email: EmailSchema, password: PasswordSchema });
const LegacyRegister = z.strictObject({
  firstname: NameSchema, lastname: NameSchema, email: EmailSchema, password: PasswordSchema,
  dob: DateOfBirthSchema, phone: z.string().trim().min(5).max(32).optional(), gender: GenderSchema.optional(),
  terms_accepted: z.boolean().optional(),
});
const LegacyPersonalDetails = z.strictObject({
  firstname: NameSchema.optional(), lastname: NameSchema.optional(), dob: DateOfBirthSchema.optional(), gender: GenderSchema.optional(),
});
const LegacyChangePassword = z.strictObject({ email: EmailSchema, old_password: PasswordSchema, new_password: PasswordSchema, new_password_confirmation: PasswordSchema });

/**
 * The legacy account-service family (`/account-legacy/...`): the same identity functions as the
 * second family under the legacy paths and field names. Deactivation does not exist here.
 */
export async function legacyAccountRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { identity, stores, limits } = opts.services;
  const storeOf = (request: FastifyRequest) => stores.forRequest(request);

  app.get('/password-requirements', { schema: { tags, response: { 200: PasswordRequirementsSchema } } }, async () => identity.passwordRequirements());

  // /register-cdp-user is the same registration (docs/decisions/0010): no password-less accounts.
  for (const url of ['/register', '/register-cdp-user']) {
    app.post(url, { schema: { tags, body: LegacyRegister } }, async (request, reply) => {
      await limits.register(request);
      const b = request.body;
      const store = await storeOf(request);
      const result = await identity.register(
        { firstname: b.firstname, lastname: b.lastname, date_of_birth: b.dob, phone: b.phone, gender: b.gender, strategy: 'email_password', strategy_data: { identifier: b.email, password: b.password }, terms_accepted: b.terms_accepted },
        { storeCode: store.code, language: store.language, ip: clientIp(request), defaultCountry: store.default_country },
      );
      const item = await sendRegistrationEmailCode(opts.db, opts.services, result, b.email, { store, ip: clientIp(request) });
      return reply.status(201).send({ uuid: result.user_uuid, email_verification_uuid: item?.uuid });
    });
  }

  app.post('/resend-registration-code', { schema: { tags, body: z.strictObject({ uuid: z.string().uuid() }) } }, async (request, reply) => {
    await limits.resendRegistrationCode(request, request.body.uuid);
    const item = await resendRegistrationEmailCode(opts.db, opts.services, request.body.uuid, { store: await storeOf(request), ip: clientIp(request) });
    return reply.status(202).send({ uuid: item.uuid, expires_at: item.expires_at });
  });

  app.post('/login', { schema: { tags, body: LegacyLogin } }, async (request, reply) => {
    await limits.login(request, request.body.email);
    const s = await identity.login(request.body.email, request.body.password, { ip: clientIp(request), userAgent: request.headers['user-agent'] ?? null });
    setSessionCookie(request, reply, s.token, s.expires_at);
    return { uuid: s.user_uuid, session_token: s.token, magento_token: s.magento_token, expires_at: s.expires_at };
  });

  app.post('/validate-session', { schema: { tags, body: z.strictObject({ token: z.string().max(100) }) } }, async (request) => {
    const session = await identity.sessionFor(request.body.token);
    return session ? { valid: true, uuid: session.uuid, consent_renewal_required: await opts.services.consents.isRenewalRequired(session.uuid) } : { valid: false };
  });

  app.post('/logout', { schema: { tags } }, async (request, reply) => {
    const session = await identity.sessionFor(sessionToken(request));
    if (session) await identity.logout(session);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post('/forgot-password', { schema: { tags, body: z.strictObject({ email: EmailSchema }) } }, async (request, reply) => {
    await limits.forgotPassword(request, request.body.email);
    const store = await storeOf(request);
    await identity.requestPasswordReset(request.body.email, { storeCode: store.code, language: store.language });
    return reply.status(202).send({ status: 'accepted' });
  });

  // /reset-password is the same reset under its other legacy name, by PUT or POST.
  const ResetBody = z.strictObject({ token: z.string().min(20).max(100), password: PasswordSchema, password_confirmation: PasswordSchema });
  for (const [method, url] of [['PUT', '/reset-consumer-password'], ['PUT', '/reset-password'], ['POST', '/reset-password']] as const) {
    app.route({
      method,
      url,
      schema: { tags, body: ResetBody },
      handler: async (request, reply) => {
        await limits.resetPassword(request);
        const store = await storeOf(request);
        await identity.resetPassword(request.body.token, request.body.password, request.body.password_confirmation, { storeCode: store.code, language: store.language });
        return reply.status(204).send();
      },
    });
  }

  app.get(
    '/get-verified-phone/:phone',
    { schema: { tags, params: z.strictObject({ phone: z.string().trim().min(5).max(32) }), response: { 200: z.object({ phone: z.string(), verified: z.boolean() }) } } },
    async (request) => {
      const session = await requireSession(identity, request);
      await limits.verifiedPhoneCheck(session.uuid);
      return isPhoneVerifiedFor(opts.db, opts.services, session.uuid, request.params.phone, { store: await storeOf(request), ip: clientIp(request) });
    },
  );

  app.get('/profile/:uuid', { schema: { tags, params: Uuid, response: { 200: ProfileSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return identity.profile(request.params.uuid);
  });

  app.post('/update-profile/personal-details/:uuid', { schema: { tags, params: Uuid, body: LegacyPersonalDetails, response: { 200: ProfileSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    const { dob, ...rest } = request.body;
    return identity.updateProfile(request.params.uuid, { ...rest, ...(dob ? { date_of_birth: dob } : {}) });
  });

  app.post('/consumers/:uuid/change-password', { schema: { tags, params: Uuid, body: LegacyChangePassword } }, async (request, reply) => {
    const session = await requireOwner(identity, request, request.params.uuid);
    await limits.changePassword(session.uuid);
    const b = request.body;
    await identity.changePassword(session, b.old_password, b.new_password, b.new_password_confirmation);
    return reply.status(204).send();
  });

  registerAddressRoutes(app, opts.services, {
    create: '/update-profile/addresses/:uuid',
    item: '/update-profile/addresses/:uuid/:id',
    defaultBilling: '/update-profile/addresses/:uuid/:id/set-default-billing',
    defaultShipping: '/update-profile/addresses/:uuid/:id/set-default-shipping',
  }, tags);

  registerWalletLinkRoutes(app, opts.services, '/profile/:uuid/wallet', tags);


  app.put('/cancel-account/:uuid', { schema: { tags, params: Uuid } }, async (request, reply) => {
    const session = await requireOwner(identity, request, request.params.uuid);
    await cancelAccount(opts.db, opts.services, session);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post('/dsar-request', { schema: { tags } }, async (request, reply) => {
    const session = await requireSession(identity, request);
    const data = await exportAccount(opts.db, opts.services, session);
    reply.header('content-disposition', 'attachment; filename="ember-account-data.json"');
    return data;
  });

  app.post('/request-update-email/:uuid', { schema: { tags, params: Uuid, body: z.strictObject({ email: EmailSchema, current_password: CurrentPassword }) } }, async (request, reply) => {
    await requireOwner(identity, request, request.params.uuid);
    const item = await requestEmailChange(opts.db, opts.services, request.params.uuid, request.body.email, request.body.current_password, { store: await storeOf(request), ip: clientIp(request) });
    return reply.status(202).send({ uuid: item.uuid });
  });

  app.patch('/verify-email-update', { schema: { tags, body: z.strictObject({ uuid: z.string().uuid() }) } }, async (request) => {
    const session = await requireSession(identity, request);
    await confirmEmailChange(opts.db, opts.services, session.uuid, request.body.uuid, await storeOf(request));
    return identity.profile(session.uuid);
  });

  app.post(
    '/update-profile/phone/:uuid',
    { schema: { tags, params: Uuid, body: z.strictObject({ phone: z.string().trim().min(5).max(32), pvs_uuid: z.string().uuid(), current_password: CurrentPassword }) } },
    async (request) => {
      await requireOwner(identity, request, request.params.uuid);
      await updateVerifiedPhone(opts.db, opts.services, request.params.uuid, request.body.phone, request.body.pvs_uuid, request.body.current_password, await storeOf(request));
      return identity.profile(request.params.uuid);
    },
  );

  app.get('/verify/:email', { schema: { tags, params: z.strictObject({ email: EmailSchema }) } }, async (request) => {
    await limits.contactCheck(request);
    return { available: !(await identity.isContactTaken(request.params.email)) };
  });

  app.post('/consumers/:uuid/generate-promo-code', { schema: { tags, params: Uuid } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return identity.promoCode(request.params.uuid);
  });

  app.get('/custom-attributes', { schema: { tags } }, async () =>
    CUSTOM_ATTRIBUTES.map(({ code, label, input_type, is_required }) => ({ code, label, input_type, is_required })),
  );

  app.patch(
    '/update-profile/custom-attributes/:uuid',
    { schema: { tags, params: Uuid, body: z.strictObject({ attributes: z.array(z.strictObject({ code: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), value: z.string().max(1000) })).min(1).max(20) }) } },
    async (request) => {
      await requireOwner(identity, request, request.params.uuid);
      return identity.setCustomAttributes(request.params.uuid, request.body.attributes);
    },
  );

  // The legacy service has no deactivation (spec §5): a signed-in caller learns so explicitly.
  app.post('/deactivate/:uuid', { schema: { tags, params: Uuid } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    throw new AppError('NOT_AVAILABLE', 'Deactivation is not available for the legacy account service');
  });

}
