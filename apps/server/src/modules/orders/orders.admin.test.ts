import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { isAdminToken } from '../../platform/admin.js';
import { orderNumberFor } from './orders.service.js';

describe('operator token', () => {
  const token = 'operator-token-0123456789abcdef0123456789';

  it('accepts exactly the configured token', () => {
    expect(isAdminToken(token, token)).toBe(true);
    expect(isAdminToken(`${token} `, token)).toBe(false);
    expect(isAdminToken(token.slice(0, -1), token)).toBe(false);
    expect(isAdminToken('', token)).toBe(false);
    expect(isAdminToken(undefined, token)).toBe(false);
  });

  it('is required in LIVE mode and must be long', () => {
    expect(() => loadConfig({ STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://db/shop' })).toThrow(/ADMIN_TOKEN/);
    // The other LIVE requirements (wallet secret; payments left out) are met, so only the token is judged.
    const otherLive = { SERVICES: 'messaging', PUBLIC_BASE_URL: 'https://shop.example', WALLET_SIGNING_SECRET: 'w'.repeat(40), PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40) };
    expect(loadConfig({ STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://db/shop', ...otherLive, ADMIN_TOKEN: token }).ADMIN_TOKEN).toBe(token);
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN/);
    expect(loadConfig({}).ADMIN_TOKEN).toBeUndefined();
  });
});

describe('order numbers', () => {
  it('carry the store view and a zero-padded counter', () => {
    expect(orderNumberFor('gb', 42)).toBe('GB-000000042');
    expect(orderNumberFor('gb_trial', 7)).toBe('GB-TRIAL-000000007');
  });
});
