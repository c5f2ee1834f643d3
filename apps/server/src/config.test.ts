import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, operatorTotpKey, publicBaseUrl, publicOriginIsHttps, TEST_OPERATOR_TOTP_KEY, TEST_PACK_CODE_SECRET } from './config.js';

describe('config', () => {
  it('applies defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, STORE_MODE: 'TEST', DATA_DIR: './data', DEFAULT_STORE: 'gb' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('takes a map tile server only as an https template with {z}, {x} and {y}', () => {
    expect(loadConfig({ MAP_TILE_URL: 'https://tile.example/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBe('https://tile.example/{z}/{x}/{y}.png');
    expect(loadConfig({ MAP_TILE_URL: 'http://127.0.0.1:8080/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBeDefined();
    for (const bad of ['http://tile.example/{z}/{x}/{y}.png', 'https://tile.example/{z}/{x}.png', "https://tile.example/{z}/{x}/{y}.png' onerror=", 'javascript:{z}{x}{y}']) {
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(ConfigError);
    }
  });

  it('names every bad variable with its problem', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', STORE_MODE: 'PROD' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/STORE_MODE/);
    }
  });

  it('refuses a fault injection point in LIVE mode and takes one in TEST mode', () => {
    expect(() => loadConfig({ STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y', EMBER_FAULT: 'checkout.after-commit' })).toThrow(/EMBER_FAULT/);
    expect(loadConfig({ EMBER_FAULT: 'checkout.after-commit' }).EMBER_FAULT).toBe('checkout.after-commit');
  });

  it('refuses LIVE mode on the embedded database', () => {
    expect(() => loadConfig({ STORE_MODE: 'LIVE' })).toThrow(/DATABASE_URL/);
  });

  it('refuses LIVE mode without a wallet signing secret and uses a development one in TEST mode', () => {
    expect(() => loadConfig({ STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y' })).toThrow(/WALLET_SIGNING_SECRET/);
    // Payments are left out (no real provider adapter yet) and the operator token is set, so only the wallet secret is judged.
    const live = loadConfig({ STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y', SERVICES: 'messaging', PUBLIC_BASE_URL: 'https://shop.example', ADMIN_TOKEN: 'a'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40), WALLET_SIGNING_SECRET: 'l'.repeat(40), PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40) });
    expect(live.walletSigningSecret).toBe('l'.repeat(40));
    expect(loadConfig({}).walletSigningSecret.length).toBeGreaterThanOrEqual(32);
    expect(() => loadConfig({ WALLET_SIGNING_SECRET: 'short' })).toThrow(/WALLET_SIGNING_SECRET/);
  });

  it('refuses LIVE mode without its own pack-code key and uses the published development key in TEST mode', () => {
    const live = { STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y', SERVICES: 'messaging', PUBLIC_BASE_URL: 'https://shop.example', ADMIN_TOKEN: 'a'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40), WALLET_SIGNING_SECRET: 'l'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40) };
    expect(() => loadConfig(live)).toThrow(/PACK_CODE_SECRET/);
    expect(() => loadConfig({ ...live, PACK_CODE_SECRET: TEST_PACK_CODE_SECRET })).toThrow(/PACK_CODE_SECRET/);
    expect(loadConfig({ ...live, PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40) }).packCodeSecret).toBe('p'.repeat(40));
    expect(loadConfig({}).packCodeSecret).toBe(TEST_PACK_CODE_SECRET);
    expect(() => loadConfig({ PACK_CODE_SECRET: 'short' })).toThrow(/PACK_CODE_SECRET/);
    expect(loadConfig({}).PACK_CODE_MONTHLY_ALLOWANCE).toBe(20);
  });

  it('refuses LIVE mode without its own key for operators\' authenticator secrets', () => {
    const live = { STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y', SERVICES: 'messaging', PUBLIC_BASE_URL: 'https://shop.example', ADMIN_TOKEN: 'a'.repeat(40), WALLET_SIGNING_SECRET: 'l'.repeat(40), PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40) };
    expect(() => loadConfig(live)).toThrow(/OPERATOR_TOTP_KEY/);
    expect(() => loadConfig({ ...live, OPERATOR_TOTP_KEY: TEST_OPERATOR_TOTP_KEY })).toThrow(/OPERATOR_TOTP_KEY/);
    expect(loadConfig({ ...live, OPERATOR_TOTP_KEY: 'o'.repeat(40) }).STORE_MODE).toBe('LIVE');
    expect(operatorTotpKey(loadConfig({}))).toBe(TEST_OPERATOR_TOTP_KEY);
  });

  it('refuses LIVE mode without one age-verification callback key for every instance', () => {
    const otherLive = { STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y', SERVICES: 'messaging', PUBLIC_BASE_URL: 'https://shop.example', ADMIN_TOKEN: 'a'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40), WALLET_SIGNING_SECRET: 'l'.repeat(40), PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40) };
    expect(() => loadConfig(otherLive)).toThrow(/AGE_VERIFICATION_CALLBACK_SECRET/);
    expect(loadConfig({ ...otherLive, AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40) }).STORE_MODE).toBe('LIVE');
  });

  it('expires unpaid orders after 30 minutes by default, never with 0, and refuses a window too short to pay in', () => {
    expect(loadConfig({}).ORDERS_PAYMENT_EXPIRY_MINUTES).toBe(30);
    expect(loadConfig({ ORDERS_PAYMENT_EXPIRY_MINUTES: '0' }).ORDERS_PAYMENT_EXPIRY_MINUTES).toBe(0);
    expect(loadConfig({ ORDERS_PAYMENT_EXPIRY_MINUTES: '90' }).ORDERS_PAYMENT_EXPIRY_MINUTES).toBe(90);
    for (const bad of ['2', '-5', '7.5', 'soon', '20000']) {
      expect(() => loadConfig({ ORDERS_PAYMENT_EXPIRY_MINUTES: bad }), bad).toThrow(/ORDERS_PAYMENT_EXPIRY_MINUTES/);
    }
  });

  it('turns introspection off by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).graphqlIntrospection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }).graphqlIntrospection).toBe(true);
  });

  it('tracks each code path\'s transaction but in production on PostgreSQL, unless TX_GUARD says otherwise', () => {
    const pg = 'postgres://postgres@127.0.0.1:5432/shop';
    expect(loadConfig({}).txGuard).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: pg }).txGuard).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).txGuard).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: pg }).txGuard).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: pg, TX_GUARD: 'true' }).txGuard).toBe(true);
  });

  it('builds links from the configured public origin of a store view, never from a request, and needs one in LIVE mode', () => {
    const c = loadConfig({ PORT: '4000', PUBLIC_BASE_URL: 'https://shop.example', PUBLIC_BASE_URLS: 'de=https://shop.example.de, ch=https://shop.example.ch:8443' });
    expect(publicBaseUrl(c, 'de')).toBe('https://shop.example.de');
    expect(publicBaseUrl(c, 'ch')).toBe('https://shop.example.ch:8443');
    expect(publicBaseUrl(c, 'gb')).toBe('https://shop.example');
    expect(publicOriginIsHttps(c)).toBe(true);
    expect(publicBaseUrl(loadConfig({ PORT: '4000' }), 'gb')).toBe('http://localhost:4000');
    expect(publicOriginIsHttps(loadConfig({}))).toBe(false);
    expect(publicOriginIsHttps(loadConfig({ PUBLIC_BASE_URL: 'https://shop.example', PUBLIC_BASE_URLS: 'de=http://shop.example.de' }))).toBe(false);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://shop.example/path' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URLS: 'de https://x.example' })).toThrow(/PUBLIC_BASE_URLS/);
    expect(() => loadConfig({ STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y', SERVICES: 'messaging', ADMIN_TOKEN: 'a'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40), WALLET_SIGNING_SECRET: 'l'.repeat(40), PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40) })).toThrow(/PUBLIC_BASE_URL/);
  });
});
