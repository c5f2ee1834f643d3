import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The printed pack code: 16 characters of Crockford's base 32 (no I, L, O, U), shown in four groups
 * of four. Characters 1–4 are the batch id, 5–9 the serial within the batch, 10–16 a check: the
 * first 35 bits of HMAC-SHA256 over the batch id and serial, keyed with PACK_CODE_SECRET. Whether a
 * code is genuine is computed from the code and the key; no list of printed codes exists.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BATCH_CHARS = 4;
const SERIAL_CHARS = 5;
const CHECK_CHARS = 7;
export const CODE_LENGTH = BATCH_CHARS + SERIAL_CHARS + CHECK_CHARS;
export const MAX_BATCH_ID = 32 ** BATCH_CHARS - 1;
export const MAX_BATCH_SIZE = 32 ** SERIAL_CHARS;

export interface ParsedCode {
  /** The canonical form: 16 characters, upper case, no separators (what is stored and credited). */
  code: string;
  batchId: number;
  serial: number;
}

function encode(value: number, chars: number): string {
  let out = '';
  for (let i = 0; i < chars; i++) {
    out = ALPHABET[value % 32]! + out;
    value = Math.floor(value / 32);
  }
  return out;
}

function decode(text: string): number {
  let value = 0;
  for (const ch of text) value = value * 32 + ALPHABET.indexOf(ch);
  return value;
}

function check(key: string, batchId: number, serial: number): string {
  const mac = createHmac('sha256', key).update(`ember-pack-code:v1:${batchId}:${serial}`).digest();
  // 35 bits: the first five bytes less the last five bits, as seven base-32 characters.
  let bits = 0n;
  for (const byte of mac.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  bits >>= 5n;
  let out = '';
  for (let i = 0; i < CHECK_CHARS; i++) {
    out = ALPHABET[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return out;
}

/** The code of one serial of a batch, canonical (no separators). */
export function makeCode(key: string, batchId: number, serial: number): string {
  if (!Number.isInteger(batchId) || batchId < 1 || batchId > MAX_BATCH_ID) throw new RangeError('batch id out of range');
  if (!Number.isInteger(serial) || serial < 0 || serial >= MAX_BATCH_SIZE) throw new RangeError('serial out of range');
  return encode(batchId, BATCH_CHARS) + encode(serial, SERIAL_CHARS) + check(key, batchId, serial);
}

/** As printed: `ABCD-EFGH-JKMN-PQRS`. */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/**
 * What a customer typed, read the forgiving way Crockford's alphabet allows: case, spaces and
 * hyphens do not matter, O reads as 0 and I or L as 1. Null when it cannot be a pack code at all.
 */
export function parseCode(input: string): ParsedCode | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CODE_LENGTH || ![...code].every((ch) => ALPHABET.includes(ch))) return null;
  const batchId = decode(code.slice(0, BATCH_CHARS));
  if (batchId < 1) return null;
  return { code, batchId, serial: decode(code.slice(BATCH_CHARS, BATCH_CHARS + SERIAL_CHARS)) };
}

/** Whether the code's check matches its batch id and serial under the key (constant time). */
export function checkMatches(key: string, parsed: ParsedCode): boolean {
  const expected = Buffer.from(check(key, parsed.batchId, parsed.serial));
  const given = Buffer.from(parsed.code.slice(BATCH_CHARS + SERIAL_CHARS));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
