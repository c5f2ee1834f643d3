import type { Queryable, Tx } from './db.js';

/** Whom a data-subject request is about: the account and the identifiers other modules know it by. */
export interface DataSubject {
  uuid: string;
  /** The account's e-mail and telephone as stored (codes and messages are kept by these). */
  identifiers: string[];
}

/**
 * One module's share of the data-subject export (GDPR Art. 15/20) and of erasure (Art. 17).
 * Every table of the database belongs to exactly one part: either as a table that can hold a
 * customer's data (`personalTables`) or as one declared to hold none (`otherTables`). A test
 * compares this with information_schema, so a new table nobody claims fails the build.
 */
export interface PrivacyPart {
  /** The owning module (its table prefix, or `platform`). */
  module: string;
  /** Tables that can hold a customer's data; `export` and `erase` answer for them. */
  personalTables: readonly string[];
  /** Tables declared to hold no personal data (catalogue, configuration, counters without identifiers). */
  otherTables?: readonly string[];
  /**
   * The subject's data, as named sections of the export. Only the subject's rows, and never
   * secrets (password, code or token hashes, card tokens, message bodies).
   */
  export(db: Queryable, subject: DataSubject): Promise<Record<string, unknown>>;
  /** Erases or anonymises the subject's data in the caller's transaction. */
  erase(tx: Tx, subject: DataSubject): Promise<void>;
  /** What outlives erasure and why (a legal duty to keep it), when anything does. */
  retained?: string;
}

/** The registered parts; registration refuses a second part for a module or a table claimed twice. */
export class PrivacyRegistry {
  private readonly byModule = new Map<string, PrivacyPart>();
  private readonly owners = new Map<string, string>();

  register(part: PrivacyPart): void {
    if (this.byModule.has(part.module)) throw new Error(`privacy part of ${part.module} registered twice`);
    for (const table of [...part.personalTables, ...(part.otherTables ?? [])]) {
      const owner = this.owners.get(table);
      if (owner) throw new Error(`table ${table} is claimed by both ${owner} and ${part.module}`);
      this.owners.set(table, part.module);
    }
    this.byModule.set(part.module, part);
  }

  parts(): PrivacyPart[] {
    return [...this.byModule.values()];
  }

  /** The module a table belongs to, and whether it can hold personal data; null for a table nobody claims. */
  ownerOf(table: string): { module: string; personal: boolean } | null {
    const module = this.owners.get(table);
    if (!module) return null;
    return { module, personal: this.byModule.get(module)!.personalTables.includes(table) };
  }

  /** Every part's sections in one object; two parts naming the same section is a programming error. */
  async export(db: Queryable, subject: DataSubject): Promise<Record<string, unknown>> {
    const result: Record<string, unknown> = {};
    for (const part of this.parts()) {
      for (const [section, value] of Object.entries(await part.export(db, subject))) {
        if (section in result) throw new Error(`export section ${section} is given by two parts`);
        result[section] = value;
      }
    }
    return result;
  }

  /** Runs every part's erasure in the caller's transaction, in registration order. */
  async erase(tx: Tx, subject: DataSubject): Promise<void> {
    for (const part of this.parts()) await part.erase(tx, subject);
  }
}

/** A part for a module whose tables hold no personal data (catalogue, configuration). */
export function holdsNoPersonalData(module: string, tables: readonly string[]): PrivacyPart {
  return { module, personalTables: [], otherTables: tables, export: async () => ({}), erase: async () => undefined };
}
