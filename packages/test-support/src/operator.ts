import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { baseUrl, restCall, type RestResult, type Target } from './client.js';

export type OperatorRoleName = 'owner' | 'support' | 'fulfilment' | 'marketing' | 'compliance';

/** A signed-in console operator: its session cookie and CSRF token, and calls that carry both. */
export interface TestOperator {
  uuid: string;
  email: string;
  password: string;
  role: OperatorRoleName;
  /** The authenticator's secret (base32), to make further codes. */
  secret: string;
  /** `Cookie` header value of the session. */
  cookie: string;
  csrf: string;
  /** A request as the console sends it: the session cookie, the same Origin, the CSRF token. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<RestResult>;
}

/** The current six-digit code of an authenticator secret (RFC 6238, 30 s, SHA-1). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

function sessionCookie(res: RestResult): string | null {
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?ember_operator=/.test(c));
  return set ? set.split(';')[0]! : null;
}

/**
 * Makes an operator of a role through `POST /admin/operators` with the scripts' ADMIN_TOKEN, then
 * signs in as the console does: password, the authenticator's enrolment, a TOTP code.
 */
export async function createOperator(target: Target, adminToken: string, role: OperatorRoleName = 'owner', name = 'Test Operator'): Promise<TestOperator> {
  const email = `op-${randomUUID()}@ops.example.com`;
  const password = `pw-${randomUUID()}`;
  const created = await restCall(target, 'POST', '/admin/operators', { email, name, role, password }, { token: adminToken });
  if (created.status !== 201) throw new Error(`Operator not created: ${created.status} ${JSON.stringify(created.body)}`);
  const origin = new URL(baseUrl(target)).origin;
  const login = await restCall(target, 'POST', '/admin/session', { email, password }, { origin });
  const cookie = sessionCookie(login);
  if (login.status !== 200 || !cookie) throw new Error(`Operator login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const enrol = await restCall(target, 'GET', '/admin/session/enrolment', undefined, { cookie });
  if (enrol.status !== 200) throw new Error(`Enrolment failed: ${enrol.status} ${JSON.stringify(enrol.body)}`);
  const secret = enrol.body.secret as string;
  const second = await restCall(target, 'POST', '/admin/session/totp', { code: totpCode(secret) }, { cookie, headers: { 'x-csrf-token': login.body.csrf_token } });
  if (second.status !== 200) throw new Error(`Second factor failed: ${second.status} ${JSON.stringify(second.body)}`);
  const csrf = second.body.csrf_token as string;
  return {
    uuid: created.body.uuid, email, password, role, secret, cookie, csrf,
    call: (method, path, body, headers) => restCall(target, method, path, body, { cookie, headers: { 'x-csrf-token': csrf, ...headers } }),
  };
}
