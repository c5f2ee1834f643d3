import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a lead's confirmation link (docs/decisions/0058): `<payload>.<signature>`, both
 * base64url. The payload is the lead's id (16 bytes) and the link's expiry in Unix seconds (4 bytes,
 * big-endian); the signature is HMAC-SHA256 over both, keyed with LEADS_LINK_SECRET. Nothing is
 * stored: a link is genuine when its signature matches, and the lead's state says what it did.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([A-Za-z0-9_-]{27})\.([A-Za-z0-9_-]{43})$/;
/** Keeps these signatures apart from any other HMAC made with the same key. */
const CONTEXT = 'ember-lead-confirmation-v1';

export interface LeadLink {
  leadId: string;
  expiresAt: Date;
}

function payloadOf(leadId: string, expiresAt: Date): Buffer {
  const payload = Buffer.alloc(20);
  Buffer.from(leadId.replace(/-/g, ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 16);
  return payload;
}

function signatureOf(secret: string, payload: Buffer): Buffer {
  return createHmac('sha256', secret).update(CONTEXT).update(payload).digest();
}

/** Base64url that decodes to exactly these bytes and back: one spelling per token. */
function decodeExactly(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/** The token of a link to confirm `leadId`, valid until `expiresAt` (whole seconds). */
export function signLeadLink(secret: string, leadId: string, expiresAt: Date): string {
  if (!UUID.test(leadId)) throw new Error('A lead id is a lower-case UUID');
  const payload = payloadOf(leadId, expiresAt);
  return `${payload.toString('base64url')}.${signatureOf(secret, payload).toString('base64url')}`;
}

/**
 * The lead and expiry a token names, when its signature is the shop's (compared in constant time);
 * null for anything else. Whether it has expired is the caller's to judge.
 */
export function readLeadLink(secret: string, token: string): LeadLink | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const payload = decodeExactly(parts[1]!);
  const signature = decodeExactly(parts[2]!);
  if (payload?.length !== 20 || signature?.length !== 32) return null;
  if (!timingSafeEqual(signature, signatureOf(secret, payload))) return null;
  const hex = payload.subarray(0, 16).toString('hex');
  const leadId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { leadId, expiresAt: new Date(payload.readUInt32BE(16) * 1000) };
}
