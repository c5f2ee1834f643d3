import {
  CustomAttributesBodySchema, EmailChangeBodySchema, LegacyChangePasswordSchema as LegacyChangePassword, LegacyEmailParamsSchema,
  LegacyLoginSchema as LegacyLogin, LegacyPersonalDetailsSchema as LegacyPersonalDetails, LegacyPhoneChangeBodySchema, LegacyPhoneParamsSchema,
  LegacyPhoneStatusSchema, LegacyRegisterSchema as LegacyRegister, LegacyResetBodySchema, LegacyTokenBodySchema, LegacyUuidBodySchema,
  ForgotPasswordSchema, PasswordRequirementsSchema, ProfileSchema, UuidParamsSchema as Uuid,
} from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { clearSessionCookie, requireOwner, requireSession, sessionToken, setSessionCookie } from './identity.auth.js';
import { audienceOf } from '../../platform/messages.js';
import type { Db } from '../../platform/db.js';
import { registerAddressRoutes } from './identity.addresses.js';
import { CUSTOM_ATTRIBUTES } from './identity.attributes.js';
import { registerWalletLinkRoutes } from './identity.wallet.routes.js';
import { cancelAccount, exportAccount } from '../../workflows/account-privacy.js';
import {
  confirmEmailChange, isPhoneVerifiedFor, requestEmailChange, resendRegistrationEmailCode, sendRegistrationEmailCode, updateVerifiedPhone,
} from '../../workflows/contact-change.js';
import { inTransaction } from '../../platform/transaction.js';

const tags = ['account-legacy'];

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
      const prepared = await identity.prepareRegistration(
        { firstname: b.firstname, lastname: b.lastname, date_of_birth: b.dob, phone: b.phone, gender: b.gender, strategy: 'email_password', strategy_data: { identifier: b.email, password: b.password }, terms_accepted: b.terms_accepted },
        { storeCode: store.code, language: audienceOf(store, request).language, ip: clientIp(request), defaultCountry: store.default_country },
      );
      const result = await inTransaction(opts.db, (tx) => identity.register(tx, prepared)).catch((err: unknown) => identity.registered(err, prepared));
      const item = await sendRegistrationEmailCode(opts.db, opts.services, result, b.email, { store, ip: clientIp(request) });
      return reply.status(201).send({ uuid: result.user_uuid, email_verification_uuid: item?.uuid });
    });
  }

  app.post('/resend-registration-code', { schema: { tags, body: LegacyUuidBodySchema } }, async (request, reply) => {
    await limits.resendRegistrationCode(request, request.body.uuid);
    const item = await resendRegistrationEmailCode(opts.db, opts.services, request.body.uuid, { store: await storeOf(request), ip: clientIp(request) });
    return reply.status(202).send({ uuid: item.uuid, expires_at: item.expires_at });
  });

  app.post('/login', { schema: { tags, body: LegacyLogin } }, async (request, reply) => {
    await limits.login(request, request.body.email);
    const checked = await identity.checkCredentials(request.body.email, request.body.password);
    const s = await inTransaction(opts.db, (tx) => identity.login(tx, checked, { ip: clientIp(request), userAgent: request.headers['user-agent'] ?? null }));
    setSessionCookie(request, reply, s.token, s.expires_at);
    return { uuid: s.user_uuid, session_token: s.token, magento_token: s.magento_token, expires_at: s.expires_at };
  });

  app.post('/validate-session', { schema: { tags, body: LegacyTokenBodySchema } }, async (request) => {
    const session = await identity.sessionFor(request.body.token);
    if (!session) return { valid: false };
    const [renewal, devices] = await Promise.all([opts.services.consents.isRenewalRequired(session.uuid), opts.services.devices.isDeviceRegistered(session.uuid)]);
    return { valid: true, uuid: session.uuid, consent_renewal_required: renewal, is_device_registered: devices };
  });

  app.post('/logout', { schema: { tags } }, async (request, reply) => {
    const session = await identity.sessionFor(sessionToken(request));
    if (session) await inTransaction(opts.db, (tx) => identity.logout(tx, session));
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post('/forgot-password', { schema: { tags, body: ForgotPasswordSchema } }, async (request, reply) => {
    await limits.forgotPassword(request, request.body.email);
    const store = await storeOf(request);
    await inTransaction(opts.db, (tx) => identity.requestPasswordReset(tx, request.body.email, { storeCode: store.code, language: audienceOf(store, request).language }));
    return reply.status(202).send({ status: 'accepted' });
  });

  // /reset-password is the same reset under its other legacy name, by PUT or POST.
  const ResetBody = LegacyResetBodySchema;
  for (const [method, url] of [['PUT', '/reset-consumer-password'], ['PUT', '/reset-password'], ['POST', '/reset-password']] as const) {
    app.route({
      method,
      url,
      schema: { tags, body: ResetBody },
      handler: async (request, reply) => {
        await limits.resetPassword(request);
        const store = await storeOf(request);
        await inTransaction(opts.db, (tx) => identity.resetPassword(tx, request.body.token, request.body.password, request.body.password_confirmation, { storeCode: store.code, language: audienceOf(store, request).language }));
        return reply.status(204).send();
      },
    });
  }

  app.get(
    '/get-verified-phone/:phone',
    { schema: { tags, params: LegacyPhoneParamsSchema, response: { 200: LegacyPhoneStatusSchema } } },
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
    return inTransaction(opts.db, (tx) => identity.updateProfile(tx, request.params.uuid, { ...rest, ...(dob ? { date_of_birth: dob } : {}) }));
  });

  app.post('/consumers/:uuid/change-password', { schema: { tags, params: Uuid, body: LegacyChangePassword } }, async (request, reply) => {
    const session = await requireOwner(identity, request, request.params.uuid);
    await limits.changePassword(session.uuid);
    const b = request.body;
    const newHash = await identity.checkPasswordChange(session, b.old_password, b.new_password, b.new_password_confirmation);
    await inTransaction(opts.db, (tx) => identity.changePassword(tx, session, newHash));
    return reply.status(204).send();
  });

  registerAddressRoutes(app, opts.db, opts.services, {
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

  app.post('/request-update-email/:uuid', { schema: { tags, params: Uuid, body: EmailChangeBodySchema } }, async (request, reply) => {
    await requireOwner(identity, request, request.params.uuid);
    const item = await requestEmailChange(opts.db, opts.services, request.params.uuid, request.body.email, request.body.current_password, { store: await storeOf(request), ip: clientIp(request) });
    return reply.status(202).send({ uuid: item.uuid });
  });

  app.patch('/verify-email-update', { schema: { tags, body: LegacyUuidBodySchema } }, async (request) => {
    const session = await requireSession(identity, request);
    await confirmEmailChange(opts.db, opts.services, session.uuid, request.body.uuid, await storeOf(request));
    return identity.profile(session.uuid);
  });

  app.post(
    '/update-profile/phone/:uuid',
    { schema: { tags, params: Uuid, body: LegacyPhoneChangeBodySchema } },
    async (request) => {
      await requireOwner(identity, request, request.params.uuid);
      await updateVerifiedPhone(opts.db, opts.services, request.params.uuid, request.body.phone, request.body.pvs_uuid, request.body.current_password, await storeOf(request));
      return identity.profile(request.params.uuid);
    },
  );

  app.get('/verify/:email', { schema: { tags, params: LegacyEmailParamsSchema } }, async (request) => {
    await limits.contactCheck(request);
    return { available: !(await identity.isContactTaken(request.params.email)) };
  });

  app.post('/consumers/:uuid/generate-promo-code', { schema: { tags, params: Uuid } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return inTransaction(opts.db, (tx) => identity.promoCode(tx, request.params.uuid));
  });

  app.get('/custom-attributes', { schema: { tags } }, async () =>
    CUSTOM_ATTRIBUTES.map(({ code, label, input_type, is_required }) => ({ code, label, input_type, is_required })),
  );

  app.patch(
    '/update-profile/custom-attributes/:uuid',
    { schema: { tags, params: Uuid, body: CustomAttributesBodySchema } },
    async (request) => {
      await requireOwner(identity, request, request.params.uuid);
      return inTransaction(opts.db, (tx) => identity.setCustomAttributes(tx, request.params.uuid, request.body.attributes));
    },
  );

  // The legacy service has no deactivation (spec §5): a signed-in caller learns so explicitly.
  app.post('/deactivate/:uuid', { schema: { tags, params: Uuid } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    throw new AppError('NOT_AVAILABLE', 'Deactivation is not available for the legacy account service');
  });

}
