import type { Db } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import type { StoreView } from '../modules/store/store.service.js';
import { normalisePhone } from '../modules/identity/identity.service.js';
import { ACTION_PURPOSE } from '../modules/verification/verification.service.js';
import type { Services } from '../services.js';

const EMAIL_CHANGE = 'email_change';

/**
 * After registration: the new account's address waits for verification (pending) and gets a code.
 * Returns the verification item the storefront confirms with `confirmRegistrationEmail`.
 */
export async function sendRegistrationEmailCode(db: Db, services: Services, uuid: string, email: string, ctx: { store: StoreView; ip: string }) {
  try {
    return await db.transaction(async (tx) => {
      await services.identity.markEmailPending(tx, uuid, email);
      return services.verification.createItem(tx, { channel: 'email', identifier: email, purpose: EMAIL_CHANGE, language: ctx.store.language, ip: ctx.ip });
    });
  } catch (err) {
    // The account exists either way; its address still waits for confirmation, and a code is asked for again later.
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      await db.transaction((tx) => services.identity.markEmailPending(tx, uuid, email));
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
  const email = await services.identity.pendingRegistrationEmail(uuid);
  return db.transaction((tx) =>
    services.verification.createItem(tx, { channel: 'email', identifier: email, purpose: EMAIL_CHANGE, language: ctx.store.language, ip: ctx.ip }),
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

/** Step 1 of an e-mail change: remember the new address and send a code to it (not to the old one). */
export async function requestEmailChange(db: Db, services: Services, uuid: string, email: string, ctx: { store: StoreView; ip: string }) {
  return db.transaction(async (tx) => {
    await services.identity.setPendingEmail(tx, uuid, email);
    return services.verification.createItem(tx, { channel: 'email', identifier: email, purpose: EMAIL_CHANGE, language: ctx.store.language, ip: ctx.ip });
  });
}

/** Step 2: once the code of that item is verified, the new address replaces the old one (single use). */
export async function confirmEmailChange(db: Db, services: Services, uuid: string, verificationUuid: string) {
  const pending = await services.identity.pendingEmail(uuid);
  if (!pending) throw new AppError('VERIFICATION_REQUIRED', 'No e-mail verification is waiting');
  await db.transaction(async (tx) => {
    const ok = await services.verification.consumeValidated(tx, verificationUuid, { channel: 'email', identifier: pending, purpose: EMAIL_CHANGE });
    if (!ok) throw new AppError('VERIFICATION_REQUIRED', 'Verify the code sent to the new address first');
    await services.identity.confirmEmail(tx, uuid, pending);
  });
}

/** Sets a phone number whose SMS code was verified (a pvs/sms verification uuid, used once). */
export async function updateVerifiedPhone(db: Db, services: Services, uuid: string, phone: string, verificationUuid: string, store: StoreView) {
  const e164 = normalisePhone(phone, store.default_country);
  if (!e164) throw new AppError('VALIDATION_FAILED', 'phone is not a valid phone number', { fields: { phone: 'invalid' } });
  await db.transaction(async (tx) => {
    const ok = await services.verification.consumeValidated(tx, verificationUuid, { channel: 'sms', identifier: e164, purpose: ACTION_PURPOSE, defaultCountry: store.default_country });
    if (!ok) throw new AppError('VERIFICATION_REQUIRED', 'Verify this phone number with the code sent by SMS first');
    await services.identity.setVerifiedTelephone(tx, uuid, e164);
  });
}
