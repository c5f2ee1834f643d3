import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRefusal } from './payments.provider.js';

export const SIGNATURE_HEADER = 'sandbox-signature';

/** HMAC-SHA256 over "<unix seconds>.<raw body>", the scheme Stripe-style providers use. */
export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Checks a signature header against the raw body with a constant-time comparison, then the
 * timestamp against the tolerance (a captured request replayed later is refused as stale).
 */
export function verifySignature(secret: string, header: string | undefined, rawBody: string, nowSeconds: number, toleranceSeconds: number): void {
  if (!header) throw new WebhookRefusal('missing_signature');
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const key = piece.slice(0, eq).trim();
    parts.set(key, [...(parts.get(key) ?? []), piece.slice(eq + 1).trim()]);
  }
  const t = parts.get('t')?.[0];
  const candidates = parts.get('v1') ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || candidates.length === 0) throw new WebhookRefusal('missing_signature');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'), 'utf8');
  const matches = candidates.some((c) => {
    const given = Buffer.from(c, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookRefusal('bad_signature');
  if (Math.abs(nowSeconds - Number(t)) > toleranceSeconds) throw new WebhookRefusal('stale');
}
