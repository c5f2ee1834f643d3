import type { Reader, Tx } from '../../platform/db.js';
import { requireTx } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import * as store from './consents.store.js';

/** Consent purposes and each customer's consents; every change is kept with its time and source. */
export class ConsentService {
  /** Plain reads outside a transaction; every write takes the caller's transaction. */
  constructor(private readonly db: Reader) {}

  async purposes(language: string, filter: { step?: string; category?: string }) {
    return (await store.findPurposes(this.db, language, filter)).map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      category: p.category,
      section: { id: p.section_id, name: p.section_name, description: p.section_description },
      mandatory: p.mandatory,
      steps: p.steps,
    }));
  }

  async userConsents(uuid: string, reader: Reader = this.db) {
    return (await store.findUserConsents(reader, uuid)).map((c) => ({
      purpose_id: c.purpose_id, granted: c.granted, updated_at: c.updated_at.toISOString(),
      version: c.version, renewal_required: c.granted && c.version < c.current_version,
    }));
  }

  /** Whether the customer agreed to a purpose whose text changed since (session user consent_renewal_required). */
  async isRenewalRequired(uuid: string): Promise<boolean> {
    return (await store.findRenewalsDue(this.db, uuid)).length > 0;
  }

  async grantedPurposes(reader: Reader, uuid: string): Promise<string[]> {
    return (await store.findUserConsents(reader, uuid)).filter((c) => c.granted).map((c) => c.purpose_id);
  }

  /** Applies a set of consent changes in one transaction; mandatory purposes cannot be withdrawn. */
  async update(tx: Tx, uuid: string, changes: { purpose_id: string; granted: boolean }[], meta: { source: string; ip: string | null }) {
    requireTx(tx);
    const flags = await store.findPurposeFlags(tx, changes.map((c) => c.purpose_id));
    for (const c of changes) {
      if (!flags.has(c.purpose_id)) throw new AppError('VALIDATION_FAILED', `Unknown purpose ${c.purpose_id}`, { fields: { purpose_id: c.purpose_id } });
      if (flags.get(c.purpose_id) && !c.granted) throw new AppError('VALIDATION_FAILED', `${c.purpose_id} is required and cannot be withdrawn`, { fields: { purpose_id: c.purpose_id } });
    }
    for (const c of changes) await store.upsertConsent(tx, uuid, c.purpose_id, c.granted, meta.source, meta.ip);
    return this.userConsents(uuid, tx);
  }

  /**
   * Grants a mandatory purpose in the caller's transaction with the legal text versions it was
   * given to (terms_and_privacy at registration: the terms and privacy versions, docs/decisions/0027).
   */
  async recordAcceptance(
    tx: Tx, uuid: string, purposeId: string, documents: { identifier: string; version: number }[], meta: { source: string; ip: string | null },
  ): Promise<void> {
    const versions = Object.fromEntries(documents.map((d) => [d.identifier, d.version]));
    await store.upsertConsent(tx, uuid, purposeId, true, meta.source, meta.ip, versions);
  }

  /** The ids among these that name no purpose (other modules check purposes they record). */
  async unknownPurposes(ids: string[], reader: Reader = this.db): Promise<string[]> {
    const flags = await store.findPurposeFlags(reader, ids);
    return ids.filter((id) => !flags.has(id));
  }

  /** The purposes of the marketing section a customer may give and withdraw, named in a language (leads ask for these). */
  async marketingPurposes(reader: Reader, language: string): Promise<{ id: string; name: string }[]> {
    return (await store.findPurposes(reader, language, {})).filter((p) => p.section_id === 'marketing' && !p.mandatory).map((p) => ({ id: p.id, name: p.name }));
  }

  /** The current text version of each of these purposes that exists (the newsletter keeps the version agreed to). */
  purposeVersions(reader: Reader, ids: string[]): Promise<Map<string, number>> {
    return store.findPurposeVersions(reader, ids);
  }

  /** Ends a cancelled customer's consents inside the cancellation transaction. */
  eraseFor(tx: Tx, uuid: string): Promise<void> {
    return store.eraseUserConsents(tx, uuid);
  }

  async history(uuid: string) {
    return (await store.findHistory(this.db, uuid)).map((h) => ({ ...h, changed_at: h.changed_at.toISOString() }));
  }
}
