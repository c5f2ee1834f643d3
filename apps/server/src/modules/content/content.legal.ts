import type { Queryable, Reader } from '../../platform/db.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import { findCurrentLegalPages, findLegalVersions, type LegalKind, type LegalPageRow, type LegalVersionRow } from './content.store.js';

/** The legal pages in the order the footer lists them. */
export const LEGAL_KINDS: readonly LegalKind[] = ['terms', 'privacy', 'cookies', 'withdrawal', 'imprint'];

/** The documents a shopper accepts at registration and before placing an order. */
const ACCEPTED_KINDS: LegalKind[] = ['terms', 'privacy'];

export function isLegalKind(value: string): value is LegalKind {
  return (LEGAL_KINDS as readonly string[]).includes(value);
}

/** The store view a legal text belongs to. */
export interface LegalScope {
  code: string;
  language: string;
}

/** One accepted document, as kept with a consent or an order. */
export interface AcceptedDocument {
  identifier: LegalKind;
  title: string;
  version: number;
}

const CHECKBOX_TEXT: Record<string, string> = {
  en: 'I accept the terms and conditions and have read the privacy policy.',
  de: 'Ich akzeptiere die Allgemeinen Geschäftsbedingungen und habe die Datenschutzerklärung gelesen.',
};

/**
 * Legal pages per store view and language (content_legal_page): each publication is a version,
 * the current one is the newest already published. One checkout agreement per store view stands
 * for "terms and privacy"; its id is the current terms version's row, so a new publication makes
 * an earlier tick stale (docs/decisions/0027).
 */
export class LegalPagesService {
  /**
   * Every version (published and scheduled) of the accepted documents per store view and language:
   * each checkout call and each registration needs the current ones, which change only when a
   * version is published (a change announced as `content` drops them) or a scheduled one comes due
   * (picked by time at each use). The time bound covers a process that hears no announcements.
   */
  private readonly versions = new TtlCache<(LegalVersionRow & { published_at: Date })[]>(60_000, 100);

  constructor(private readonly db: Reader) {}

  invalidate(): void {
    this.versions.clear();
  }

  /** The store view's current legal pages in footer order. */
  async pages(store: LegalScope, q: Queryable = this.db): Promise<LegalPageRow[]> {
    const rows = await findCurrentLegalPages(q, store.code, store.language);
    return rows.sort((a, b) => LEGAL_KINDS.indexOf(a.kind) - LEGAL_KINDS.indexOf(b.kind));
  }

  /** One current legal page, or null when the store view has none of that kind. */
  async page(store: LegalScope, kind: string): Promise<LegalPageRow | null> {
    if (!isLegalKind(kind)) return null;
    return (await findCurrentLegalPages(this.db, store.code, store.language, [kind]))[0] ?? null;
  }

  /** The current terms and privacy versions a registration or an order accepts. */
  async acceptedDocuments(q: Queryable, store: LegalScope): Promise<AcceptedDocument[]> {
    return (await this.checkoutTerms(q, store)).accepted;
  }

  /**
   * What placeOrder checks and keeps, read in one statement: the ids of the agreements the shopper
   * must have ticked (the current terms' row, as `checkoutAgreements` lists it) and the accepted versions.
   */
  async checkoutTerms(q: Queryable, store: LegalScope): Promise<{ agreementIds: number[]; accepted: AcceptedDocument[] }> {
    const key = `${store.code}|${store.language}`;
    const all = await this.versions.through(key, () => findLegalVersions(q, store.code, store.language, ACCEPTED_KINDS));
    const now = Date.now();
    const rows = ACCEPTED_KINDS.flatMap((kind) => all.find((r) => r.kind === kind && r.published_at.getTime() <= now) ?? []);
    const terms = rows.find((r) => r.kind === 'terms');
    return {
      agreementIds: terms ? [terms.id] : [],
      accepted: ACCEPTED_KINDS.flatMap((kind) => {
        const row = rows.find((r) => r.kind === kind);
        return row ? [{ identifier: kind, title: row.title, version: row.version }] : [];
      }),
    };
  }

  /** Magento's CheckoutAgreement list: none when the store view has no terms. */
  async checkoutAgreements(q: Queryable, store: LegalScope) {
    const [terms] = await findCurrentLegalPages(q, store.code, store.language, ['terms']);
    if (!terms) return [];
    return [{
      agreement_id: terms.id,
      name: terms.title,
      content: terms.meta_description,
      content_height: null,
      checkbox_text: CHECKBOX_TEXT[store.language] ?? CHECKBOX_TEXT.en!,
      is_html: false,
      mode: 'MANUAL' as const,
    }];
  }
}
