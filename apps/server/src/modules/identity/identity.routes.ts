import {
  ForgotPasswordSchema, LoginRequestSchema, LoginResponseSchema,
  ProfileSchema, ProfileUpdateSchema, RegisterRequestSchema, RegisterResponseSchema, ResetPasswordSchema, UserConfigurationSchema,
  AvailabilityParamsSchema, AvailabilityResponseSchema, CancelReasonBodySchema, CustomAttributesBodySchema,
  CustomAttributesSchema, EmailChangeBodySchema, PhoneChangeBodySchema, ReauthBodySchema, ReauthResponseSchema, RegisterEmailVerifyBodySchema,
  RegisterResendBodySchema, ResetTokenParamsSchema, SessionValidateBodySchema, SessionValidateResponseSchema, UuidParamsSchema as UuidParams,
  VerificationUuidBodySchema,
} from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Db } from '../../platform/db.js';
import type { Services } from '../../services.js';
import { cancelAccount, exportAccount, reauthenticate } from '../../workflows/account-privacy.js';
import {
  confirmEmailChange, requestEmailChange, resendRegistrationEmailCode, sendRegistrationEmailCode, updateVerifiedPhone,
} from '../../workflows/contact-change.js';
import { ACTION_PURPOSE } from '../verification/verification.service.js';
import { clearSessionCookie, headerToken, requireOwner, requireSession, sessionToken, setSessionCookie } from './identity.auth.js';
import { audienceOf } from '../../platform/messages.js';
import { normalisePhone } from './identity.service.js';
import { registerAddressRoutes } from './identity.addresses.js';
import { CUSTOM_ATTRIBUTES } from './identity.attributes.js';
import { registerWalletLinkRoutes } from './identity.wallet.routes.js';
import { inTransaction } from '../../platform/transaction.js';

const tags = ['account'];

/** The second account-service family (`/account/users/...`) over the identity service. */
export async function accountRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { identity, stores, limits } = opts.services;
  const storeOf = (request: FastifyRequest) => stores.forRequest(request);

  app.get('/users/configuration', { schema: { tags, response: { 200: UserConfigurationSchema } } }, async () => ({
    password_requirements: identity.passwordRequirements(),
    auth_strategies: ['email_password'],
    custom_attributes: CUSTOM_ATTRIBUTES.map(({ code, label, input_type, is_required }) => ({ code, label, input_type, is_required })),
  }));

  const AttributesBody = CustomAttributesBodySchema;
  app.get('/users/:uuid/custom-attributes', { schema: { tags, params: UuidParams, response: { 200: CustomAttributesSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return identity.customAttributes(request.params.uuid);
  });
  for (const method of ['PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/users/:uuid/custom-attributes',
      schema: { tags, params: UuidParams, body: AttributesBody, response: { 200: CustomAttributesSchema } },
      handler: async (request) => {
        await requireOwner(identity, request, request.params.uuid);
        return inTransaction(opts.db, (tx) => identity.setCustomAttributes(tx, request.params.uuid, request.body.attributes));
      },
    });
  }

  app.post('/users/register', { schema: { tags, body: RegisterRequestSchema, response: { 201: RegisterResponseSchema } } }, async (request, reply) => {
    await limits.register(request);
    const store = await storeOf(request);
    const prepared = await identity.prepareRegistration(request.body, {
      storeCode: store.code,
      language: audienceOf(store, request).language,
      ip: clientIp(request),
      defaultCountry: store.default_country,
      consumePhoneVerification: (tx, e164, uuid) =>
        opts.services.verification.consumeValidated(tx, uuid, { channel: 'sms', identifier: e164, purpose: ACTION_PURPOSE }),
    });
    const result = await inTransaction(opts.db, (tx) => identity.register(tx, prepared)).catch((err: unknown) => identity.registered(err, prepared));
    const item = await sendRegistrationEmailCode(opts.db, opts.services, result, request.body.strategy_data.identifier, { store, ip: clientIp(request) });
    // The same answer whether the address was free or taken (checklist 11): the e-mail tells its owner.
    return reply.status(201).send({ user_uuid: result.user_uuid, email_verification_uuid: item?.uuid });
  });

  // The code e-mailed at registration proves the address; no session is needed to confirm it.
  app.post(
    '/users/register/verify-email',
    { schema: { tags, body: RegisterEmailVerifyBodySchema } },
    async (request, reply) => {
      await confirmEmailChange(opts.db, opts.services, request.body.user_uuid, request.body.verification_uuid, await storeOf(request));
      return reply.status(204).send();
    },
  );

  // A new code when the first expired or was lost; it goes only to the address waiting for it.
  app.post(
    '/users/register/resend-email-code',
    { schema: { tags, body: RegisterResendBodySchema } },
    async (request, reply) => {
      await limits.resendRegistrationCode(request, request.body.user_uuid);
      const item = await resendRegistrationEmailCode(opts.db, opts.services, request.body.user_uuid, { store: await storeOf(request), ip: clientIp(request) });
      return reply.status(202).send({ email_verification_uuid: item.uuid, expires_at: item.expires_at });
    },
  );

  app.post('/users/authentication/sessions', { schema: { tags, body: LoginRequestSchema, response: { 200: LoginResponseSchema } } }, async (request, reply) => {
    const email = request.body.strategy_data.identifier;
    await limits.login(request, email);
    const checked = await identity.checkCredentials(email, request.body.strategy_data.password);
    const session = await inTransaction(opts.db, (tx) => identity.login(tx, checked, {
      ip: clientIp(request),
      userAgent: request.headers['user-agent'] ?? null,
    }));
    setSessionCookie(request, reply, session.token, session.expires_at);
    return session;
  });

  app.delete('/users/authentication/sessions', { schema: { tags } }, async (request, reply) => {
    const session = await requireSession(identity, request);
    await inTransaction(opts.db, (tx) => identity.logout(tx, session));
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post(
    '/users/authentication/sessions/validate',
    { schema: { tags, body: SessionValidateBodySchema, response: { 200: SessionValidateResponseSchema } } },
    async (request) => {
      const session = await identity.sessionFor(request.body?.token ?? sessionToken(request));
      if (!session) return { valid: false };
      const [renewal, devices] = await Promise.all([opts.services.consents.isRenewalRequired(session.uuid), opts.services.devices.isDeviceRegistered(session.uuid)]);
      return { valid: true, user_uuid: session.uuid, consent_renewal_required: renewal, is_device_registered: devices };
    },
  );

  app.post('/users/authentication/password/forget', { schema: { tags, body: ForgotPasswordSchema } }, async (request, reply) => {
    await limits.forgotPassword(request, request.body.email);
    const store = await storeOf(request);
    await inTransaction(opts.db, (tx) => identity.requestPasswordReset(tx, request.body.email, { storeCode: store.code, language: audienceOf(store, request).language }));
    return reply.status(202).send({ status: 'accepted' });
  });

  app.post(
    '/users/authentication/password/change/:token',
    { schema: { tags, params: ResetTokenParamsSchema, body: ResetPasswordSchema } },
    async (request, reply) => {
      await limits.resetPassword(request);
      const store = await storeOf(request);
      await inTransaction(opts.db, (tx) => identity.resetPassword(tx, request.params.token, request.body.password, request.body.password_confirmation, { storeCode: store.code, language: audienceOf(store, request).language }));
      return reply.status(204).send();
    },
  );

  app.get('/users/:uuid/profile', { schema: { tags, params: UuidParams, response: { 200: ProfileSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return identity.profile(request.params.uuid);
  });

  app.patch('/users/:uuid/profile', { schema: { tags, params: UuidParams, body: ProfileUpdateSchema, response: { 200: ProfileSchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return inTransaction(opts.db, (tx) => identity.updateProfile(tx, request.params.uuid, request.body));
  });

  app.get('/users/:uuid/coupons', { schema: { tags, params: UuidParams } }, async (request) => {
    await requireOwner(identity, request, request.params.uuid);
    return identity.coupons(request.params.uuid);
  });

  registerAddressRoutes(app, opts.db, opts.services, {
    list: '/users/:uuid/addresses',
    create: '/users/:uuid/addresses',
    item: '/users/:uuid/addresses/:id',
    defaultBilling: '/users/:uuid/addresses/billing/:id',
    defaultShipping: '/users/:uuid/addresses/shipping/:id',
  }, tags);

  registerWalletLinkRoutes(app, opts.services, '/users/:uuid/profile/wallet', tags);

}

/** Account end of life and data-subject export, second family. */
export async function accountPrivacyRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { services, db } = opts;
  const { identity } = services;

  // Export and cancellation need the password or a confirmed one-time code first (fresh for a few minutes).
  const ReauthBody = ReauthBodySchema;
  // The old token ends; a cookie client gets the new one only in the httpOnly cookie, a bearer client
  // in the body (it must switch to it).
  const ReauthResponse = ReauthResponseSchema;
  app.post('/users/:uuid/reauthenticate', { schema: { tags, params: UuidParams, body: ReauthBody, response: { 200: ReauthResponse } } }, async (request, reply) => {
    const session = await requireOwner(identity, request, request.params.uuid);
    const next = await reauthenticate(db, services, session, request.body, { ip: clientIp(request), userAgent: request.headers['user-agent'] ?? null });
    if (headerToken(request) === undefined) {
      setSessionCookie(request, reply, next.token, next.expires_at);
      return { valid_until: next.valid_until };
    }
    return next;
  });

  app.get('/users/privacy', { schema: { tags } }, async (request, reply) => {
    const session = await requireSession(identity, request);
    const data = await exportAccount(db, services, session);
    reply.header('content-disposition', 'attachment; filename="ember-account-data.json"');
    return data;
  });

  app.post('/users/:uuid/cancel', { schema: { tags, params: UuidParams } }, async (request, reply) => {
    const session = await requireOwner(identity, request, request.params.uuid);
    await cancelAccount(db, services, session);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post(
    '/users/:uuid/deactivate',
    { schema: { tags, params: UuidParams, body: CancelReasonBodySchema } },
    async (request, reply) => {
      await requireOwner(identity, request, request.params.uuid);
      await inTransaction(opts.db, (tx) => identity.deactivate(tx, request.params.uuid, request.body.reason));
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );
}

/** E-mail and phone changes confirmed by one-time codes, and the registration availability check. */
export async function accountContactRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { services, db } = opts;
  const { identity, stores } = services;
  const storeOf = (request: FastifyRequest) => stores.forRequest(request);

  app.post(
    '/users/:uuid/profile/email/request-update',
    { schema: { tags, params: UuidParams, body: EmailChangeBodySchema } },
    async (request, reply) => {
      await requireOwner(identity, request, request.params.uuid);
      const item = await requestEmailChange(db, services, request.params.uuid, request.body.email, request.body.current_password, { store: await storeOf(request), ip: clientIp(request) });
      return reply.status(202).send({ verification_uuid: item.uuid, expires_at: item.expires_at });
    },
  );

  app.patch(
    '/users/profile/email',
    { schema: { tags, body: VerificationUuidBodySchema, response: { 200: ProfileSchema } } },
    async (request) => {
      const session = await requireSession(identity, request);
      await confirmEmailChange(db, services, session.uuid, request.body.verification_uuid, await storeOf(request));
      return identity.profile(session.uuid);
    },
  );

  const PhoneBody = PhoneChangeBodySchema;
  for (const method of ['PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/users/:uuid/profile/phone',
      schema: { tags, params: UuidParams, body: PhoneBody, response: { 200: ProfileSchema } },
      handler: async (request) => {
        await requireOwner(identity, request, request.params.uuid);
        await updateVerifiedPhone(db, services, request.params.uuid, request.body.phone, request.body.pvs_uuid, request.body.current_password, await storeOf(request));
        return identity.profile(request.params.uuid);
      },
    });
  }

  // Tells a registration form whether an e-mail or phone is free: an enumeration oracle by nature, so tightly limited.
  app.get(
    '/users/verify/:value',
    { schema: { tags, params: AvailabilityParamsSchema, response: { 200: AvailabilityResponseSchema } } },
    async (request) => {
      await services.limits.contactCheck(request);
      const store = await storeOf(request);
      const raw = request.params.value;
      const value = raw.includes('@') ? raw.toLowerCase() : normalisePhone(raw, store.default_country);
      if (!value) throw new AppError('VALIDATION_FAILED', 'Not an e-mail address or phone number');
      return { available: !(await identity.isContactTaken(value)) };
    },
  );
}
