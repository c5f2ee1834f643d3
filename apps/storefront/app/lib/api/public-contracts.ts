import type { Contract } from './rest';
import type { LoyaltyConfiguration, LoyaltyProductPoints } from '@ember/contracts';

/**
 * The three answers every public page reads after hydration (whether a session is live, the
 * club's configuration, a product's points), checked without zod: the schemas' chunk (zod, about
 * 25 KB compressed) then loads only with an account, club or checkout call (docs/decisions/0043).
 * Each accepts exactly what its `@ember/contracts` schema accepts and, as zod does, keeps only the
 * schema's keys (public-contracts.test.ts holds them to the schemas).
 */
type Check<T> = (value: unknown) => T | undefined;

const FAIL = undefined;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function contractOf<T>(check: Check<T>): Contract<T> {
  return {
    safeParse(data: unknown) {
      const value = check(data);
      return value === undefined ? { success: false } : { success: true, data: value };
    },
  };
}

export interface SessionValidateResponse {
  valid: boolean;
  user_uuid?: string;
  consent_renewal_required?: boolean;
  is_device_registered?: boolean;
}

export const SessionValidateContract = contractOf<SessionValidateResponse>((v) => {
  if (!isObject(v) || typeof v.valid !== 'boolean') return FAIL;
  const out: SessionValidateResponse = { valid: v.valid };
  if (v.user_uuid !== undefined) {
    if (typeof v.user_uuid !== 'string') return FAIL;
    out.user_uuid = v.user_uuid;
  }
  if (v.consent_renewal_required !== undefined) {
    if (typeof v.consent_renewal_required !== 'boolean') return FAIL;
    out.consent_renewal_required = v.consent_renewal_required;
  }
  if (v.is_device_registered !== undefined) {
    if (typeof v.is_device_registered !== 'boolean') return FAIL;
    out.is_device_registered = v.is_device_registered;
  }
  return out;
});

export const LoyaltyConfigurationContract = contractOf<LoyaltyConfiguration>((v) => {
  if (!isObject(v) || typeof v.enabled !== 'string' || !isNumber(v.timeout) || !isNumber(v.points_expiry_days) || !isNumber(v.pending_days)) return FAIL;
  return { enabled: v.enabled, timeout: v.timeout, points_expiry_days: v.points_expiry_days, pending_days: v.pending_days };
});

const productPoints: Check<LoyaltyProductPoints> = (v) => {
  if (!isObject(v) || typeof v.sku !== 'string' || !isNumber(v.points) || typeof v.time_limited !== 'boolean') return FAIL;
  if (!Array.isArray(v.rules) || !v.rules.every((r) => typeof r === 'string')) return FAIL;
  if (v.time_to !== null && typeof v.time_to !== 'string') return FAIL;
  return { sku: v.sku, points: v.points, rules: [...(v.rules as string[])], time_limited: v.time_limited, time_to: v.time_to };
};

export const LoyaltyProductPointsListContract = contractOf<{ items?: LoyaltyProductPoints[] }>((v) => {
  if (!isObject(v)) return FAIL;
  if (v.items === undefined) return {};
  if (!Array.isArray(v.items)) return FAIL;
  const items: LoyaltyProductPoints[] = [];
  for (const item of v.items) {
    const checked = productPoints(item);
    if (!checked) return FAIL;
    items.push(checked);
  }
  return { items };
});
