import { LoyaltyConfigurationSchema, LoyaltyProductPointsListSchema, SessionValidateResponseSchema } from '@ember/contracts';
import { describe, expect, it } from 'vitest';
import { LoyaltyConfigurationContract, LoyaltyProductPointsListContract, SessionValidateContract } from './public-contracts';

const points = { sku: 'EMBER-ONE-SLATE', points: 120, rules: ['launch'], time_limited: true, time_to: '2026-12-31' };

const cases: [string, { safeParse(v: unknown): unknown }, { safeParse(v: unknown): unknown }, unknown[]][] = [
  ['session validate', SessionValidateContract, SessionValidateResponseSchema, [
    { valid: true, user_uuid: 'u-1' }, { valid: false }, { valid: true, user_uuid: 'u-1', consent_renewal_required: true, extra: 1 },
    { valid: 'yes' }, { valid: true, user_uuid: 7 }, { valid: true, consent_renewal_required: 'no' }, null, [], 'valid', {},
  ]],
  ['loyalty configuration', LoyaltyConfigurationContract, LoyaltyConfigurationSchema, [
    { enabled: '1', timeout: 5000, points_expiry_days: 365, pending_days: 14 }, { enabled: '0', timeout: 1, points_expiry_days: 0, pending_days: 0, more: true },
    { enabled: 1, timeout: 5000, points_expiry_days: 365, pending_days: 14 }, { enabled: '1', timeout: '5000', points_expiry_days: 365, pending_days: 14 },
    { enabled: '1', timeout: 5000, points_expiry_days: 365 }, null, [],
  ]],
  ['product points', LoyaltyProductPointsListContract, LoyaltyProductPointsListSchema, [
    { items: [points] }, { items: [] }, {}, { items: [{ ...points, time_to: null, extra: 'x' }] }, { other: 1 },
    { items: [{ ...points, rules: [1] }] }, { items: [{ ...points, time_to: 3 }] }, { items: [{ ...points, time_limited: 'no' }] },
    { items: 'none' }, { items: [null] }, null,
  ]],
];

describe('the public pages’ answer checks', () => {
  for (const [name, light, schema, samples] of cases) {
    it(`accept and shape a ${name} answer exactly as its contract schema does`, () => {
      for (const sample of samples) expect(light.safeParse(sample), JSON.stringify(sample)).toEqual(pick(schema.safeParse(sample)));
    });
  }
});

/** zod's answer reduced to what the REST client reads: success and, on success, the data. */
function pick(result: unknown) {
  const r = result as { success: boolean; data?: unknown };
  return r.success ? { success: true, data: r.data } : { success: false };
}
