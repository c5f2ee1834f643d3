import { describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_TEST_WEBHOOK_SECRET } from '../../config.js';
import { DEFAULT_PAYMENT_METHOD, paymentMethodsFor } from './payments.methods.js';
import { WebhookRefusal } from './payments.provider.js';
import { isLuhnValid, TEST_CARDS } from './payments.sandbox.js';
import { signPayload, verifySignature } from './payments.signature.js';

const SECRET = 'whsec_unit_test_secret_000000000000000000';
const NOW = 1_800_000_000;

function refusal(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof WebhookRefusal ? err.reason : 'other';
  }
}

describe('webhook signatures', () => {
  const body = '{"id":"evt_1","amount":4999}';

  it('accepts its own signature over the exact raw body within the tolerance', () => {
    expect(refusal(() => verifySignature(SECRET, signPayload(SECRET, NOW - 100, body), body, NOW, 300))).toBeNull();
  });

  it('refuses a changed body, another secret, a missing header and a garbled header', () => {
    const header = signPayload(SECRET, NOW, body);
    expect(refusal(() => verifySignature(SECRET, header, body.replace('4999', '1'), NOW, 300))).toBe('bad_signature');
    expect(refusal(() => verifySignature('whsec_other_secret_0000000000000000000000', header, body, NOW, 300))).toBe('bad_signature');
    expect(refusal(() => verifySignature(SECRET, undefined, body, NOW, 300))).toBe('missing_signature');
    expect(refusal(() => verifySignature(SECRET, 'v1=abc', body, NOW, 300))).toBe('missing_signature');
  });

  it('refuses a valid signature whose timestamp is outside the tolerance, in either direction', () => {
    expect(refusal(() => verifySignature(SECRET, signPayload(SECRET, NOW - 301, body), body, NOW, 300))).toBe('stale');
    expect(refusal(() => verifySignature(SECRET, signPayload(SECRET, NOW + 301, body), body, NOW, 300))).toBe('stale');
  });

  it('cannot be moved to another timestamp without the secret', () => {
    const mac = signPayload(SECRET, NOW - 1000, body).split(',')[1];
    expect(refusal(() => verifySignature(SECRET, `t=${NOW},${mac}`, body, NOW, 300))).toBe('bad_signature');
  });
});

describe('sandbox test cards and methods', () => {
  it('documents only Luhn-valid test card numbers', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(isLuhnValid(number)).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
  });

  it('offers the default card method first and tokenisable', () => {
    expect(paymentMethodsFor('gb')[0]).toMatchObject({ code: DEFAULT_PAYMENT_METHOD, tokenizable: true });
  });
});

describe('payments configuration', () => {
  const pg = { DATABASE_URL: 'postgres://db/shop' };

  it('refuses to boot LIVE with the sandbox provider or without a real webhook secret', () => {
    expect(() => loadConfig({ ...pg, STORE_MODE: 'LIVE' })).toThrow(/PAYMENTS_PROVIDER[\s\S]*PAYMENTS_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...pg, STORE_MODE: 'LIVE', PAYMENTS_WEBHOOK_SECRET: SANDBOX_TEST_WEBHOOK_SECRET })).toThrow(/PAYMENTS_WEBHOOK_SECRET/);
  });

  it('boots LIVE when this instance does not serve payments, and TEST with the default secret', () => {
    expect(loadConfig({ ...pg, STORE_MODE: 'LIVE', SERVICES: 'account,messaging', PUBLIC_BASE_URL: 'https://shop.example', ADMIN_TOKEN: 'operator-token-0123456789abcdef-0123', OPERATOR_TOTP_KEY: 'o'.repeat(40), WALLET_SIGNING_SECRET: 'w'.repeat(40), PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40) }).STORE_MODE).toBe('LIVE');
    expect(loadConfig({}).PAYMENTS_WEBHOOK_SECRET).toBeUndefined();
    expect(() => loadConfig({ PAYMENTS_WEBHOOK_SECRET: 'short' })).toThrow(/PAYMENTS_WEBHOOK_SECRET/);
  });
});
