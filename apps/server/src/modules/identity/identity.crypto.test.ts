import { describe, expect, it } from 'vitest';
import { hashPassword, newToken, tokenHash, verifyPassword } from './identity.crypto.js';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one; hashes are salted', async () => {
    const a = await hashPassword('Correct horse 1');
    const b = await hashPassword('Correct horse 1');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Correct horse 1', a)).toBe(true);
    expect(await verifyPassword('correct horse 1', a)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });

  it('makes unguessable tokens and stores only their digest', () => {
    const t = newToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenHash(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(t)).not.toContain(t);
  });
});
