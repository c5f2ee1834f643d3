/**
 * A statement's filter and its parameters, built together: `p(value)` adds a parameter and answers
 * its placeholder, `and(condition)` adds a condition, `where()` is the clause (empty without any).
 * Values only ever travel as parameters; conditions are the caller's own SQL text.
 */
export class Conditions {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  p(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  and(condition: string): this {
    this.parts.push(condition);
    return this;
  }

  where(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** Text matched literally by LIKE: its metacharacters escaped (backslash is LIKE's escape by default). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A canonical UUID, as a search field may hold one. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamp as the database hands it (a Date, or text on some drivers) in ISO 8601, or null. */
export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
