import { describe, expect, it } from 'vitest';
import { safeReturnTo, withReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnTo('/gb/account#/address')).toBe('/gb/account#/address');
    expect(safeReturnTo('/de/shop/sticks?page=2')).toBe('/de/shop/sticks?page=2');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash the parser reads as a slash', '/\\evil.example'],
    ['a tab hidden between the slashes', '/\t/evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'gb/account'],
    ['nothing', ''],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('refuses null and overlong values', () => {
    expect(safeReturnTo(null)).toBeNull();
    expect(safeReturnTo(`/${'a'.repeat(2000)}`)).toBeNull();
  });
});

describe('withReturnTo', () => {
  it('adds a safe returnTo and drops an unsafe one', () => {
    expect(withReturnTo('/gb/login', '/gb/account#/address')).toBe('/gb/login?returnTo=%2Fgb%2Faccount%23%2Faddress');
    expect(withReturnTo('/gb/login', '//evil.example')).toBe('/gb/login');
  });
});
