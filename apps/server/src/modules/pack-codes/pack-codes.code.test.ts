import { describe, expect, it } from 'vitest';
import { checkMatches, CODE_LENGTH, formatCode, makeCode, MAX_BATCH_ID, MAX_BATCH_SIZE, parseCode } from './pack-codes.code.js';
import { periodStart } from './pack-codes.service.js';

const KEY = 'unit-test-pack-code-key-0123456789abcdef';

describe('pack codes', () => {
  it('carry their batch and serial and a check only the key makes', () => {
    for (const [batch, serial] of [[1, 0], [7, 12345], [MAX_BATCH_ID, MAX_BATCH_SIZE - 1]] as const) {
      const code = makeCode(KEY, batch, serial);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      expect(code).toHaveLength(CODE_LENGTH);
      const parsed = parseCode(formatCode(code))!;
      expect(parsed).toEqual({ code, batchId: batch, serial });
      expect(checkMatches(KEY, parsed)).toBe(true);
      expect(checkMatches('another-key-entirely-0123456789abcdefgh', parsed)).toBe(false);
    }
    expect(makeCode(KEY, 1, 0)).not.toBe(makeCode(KEY, 1, 1));
    expect(() => makeCode(KEY, 0, 0)).toThrow(RangeError);
    expect(() => makeCode(KEY, 1, MAX_BATCH_SIZE)).toThrow(RangeError);
  });

  it('tell every single changed character of the check, and of the serial', () => {
    const code = makeCode(KEY, 3, 77);
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let at = 4; at < 16; at++) {
      for (const ch of alphabet) {
        if (ch === code[at]) continue;
        const changed = code.slice(0, at) + ch + code.slice(at + 1);
        expect(checkMatches(KEY, parseCode(changed)!), changed).toBe(false);
      }
    }
  });

  it('read typed codes forgivingly and refuse what cannot be one', () => {
    const code = makeCode(KEY, 2, 5);
    expect(parseCode(` ${formatCode(code).toLowerCase()} `)?.code).toBe(code);
    expect(parseCode('0oo1-0000-0000-000i')?.code).toBe('0001000000000001');
    expect(parseCode('I1L1-0000-0000-0000')?.code).toBe('1111000000000000');
    for (const bad of ['', 'ABCD', `${code}0`, 'UUUU-0000-0000-0000', '0000-0000-0000-0000', '0001_0000_0000_0000']) expect(parseCode(bad), bad).toBeNull();
  });

  it('count the allowance by calendar month in UTC', () => {
    expect(periodStart(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(periodStart(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
  });
});
