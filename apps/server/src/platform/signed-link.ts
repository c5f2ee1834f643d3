import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a link the shop e-mails (a lead's or a newsletter's confirmation, an unsubscribe link):
 * `<payload>.<signature>`, both base64url. The payload is a record's id (a UUID, 16 bytes) and the
 * link's expiry in Unix seconds (4 bytes, big-endian); the signature is HMAC-SHA256 over a context
 * that names the link's purpose and the payload. Nothing is stored: a link is genuine when its
 * signature matches, and the record's state says what it did. A token of one purpose never reads as
 * one of another, since the context differs.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([A-Za-z0-9_-]{27})\.([A-Za-z0-9_-]{43})$/;
/** The latest expiry four bytes hold (2106): a link that never expires carries it. */
export const NEVER_EXPIRES = new Date(0xffffffff * 1000);

export interface SignedLink {
  id: string;
  expiresAt: Date;
}

function payloadOf(id: string, expiresAt: Date): Buffer {
  const payload = Buffer.alloc(20);
  Buffer.from(id.replace(/-/g, ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(Math.min(0xffffffff, Math.floor(expiresAt.getTime() / 1000)), 16);
  return payload;
}

function signatureOf(secret: string, context: string, payload: Buffer): Buffer {
  return createHmac('sha256', secret).update(context).update(payload).digest();
}

/** Base64url that decodes to exactly these bytes and back: one spelling per token. */
function decodeExactly(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/** The token of a link for `context` naming `id`, valid until `expiresAt` (whole seconds). */
export function signLink(secret: string, context: string, id: string, expiresAt: Date): string {
  if (!UUID.test(id)) throw new Error('A linked id is a lower-case UUID');
  const payload = payloadOf(id, expiresAt);
  return `${payload.toString('base64url')}.${signatureOf(secret, context, payload).toString('base64url')}`;
}

/**
 * The id and expiry a token names, when its signature is the shop's for this context (compared in
 * constant time); null for anything else. Whether it has expired is the caller's to judge.
 */
export function readLink(secret: string, context: string, token: string): SignedLink | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const payload = decodeExactly(parts[1]!);
  const signature = decodeExactly(parts[2]!);
  if (payload?.length !== 20 || signature?.length !== 32) return null;
  if (!timingSafeEqual(signature, signatureOf(secret, context, payload))) return null;
  const hex = payload.subarray(0, 16).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, expiresAt: new Date(payload.readUInt32BE(16) * 1000) };
}
