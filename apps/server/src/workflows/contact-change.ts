import type { Db } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { phrase } from '../platform/messages.js';
import type { StoreView } from '../modules/store/store.service.js';
import { normalisePhone } from '../modules/identity/identity.service.js';
import { ACTION_PURPOSE } from '../modules/verification/verification.service.js';
import type { Services } from '../services.js';
import { inTransaction } from '../platform/transaction.js';

const EMAIL_CHANGE = 'email_change';

/** What the owner of a taken address gets instead of a code: someone tried to register with it. */
function registrationAttemptNotice(services: Services, store: StoreView) {
  return {
    template: 'registration_attempt',
    params: { login_link: services.identity.linkTo(store.code, '/login'), reset_link: services.identity.linkTo(store.code, '/forgot-password') },
  } as const;
}

/**
 * After registration: the new account's address waits for verification (pending) and gets a code.
 * Returns the verification item the storefront confirms with `confirmRegistrationEmail`.
 * A registration of a taken address (`created: false`) gets an item too, answered alike, but its
 * message tells the address's owner that someone tried to register instead of carrying the code.
 */
export async function sendRegistrationEmailCode(
  db: Db, services: Services, registered: { user_uuid: string; created: boolean }, email: string, ctx: { store: StoreView; ip: string },
) {
  const uuid = registered.user_uuid;
  const item = { channel: 'email', identifier: email, purpose: EMAIL_CHANGE, language: ctx.store.language, ip: ctx.ip, userUuid: uuid } as const;
  if (!registered.created) {
    return inTransaction(db, async (tx) => {
      await services.identity.recordRegistrationAttempt(tx, uuid, email);
      return services.verification.createItem(tx, { ...item, insteadOfCode: registrationAttemptNotice(services, ctx.store) });
    }).catch(async (err: unknown) => {
      // Throttled like a new address's code: the uuid still answers later steps, the owner hears nothing more now.
      if (!(err instanceof AppError && err.code === 'RATE_LIMITED')) throw err;
      await inTransaction(db, (tx) => services.identity.recordRegistrationAttempt(tx, uuid, email));
      return null;
    });
  }
  try {
    return await inTransaction(db, async (tx) => {
      await services.identity.markEmailPending(tx, uuid, email);
      return services.verification.createItem(tx, item);
    });
  } catch (err) {
    // The account exists either way; its address still waits for confirmation, and a code is asked for again later.
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      await inTransaction(db, (tx) => services.identity.markEmailPending(tx, uuid, email));
      return null;
    }
    throw err;
  }
}

/**
 * A new registration code when the first expired or was lost: sent to the address waiting for it (never
 * to one named by the caller), throttled per address and client like every code; the older code stops working.
 */
export async function resendRegistrationEmailCode(db: Db, services: Services, uuid: string, ctx: { store: StoreView; ip: string }) {
  const { email, taken } = await services.identity.pendingRegistration(uuid);
  return inTransaction(db, (tx) =>
    services.verification.createItem(tx, {
      channel: 'email', identifier: email, purpose: EMAIL_CHANGE, language: ctx.store.language, ip: ctx.ip, userUuid: uuid,
      ...(taken ? { insteadOfCode: registrationAttemptNotice(services, ctx.store) } : {}),
    }),
  );
}

/** Whether a phone number is verified for the caller: their account's verified number, or a code they validated and have not used yet. */
export async function isPhoneVerifiedFor(db: Db, services: Services, uuid: string, phone: string, ctx: { store: StoreView; ip: string }) {
  const e164 = normalisePhone(phone, ctx.store.default_country);
  if (!e164) throw new AppError('VALIDATION_FAILED', 'phone is not a valid phone number', { fields: { phone: 'invalid' } });
  const verified =
    (await services.identity.hasVerifiedTelephone(uuid, e164)) ||
    (await services.verification.hasOpenValidated(db, { channel: 'sms', identifier: e164, purpose: ACTION_PURPOSE, ip: ctx.ip }));
  return { phone: e164, verified };
}

/** The customer proves it is them again (current password) before a contact change; attempts are capped per account. */
async function reauthenticate(services: Services, uuid: string, currentPassword: string): Promise<void> {
  await services.limits.reauthenticate(uuid);
  await services.identity.checkCurrentPassword(uuid, currentPassword);
}

/**
 * Step 1 of an e-mail change, after the current password: remember the new address and send a code to
 * it (not to the old one). An address another account uses answers the same, but its owner gets a
 * notice instead of the code, so the change can never be confirmed (checklist 11).
 */
export async function requestEmailChange(
  db: Db, services: Services, uuid: string, email: string, currentPassword: string, ctx: { store: StoreView; ip: string },
) {
  await reauthenticate(services, uuid, currentPassword);
  return inTransaction(db, async (tx) => {
    const { taken } = await services.identity.setPendingEmail(tx, uuid, email);
    return services.verification.createItem(tx, {
      channel: 'email', identifier: email, purpose: EMAIL_CHANGE, language: ctx.store.language, ip: ctx.ip, userUuid: uuid,
      ...(taken ? { insteadOfCode: { template: 'email_change_attempt', params: { reset_link: services.identity.linkTo(ctx.store.code, '/forgot-password') } } as const } : {}),
    });
  });
}

/**
 * Step 2: once the code of that item is verified, the new address replaces the old one (single use),
 * and the old address is told. One refusal for every reason, so it tells nothing about the address.
 */
export async function confirmEmailChange(db: Db, services: Services, uuid: string, verificationUuid: string, store: StoreView) {
  const pending = await services.identity.pendingEmail(uuid);
  const refused = () => new AppError('VERIFICATION_REQUIRED', phrase('account.verifyCodeFirst'));
  if (!pending) throw refused();
  await inTransaction(db, async (tx) => {
    const before = await services.identity.contacts(tx, uuid);
    const ok = await services.verification.consumeValidated(tx, verificationUuid, { channel: 'email', identifier: pending, purpose: EMAIL_CHANGE, userUuid: uuid });
    if (!ok) throw refused();
    await services.identity.confirmEmail(tx, uuid, pending);
    // A registration confirms the address the account already has: only a real change is announced.
    if (before && before.email !== pending) {
      await services.messaging.enqueue(tx, { channel: 'email', recipient: before.email, template: 'contact_changed', language: store.language, params: { what: 'email' } });
    }
  });
}

/**
 * Sets a phone number whose SMS code was verified (a pvs/sms verification uuid, used once), after the
 * current password; the old number, if any, is told by SMS.
 */
export async function updateVerifiedPhone(
  db: Db, services: Services, uuid: string, phone: string, verificationUuid: string, currentPassword: string, store: StoreView,
) {
  const e164 = normalisePhone(phone, store.default_country);
  if (!e164) throw new AppError('VALIDATION_FAILED', 'phone is not a valid phone number', { fields: { phone: 'invalid' } });
  await reauthenticate(services, uuid, currentPassword);
  await inTransaction(db, async (tx) => {
    const before = await services.identity.contacts(tx, uuid);
    const ok = await services.verification.consumeValidated(tx, verificationUuid, { channel: 'sms', identifier: e164, purpose: ACTION_PURPOSE, defaultCountry: store.default_country, userUuid: uuid });
    if (!ok) throw new AppError('VERIFICATION_REQUIRED', 'Verify this phone number with the code sent by SMS first');
    await services.identity.setVerifiedTelephone(tx, uuid, e164);
    if (before?.telephone && before.telephone !== e164) {
      await services.messaging.enqueue(tx, { channel: 'sms', recipient: before.telephone, template: 'contact_changed', language: store.language, params: { what: 'phone' } });
    }
  });
}
