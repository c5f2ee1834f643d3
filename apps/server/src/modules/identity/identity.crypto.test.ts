import { describe, expect, it } from 'vitest';
import { hashPassword, legacyScryptHash, needsRehash, newToken, tokenHash, verifyPassword } from './identity.crypto.js';

describe('password hashing', () => {
  it('hashes with Argon2id at OWASP parameters; verifies the right password and rejects a wrong one; hashes are salted', async () => {
    const a = await hashPassword('Correct horse 1');
    const b = await hashPassword('Correct horse 1');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Correct horse 1', a)).toBe(true);
    expect(await verifyPassword('correct horse 1', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('still verifies the older scrypt hashes and marks them for rehashing', async () => {
    const old = await legacyScryptHash('Correct horse 1');
    expect(old).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('Correct horse 1', old)).toBe(true);
    expect(await verifyPassword('Correct horse 2', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('marks Argon2id hashes with other parameters for rehashing', () => {
    expect(needsRehash('$argon2id$v=19$m=12288,t=3,p=1$c2FsdHNhbHRzYWx0$aGFzaA')).toBe(true);
  });

  it('never matches malformed or unknown hashes, nor scrypt parameters a corrupt row could use to exhaust memory', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$v=19$m=19456,t=2,p=1$bad')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$abc$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1048576$16$1$c2FsdA==$aGFzaA==')).toBe(false);
  });

  it('makes unguessable tokens and stores only their digest', () => {
    const t = newToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenHash(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(t)).not.toContain(t);
  });
});
