import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm, type Options as Argon2Options } from '@node-rs/argon2';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));

/**
 * Argon2id at OWASP's first recommendation (19 MiB, 2 passes, 1 lane): about 16 ms of CPU per hash on
 * this machine, against 430 ms for scrypt at OWASP's N=2^17 (docs/decisions/0006). The PHC string it
 * produces carries these parameters, so raising them later rehashes on the next sign-in.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// The package declares its algorithms as a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS: Argon2Options = { ...ARGON2_PARAMS, algorithm: ARGON2ID, outputLen: 32 };

/** Older hashes (`scrypt$N$r$p$salt$hash`) still verify; parameters beyond these are refused as corrupt. */
const SCRYPT_LIMITS = { maxN: 2 ** 20, maxR: 16, maxP: 4, maxmem: 1024 * 1024 * 1024 };

/** Hashes a password with Argon2id and a random 16-byte salt, as a PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2_OPTIONS);
}

/** Checks a password against a stored hash of either scheme in constant time; malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const normalised = password.normalize('NFKC');
  if (stored.startsWith('$argon2id$')) {
    try {
      return await argon2Verify(stored, normalised);
    } catch {
      return false;
    }
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!Number.isInteger(N) || N < 2 || N > SCRYPT_LIMITS.maxN || !Number.isInteger(R) || R < 1 || R > SCRYPT_LIMITS.maxR || !Number.isInteger(P) || P < 1 || P > SCRYPT_LIMITS.maxP) {
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  try {
    const key = await scrypt(normalised, Buffer.from(salt, 'base64'), expected.length, { N, r: R, p: P, maxmem: SCRYPT_LIMITS.maxmem });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    // Parameters scrypt itself refuses (N not a power of two, memory above the cap): a corrupt row.
    return false;
  }
}

/** Whether a stored hash is older or weaker than today's scheme and parameters, and should be replaced at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) !== ARGON2_PARAMS.memoryCost || Number(m[2]) !== ARGON2_PARAMS.timeCost || Number(m[3]) !== ARGON2_PARAMS.parallelism;
}

/** A scrypt hash with the old parameters (N=2^15, r=8, p=1), as accounts created before Argon2id hold; tests use it. */
export async function legacyScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$32768$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash to compare against when the account does not exist, so both paths cost the same. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

/** A new opaque secret (session or reset token): 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How tokens are stored: their SHA-256 in hex. A token is high-entropy, so no salt is needed. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
