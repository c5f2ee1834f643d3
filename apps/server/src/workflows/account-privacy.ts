import type { Db } from '../platform/db.js';
import type { Services } from '../services.js';

/** The identifiers other modules know a customer by (e-mail, phone). */
async function identifiersOf(services: Services, uuid: string): Promise<string[]> {
  const p = await services.identity.profile(uuid);
  return [p.personalInfo.email, p.personalInfo.telephone].filter((x): x is string => !!x);
}

/**
 * A JSON export of everything the shop holds about a customer, across modules (GDPR Art. 15/20).
 * Secrets are never exported: no password or code hashes, no message bodies.
 */
export async function exportAccount(db: Db, services: Services, uuid: string) {
  const identifiers = await identifiersOf(services, uuid);
  const [identity, consents, consentHistory, verifications, messages, forms, orders, ageVerifications] = await Promise.all([
    services.identity.exportData(uuid),
    services.consents.userConsents(uuid),
    services.consents.history(uuid),
    services.verification.exportFor(db, identifiers),
    services.messaging.exportFor(db, identifiers),
    services.forms.exportFor(uuid),
    services.orders.exportFor(db, uuid),
    services.ageVerification.exportFor(db, uuid),
  ]);
  return {
    exported_at: new Date().toISOString(),
    user_uuid: uuid,
    profile: identity.profile,
    sessions: identity.sessions,
    consents,
    consent_history: consentHistory,
    verification_items: verifications,
    messages,
    form_submissions: forms,
    orders,
    age_verifications: ageVerifications,
  };
}

/**
 * Cancels an account in one transaction: identity anonymised and its sessions revoked at once,
 * consents ended (their history kept as proof, without addresses), codes and messages erased,
 * form submissions anonymised (type and time kept for complaint statistics).
 * Orders keep what the law requires under the same uuid, and so do age verifications: they are
 * the proof that restricted products went to a verified adult.
 */
export async function cancelAccount(db: Db, services: Services, uuid: string): Promise<void> {
  const identifiers = await identifiersOf(services, uuid);
  await db.transaction(async (tx) => {
    await services.consents.eraseFor(tx, uuid);
    await services.verification.eraseFor(tx, identifiers);
    await services.messaging.eraseFor(tx, identifiers);
    await services.forms.anonymiseFor(tx, uuid, identifiers);
    await services.identity.cancel(tx, uuid);
  });
}
