import { describe, expect, it } from 'vitest';
import { diffRecords, showValue } from './diff';

describe('audit diff', () => {
  it('lists the changed fields of two records by path, leaving equal ones out', () => {
    const before = { status: 'processing', tracking: null, totals: { grand: 1000, tax: 160 }, tags: ['a'] };
    const after = { status: 'shipped', tracking: { carrier: 'DHL', number: '123' }, totals: { grand: 1000, tax: 160 }, tags: ['a', 'b'] };
    expect(diffRecords(before, after)).toEqual([
      { path: 'status', kind: 'changed', before: 'processing', after: 'shipped' },
      { path: 'tags', kind: 'changed', before: ['a'], after: ['a', 'b'] },
      { path: 'tracking.carrier', kind: 'added', after: 'DHL' },
      { path: 'tracking.number', kind: 'added', after: '123' },
    ]);
  });

  it('shows every field of a record that appears or goes away', () => {
    expect(diffRecords(null, { role: 'support', status: 'active' })).toEqual([
      { path: 'role', kind: 'added', after: 'support' },
      { path: 'status', kind: 'added', after: 'active' },
    ]);
    expect(diffRecords({ email: 'a@example.com' }, null)).toEqual([{ path: 'email', kind: 'removed', before: 'a@example.com' }]);
    expect(diffRecords({ a: 1, b: 2 }, { a: 1 })).toEqual([{ path: 'b', kind: 'removed', before: 2 }]);
  });

  it('compares plain values whole and finds nothing when equal', () => {
    expect(diffRecords(5, 7)).toEqual([{ path: '(value)', kind: 'changed', before: 5, after: 7 }]);
    expect(diffRecords({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
    expect(diffRecords(null, null)).toEqual([]);
    // Null on one side and missing on the other is no change.
    expect(diffRecords({ status: 'processing' }, { status: 'shipped', carrier: null })).toEqual([{ path: 'status', kind: 'changed', before: 'processing', after: 'shipped' }]);
  });

  it('shows strings as they are and the rest as JSON', () => {
    expect(showValue('shipped')).toBe('shipped');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(null)).toBe('null');
    expect(showValue(undefined)).toBe('');
  });
});
