import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { generateCode, hashCode, matchesCode, normaliseIdentifier } from './verification.codes.js';

describe('one-time codes', () => {
  it('are six digits, leading zeros included, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('are stored as a salted scrypt hash that matches only the same code', async () => {
    const a = await hashCode('012345');
    const b = await hashCode('012345');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toContain('012345');
    expect(a).not.toBe(b);
    expect(await matchesCode(a, '012345')).toBe(true);
    expect(await matchesCode(b, '012345')).toBe(true);
    expect(await matchesCode(a, '012346')).toBe(false);
    expect(await matchesCode(a, '12345')).toBe(false);
  });

  it('never match a malformed stored hash', async () => {
    for (const stored of ['', 'plain', 'md5$1$2$3$abc$def', 'scrypt$16384$8$1$$']) expect(await matchesCode(stored, '123456')).toBe(false);
  });
});

describe('identifier normalisation', () => {
  it("reads national phone numbers in the store view's country and writes E.164", () => {
    expect(normaliseIdentifier('sms', '07700 900123', 'GB')).toBe('+447700900123');
    expect(normaliseIdentifier('sms', '(030) 123-4567', 'DE')).toBe('+49301234567');
    expect(normaliseIdentifier('sms', '079 123 45 67', 'ch')).toBe('+41791234567');
  });

  it('keeps international numbers whatever the default country', () => {
    expect(normaliseIdentifier('sms', '+44 7700 900123', 'DE')).toBe('+447700900123');
    expect(normaliseIdentifier('sms', '0044 7700 900123', 'GB')).toBe('+447700900123');
    expect(normaliseIdentifier('sms', '+447700900123')).toBe('+447700900123');
  });

  it('lower-cases and trims e-mail addresses', () => {
    expect(normaliseIdentifier('email', '  Ada.Lovelace+Shop@Example.COM ')).toBe('ada.lovelace+shop@example.com');
  });

  it('refuses what is not a phone number or an e-mail address with VALIDATION_FAILED', () => {
    const bad: [Parameters<typeof normaliseIdentifier>[0], string][] = [
      ['sms', 'abc'],
      ['sms', '12'],
      ['sms', 'call 07700 900123'],
      ['sms', '07700 900123 ext. 12'],
      ['sms', '+44 7700 900123 4567 890'],
      ['sms', '07700900123'.repeat(4)],
      ['email', 'ada@'],
      ['email', 'ada lovelace@example.com'],
      ['email', `${'a'.repeat(250)}@example.com`],
      ['email', 'ada@example.com\r\nBcc: eve@example.com'],
    ];
    for (const [channel, raw] of bad) {
      const err = (() => {
        try {
          normaliseIdentifier(channel, raw, 'GB');
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(err, raw).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('VALIDATION_FAILED');
    }
  });
});
