/** The audit log's before/after as a list of changed fields, for a readable diff. */

export type DiffKind = 'added' | 'removed' | 'changed';

export interface DiffLine {
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The leaves that differ between two records, by dotted path (objects are walked, arrays and
 * scalars compared whole). A record that appears or goes away shows each of its fields.
 */
export function diffRecords(before: unknown, after: unknown, prefix = ''): DiffLine[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => {
      const path = prefix ? `${prefix}.${key}` : key;
      if (!(key in before)) return diffRecords(undefined, after[key], path);
      if (!(key in after)) return diffRecords(before[key], undefined, path);
      return diffRecords(before[key], after[key], path);
    });
  }
  if ((before === undefined || before === null) && isPlainObject(after)) {
    return Object.keys(after).sort().flatMap((key) => diffRecords(undefined, after[key], prefix ? `${prefix}.${key}` : key));
  }
  if (isPlainObject(before) && (after === undefined || after === null)) {
    return Object.keys(before).sort().flatMap((key) => diffRecords(before[key], undefined, prefix ? `${prefix}.${key}` : key));
  }
  if (same(before, after)) return [];
  // A field that is null on one side and missing on the other says nothing.
  if ((before === undefined && after === null) || (before === null && after === undefined)) return [];
  const path = prefix || '(value)';
  if (before === undefined) return [{ path, kind: 'added', after }];
  if (after === undefined) return [{ path, kind: 'removed', before }];
  return [{ path, kind: 'changed', before, after }];
}

/** A value as the diff shows it: strings as they are, the rest as compact JSON. */
export function showValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
