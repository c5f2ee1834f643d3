import { describe, expect, it } from 'vitest';
import { pageCount, readInt, readParams, readSort, sortParam, withParams } from './listParams';

describe('list parameters in the query string', () => {
  it('reads only the named, non-empty parameters', () => {
    const search = new URLSearchParams('q=%20ada%20&status=&action=order.status&other=x');
    expect(readParams(search, ['q', 'status', 'action'] as const)).toEqual({ q: 'ada', action: 'order.status' });
  });

  it('reads a page number, falling back on nonsense and clamping to the maximum', () => {
    expect(readInt(new URLSearchParams('page=3'), 'page', 1)).toBe(3);
    expect(readInt(new URLSearchParams('page=0'), 'page', 1)).toBe(1);
    expect(readInt(new URLSearchParams('page=-2'), 'page', 1)).toBe(1);
    expect(readInt(new URLSearchParams('page=abc'), 'page', 1)).toBe(1);
    expect(readInt(new URLSearchParams('page_size=500'), 'page_size', 25, 100)).toBe(100);
  });

  it('starts again at page 1 when a filter changes, keeps the page when only it changes', () => {
    const search = new URLSearchParams('q=ada&page=4&sort=-created_at');
    expect(withParams(search, { q: 'bob' }).toString()).toBe('q=bob&sort=-created_at');
    expect(withParams(search, { page: 5 }).toString()).toBe('q=ada&page=5&sort=-created_at');
    expect(withParams(search, { q: '', sort: undefined }).toString()).toBe('');
    // The original is left alone.
    expect(search.get('page')).toBe('4');
  });

  it('reads and writes the sort as an optional minus and an allowed column', () => {
    expect(readSort(new URLSearchParams('sort=-grand_total'), ['grand_total'])).toEqual({ id: 'grand_total', desc: true });
    expect(readSort(new URLSearchParams('sort=number'), ['number'])).toEqual({ id: 'number', desc: false });
    expect(readSort(new URLSearchParams('sort=-password'), ['number'])).toBeNull();
    expect(sortParam({ id: 'number', desc: true })).toBe('-number');
    expect(sortParam({ id: 'number', desc: false })).toBe('number');
    expect(sortParam(undefined)).toBeUndefined();
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
