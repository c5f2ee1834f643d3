import { describe, expect, it } from 'vitest';
import { ageOn, databaseResult, isSignatureValid, signPayload, workflowResult, yearsBefore } from './age-verification.provider.js';
import { returnUrl } from './age-verification.service.js';

const SECRET = 'a'.repeat(64);

describe('age-verification provider helpers', () => {
  it('counts whole years and turns a year older only on the birthday', () => {
    expect(ageOn('2008-06-15', new Date('2026-06-14T23:59:00Z'))).toBe(17);
    expect(ageOn('2008-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(18);
    expect(ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(18);
  });

  it('accepts its own signature and refuses a changed body, another key, a stale time and garbage', () => {
    const now = 1_800_000_000;
    const body = '{"a":1}';
    const sig = signPayload(SECRET, body, now);
    expect(isSignatureValid(SECRET, body, sig, now + 10)).toBe(true);
    expect(isSignatureValid(SECRET, '{"a":2}', sig, now)).toBe(false);
    expect(isSignatureValid('b'.repeat(64), body, sig, now)).toBe(false);
    expect(isSignatureValid(SECRET, body, sig, now + 301)).toBe(false);
    expect(isSignatureValid(SECRET, body, undefined, now)).toBe(false);
    expect(isSignatureValid(SECRET, body, 't=abc,v1=zz', now)).toBe(false);
    expect(isSignatureValid(SECRET, body, `t=${now},v1=${'0'.repeat(64)}`, now)).toBe(false);
  });

  it('maps each TEST identity to its outcome, and the minor shows a 16-year-old document', () => {
    const today = new Date('2026-11-23T00:00:00Z');
    expect(workflowResult('adult', '1990-04-12', today)).toEqual({ outcome: 'verified', date_of_birth: '1990-04-12', reason: null });
    expect(workflowResult('minor', '1990-04-12', today)).toEqual({ outcome: 'verified', date_of_birth: yearsBefore(today, 16), reason: null });
    expect(workflowResult('review', '1990-04-12', today)?.outcome).toBe('needs_review');
    expect(workflowResult('timeout', '1990-04-12', today)).toBeNull();
    expect(databaseResult({ lastname: ' unknown ', date_of_birth: '1990-04-12' }).outcome).toBe('rejected');
    expect(databaseResult({ lastname: 'Review', date_of_birth: '1990-04-12' }).outcome).toBe('needs_review');
  });

  it('sends the customer back to the storefront path naming the verification', () => {
    expect(returnUrl('/gb/account#/age-verification', 'u1')).toBe('/gb/account#/age-verification?verification=u1');
    expect(returnUrl('/gb/checkout?step=2', 'u1')).toBe('/gb/checkout?step=2&verification=u1');
  });
});
