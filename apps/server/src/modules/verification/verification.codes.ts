import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';

export type VerificationChannel = 'sms' | 'email';

export const CODE_LENGTH = 6;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

// Interactive scrypt cost: a stolen row cannot be reversed by trying the million codes within their ten minutes.
const SCRYPT = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(code: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code, salt, KEY_LENGTH, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hashes a code with a fresh per-item salt; the result names its parameters so they can change later. */
export async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(code, salt, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Compares a presented code with a stored hash in constant time; a malformed hash never matches. */
export async function matchesCode(stored: string, code: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(code, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const PHONE_CHARS = /^\+?[0-9 ().\-/]{3,32}$/;
const emailSchema = z.email().max(254);

function invalid(channel: VerificationChannel): AppError {
  const what = channel === 'sms' ? 'a phone number' : 'an e-mail address';
  return new AppError('VALIDATION_FAILED', `The identifier is not ${what}`, [{ path: ['identifier'], message: `Expected ${what}` }]);
}

/**
 * The one spelling an identifier is stored and compared in: E.164 for phones (national numbers read
 * in the store's country), lower case for e-mail addresses. Anything else is a validation error.
 */
export function normaliseIdentifier(channel: VerificationChannel, raw: string, defaultCountry?: string): string {
  const input = raw.trim();
  if (channel === 'email') {
    const email = input.toLowerCase();
    if (!emailSchema.safeParse(email).success) throw invalid(channel);
    return email;
  }
  if (!PHONE_CHARS.test(input)) throw invalid(channel);
  const country = defaultCountry && isSupportedCountry(defaultCountry.toUpperCase()) ? (defaultCountry.toUpperCase() as CountryCode) : undefined;
  const phone = parsePhoneNumberFromString(input, { defaultCountry: country, extract: false });
  // A possible number is enough: the code sent to it proves it works, and isValid() refuses
  // reserved ranges such as Ofcom's 07700 900xxx that demo data and tests rely on.
  if (!phone || !phone.isPossible() || phone.ext) throw invalid(channel);
  return phone.number;
}
