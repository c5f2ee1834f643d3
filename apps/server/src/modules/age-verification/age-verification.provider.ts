import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '../../platform/html.js';

/** The header a provider callback carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'x-age-verification-signature';
/** How far a callback's timestamp may be from the shop's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const TEST_PROVIDER = 'TEST';

/** What the built-in provider's test identities turn into (docs/decisions/0012). */
export const TEST_IDENTITIES = ['adult', 'minor', 'review', 'timeout'] as const;
export type TestIdentity = (typeof TEST_IDENTITIES)[number];

export interface ProviderResult {
  outcome: 'verified' | 'rejected' | 'needs_review';
  date_of_birth: string | null;
  reason: string | null;
}

export interface CallbackBody extends ProviderResult {
  event_id: string;
  reference: string;
}

export function signPayload(secret: string, body: string, at: number = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

/** Checks a callback signature in constant time and refuses stale timestamps (a replay defence besides ids). */
export function isSignatureValid(secret: string, body: string, header: string | undefined, now: number = Math.floor(Date.now() / 1000)): boolean {
  if (!header || header.length > 200) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const at = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(at) || !given || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now - at) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${at}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export function newReference(): string {
  return randomBytes(24).toString('base64url');
}

export function newEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`;
}

/** Subtracts whole years from an ISO date, for the under-age document the `minor` identity shows. */
export function yearsBefore(today: Date, years: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** What the TEST document/bank workflow reports for an identity; `timeout` never reports. */
export function workflowResult(identity: TestIdentity, requestedDob: string, today = new Date()): ProviderResult | null {
  switch (identity) {
    case 'adult':
      return { outcome: 'verified', date_of_birth: requestedDob, reason: null };
    case 'minor':
      // The document shows a 16-year-old: the shop's own age rule turns this into a rejection.
      return { outcome: 'verified', date_of_birth: yearsBefore(today, 16), reason: null };
    case 'review':
      return { outcome: 'needs_review', date_of_birth: null, reason: 'document_unclear' };
    case 'timeout':
      return null;
  }
}

/**
 * The TEST database check (name + date of birth), also behind hidden verification: surnames
 * "Review" and "Unknown" are the test identities for a manual review and a person not found.
 */
export function databaseResult(person: { lastname: string; date_of_birth: string }): ProviderResult {
  const surname = person.lastname.trim().toLowerCase();
  if (surname === 'review') return { outcome: 'needs_review', date_of_birth: null, reason: 'manual_check' };
  if (surname === 'unknown') return { outcome: 'rejected', date_of_birth: null, reason: 'not_found' };
  return { outcome: 'verified', date_of_birth: person.date_of_birth, reason: null };
}

/** Whole years between a date of birth and `today` (UTC). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}


/** The provider's workflow page: a plain form, so it runs under the shop's strict CSP without script. */
export function workflowPage(opts: { reference: string; kind: string; state: 'open' | 'submitted' | 'closed'; returnUrl: string }): string {
  const title = opts.kind === 'bank' ? 'Confirm your age with your bank' : 'Scan your identity document';
  const labels: Record<TestIdentity, string> = {
    adult: 'Adult document (verified)',
    minor: 'Under-age document (rejected)',
    review: 'Unclear document (needs review)',
    timeout: 'Abandon (no answer, times out)',
  };
  const body =
    opts.state === 'open'
      ? `<form method="post" action="/age-verification/test-provider/workflows/${escapeHtml(opts.reference)}">
  <fieldset><legend>Test identity</legend>
  ${TEST_IDENTITIES.map((id, i) => `<label><input type="radio" name="identity" value="${id}"${i === 0 ? ' checked' : ''}> ${labels[id]}</label><br>`).join('\n  ')}
  </fieldset>
  <button type="submit">Submit</button>
</form>`
      : `<p>${opts.state === 'submitted' ? 'Your details were submitted. The shop will hear from us shortly.' : 'This verification is closed.'}</p>
<p><a href="${escapeHtml(opts.returnUrl)}">Back to the shop</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>TEST age verification provider</title></head>
<body><main><p>TEST provider — no real checks are made.</p><h1>${title}</h1>
${body}
</main></body></html>`;
}
