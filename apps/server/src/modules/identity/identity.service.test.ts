import { describe, expect, it } from 'vitest';
import { checkDateOfBirth, normalisePhone } from './identity.service.js';

describe('date of birth', () => {
  const today = new Date('2026-11-22T12:00:00Z');

  it('accepts an adult and refuses someone under 18, counting to the day', () => {
    expect(() => checkDateOfBirth('2008-11-22', today)).not.toThrow();
    expect(() => checkDateOfBirth('2008-11-23', today)).toThrow(/at least 18/);
  });

  it('refuses impossible, future and implausibly old dates', () => {
    for (const d of ['2001-02-30', '2999-01-01', '1890-01-01', '2001-13-01']) expect(() => checkDateOfBirth(d, today)).toThrow();
  });
});

describe('phone numbers', () => {
  it('normalises national numbers with the store country to E.164 and refuses invalid ones', () => {
    expect(normalisePhone('07911 123456', 'GB')).toBe('+447911123456');
    expect(normalisePhone('+49 30 901820', 'GB')).toBe('+4930901820');
    expect(normalisePhone('12', 'GB')).toBeNull();
  });
});
