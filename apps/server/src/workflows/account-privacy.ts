import { AppError } from '../platform/errors.js';
import type { Db } from '../platform/db.js';
import { phrase } from '../platform/messages.js';
import type { DataSubject } from '../platform/privacy.js';
import type { Services } from '../services.js';
import type { SessionUser } from '../modules/identity/identity.service.js';
import { ACTION_PURPOSE } from '../modules/verification/verification.service.js';
import { inTransaction } from '../platform/transaction.js';

/** How long a re-authentication lets the session export or cancel the account. */
export const REAUTH_FRESH_SECONDS = 5 * 60;

/** The account and the identifiers other modules know it by (e-mail, phone). */
async function subjectOf(services: Services, uuid: string): Promise<DataSubject> {
  const p = await services.identity.profile(uuid);
  return { uuid, identifiers: [p.personalInfo.email, p.personalInfo.telephone].filter((x): x is string => !!x) };
}

/** How a customer proves it is them again: the password, or a validated one-time code sent to the account's e-mail or phone. */
export type Reauthentication = { password: string } | { verification_uuid: string };

/**
 * Re-authenticates the session: the password, or a one-time code the customer already confirmed
 * (`/api/action-verifications/items`, purpose `action`) for the account's e-mail or telephone,
 * used once. The proven session is replaced by a new one (new token, old token ended, in the same
 * transaction), which export and cancellation then accept for REAUTH_FRESH_SECONDS.
 */
export async function reauthenticate(
  db: Db, services: Services, session: SessionUser, proof: Reauthentication, meta: { ip: string; userAgent: string | null },
): Promise<{ valid_until: string; token: string; expires_at: string }> {
  await services.limits.reauthenticate(session.uuid);
  if ('password' in proof && !(await services.identity.passwordMatches(session.uuid, proof.password))) {
    throw new AppError('VALIDATION_FAILED', phrase('account.reauthWrongPassword'), { fields: { password: 'incorrect' } });
  }
  const code = 'verification_uuid' in proof
    ? { uuid: proof.verification_uuid, contact: (await services.identity.profile(session.uuid)).personalInfo }
    : null;
  const next = await inTransaction(db, async (tx) => {
    if (code) {
      const { email, telephone } = code.contact;
      const byEmail = await services.verification.consumeValidated(tx, code.uuid, { channel: 'email', identifier: email, purpose: ACTION_PURPOSE });
      const byPhone = !byEmail && telephone
        ? await services.verification.consumeValidated(tx, code.uuid, { channel: 'sms', identifier: telephone, purpose: ACTION_PURPOSE })
        : false;
      if (!byEmail && !byPhone) throw new AppError('VERIFICATION_REQUIRED', phrase('account.reauthCodeInvalid'));
    }
    return services.identity.replaceReauthenticatedSession(tx, session, meta);
  });
  return { valid_until: new Date(Date.now() + REAUTH_FRESH_SECONDS * 1000).toISOString(), ...next };
}

/** Refuses unless the session was re-authenticated within REAUTH_FRESH_SECONDS. */
export async function requireFreshReauthentication(services: Services, session: SessionUser): Promise<void> {
  if (!(await services.identity.reauthenticatedWithin(session, REAUTH_FRESH_SECONDS))) {
    throw new AppError('VERIFICATION_REQUIRED', phrase('account.reauthRequired'));
  }
}

/**
 * A JSON export of everything the shop holds about a customer (GDPR Art. 15/20): every module's
 * registered part (platform/privacy.ts), exactly the subject's rows, never secrets.
 */
export async function exportAccount(db: Db, services: Services, session: SessionUser) {
  await requireFreshReauthentication(services, session);
  // The hourly budget counts exports, taken only once the session is proven: a stale or borrowed
  // session refused above must not use up the owner's exports.
  await services.limits.dataExport(session.uuid);
  const subject = await subjectOf(services, session.uuid);
  return {
    exported_at: new Date().toISOString(),
    user_uuid: subject.uuid,
    ...(await services.privacy.export(db, subject)),
  };
}

/**
 * Cancels an account in one transaction: every module's registered part erases or anonymises its
 * share (identity anonymised and its sessions revoked at once, consents ended with their history
 * kept as proof, codes and messages erased, forms anonymised, carts and saved cards deleted). What
 * the law keeps (orders, age verifications) stays under the same uuid; each part says so in `retained`.
 */
export async function cancelAccount(db: Db, services: Services, session: SessionUser): Promise<void> {
  await requireFreshReauthentication(services, session);
  const subject = await subjectOf(services, session.uuid);
  await inTransaction(db, (tx) => services.privacy.erase(tx, subject));
}
