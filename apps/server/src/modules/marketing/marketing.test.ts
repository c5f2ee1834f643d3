import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, marketingLinkSecret, TEST_MARKETING_LINK_SECRET } from '../../config.js';
import { NEVER_EXPIRES, readLink, signLink } from '../../platform/signed-link.js';
import { readLeadLink, signLeadLink } from '../leads/leads.link.js';
import { maskEmail, readConfirmLink, readUnsubscribeLink, signConfirmLink, signUnsubscribeLink, unsubscribeHeaders } from './marketing.link.js';

const SECRET = 'newsletter-unit-secret-0123456789abcdef';

describe('signed links', () => {
  it('name the id and expiry they were signed with, for their purpose only', () => {
    const id = randomUUID();
    const expiresAt = new Date('2031-05-06T07:08:09Z');
    const token = signLink(SECRET, 'purpose-a', id, expiresAt);
    expect(token).toMatch(/^[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{43}$/);
    expect(readLink(SECRET, 'purpose-a', token)).toEqual({ id, expiresAt });
    expect(readLink(SECRET, 'purpose-b', token)).toBeNull();
    expect(readLink('another-secret-0123456789abcdef0123456789', 'purpose-a', token)).toBeNull();
  });

  it('keep a lead\'s tokens as they were', () => {
    const id = randomUUID();
    const expiresAt = new Date('2030-01-01T00:00:00Z');
    expect(readLink(SECRET, 'ember-lead-confirmation-v1', signLeadLink(SECRET, id, expiresAt))).toEqual({ id, expiresAt });
    expect(readLeadLink(SECRET, signLink(SECRET, 'ember-lead-confirmation-v1', id, expiresAt))).toEqual({ leadId: id, expiresAt });
  });
});

describe('newsletter links', () => {
  it('confirm or unsubscribe, never the one with the other\'s token', () => {
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + 86_400_000);
    const confirm = signConfirmLink(SECRET, id, expiresAt);
    const unsubscribe = signUnsubscribeLink(SECRET, id);
    expect(readConfirmLink(SECRET, confirm)?.subscriberId).toBe(id);
    expect(readUnsubscribeLink(SECRET, unsubscribe)).toEqual({ subscriberId: id, expiresAt: NEVER_EXPIRES });
    expect(readUnsubscribeLink(SECRET, confirm)).toBeNull();
    expect(readConfirmLink(SECRET, unsubscribe)).toBeNull();
    expect(readConfirmLink(SECRET, signLeadLink(SECRET, id, expiresAt))).toBeNull();
  });

  it('are refused when any character changes or the token is not one', () => {
    const token = signUnsubscribeLink(SECRET, randomUUID());
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      const changed = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      expect(readUnsubscribeLink(SECRET, changed), `character ${i}`).toBeNull();
    }
    for (const bad of ['', '.', 'x'.repeat(71), `${token}.`, ` ${token}`]) expect(readUnsubscribeLink(SECRET, bad)).toBeNull();
  });
});

describe('unsubscribe headers', () => {
  it('name the https link and ask for the one-click POST (RFC 8058)', () => {
    expect(unsubscribeHeaders('https://shop.example/gb/unsubscribe/a.b')).toEqual({
      'List-Unsubscribe': '<https://shop.example/gb/unsubscribe/a.b>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribeHeaders('https://shop.example/gb/unsubscribe/a.b', 'unsubscribe@ember.example')['List-Unsubscribe'])
      .toBe('<https://shop.example/gb/unsubscribe/a.b>, <mailto:unsubscribe@ember.example?subject=unsubscribe>');
  });

  it('refuse a link or mailbox that would break the header', () => {
    expect(() => unsubscribeHeaders('https://shop.example/x>, <https://evil.example')).toThrow();
    expect(() => unsubscribeHeaders('javascript:alert(1)')).toThrow();
    expect(() => unsubscribeHeaders('https://shop.example/x', 'a@b.example>, <https://evil.example')).toThrow();
  });
});

describe('masked addresses', () => {
  it('show the first letter of the name and of the domain, and the top-level domain', () => {
    expect(maskEmail('anna.schmidt@example.de')).toBe('a***@e***.de');
    expect(maskEmail('x@localhost')).toBe('x***@l***');
  });
});

describe('the newsletter link key in configuration', () => {
  const otherLive = {
    STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y', PUBLIC_BASE_URL: 'https://shop.example', ADMIN_TOKEN: 'a'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40), WALLET_SIGNING_SECRET: 'w'.repeat(40),
    PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40), PAYMENTS_WEBHOOK_SECRET: 'h'.repeat(40),
  };

  it('is a published development key in TEST mode and must be the shop\'s own in LIVE mode wherever marketing is served', () => {
    expect(marketingLinkSecret(loadConfig({}))).toBe(TEST_MARKETING_LINK_SECRET);
    expect(() => loadConfig({ ...otherLive, SERVICES: 'marketing' })).toThrow(/MARKETING_LINK_SECRET/);
    expect(() => loadConfig({ ...otherLive, SERVICES: 'marketing', MARKETING_LINK_SECRET: TEST_MARKETING_LINK_SECRET })).toThrow(/MARKETING_LINK_SECRET/);
    expect(marketingLinkSecret(loadConfig({ ...otherLive, SERVICES: 'marketing', MARKETING_LINK_SECRET: SECRET }))).toBe(SECRET);
    expect(() => loadConfig({ MARKETING_LINK_SECRET: 'short' })).toThrow(/MARKETING_LINK_SECRET/);
  });

  it('lets a confirmation link work 7 days unless configured, from 1 to 30', () => {
    expect(loadConfig({}).MARKETING_LINK_TTL_DAYS).toBe(7);
    for (const days of ['0', '31', '1.5']) expect(() => loadConfig({ MARKETING_LINK_TTL_DAYS: days })).toThrow(/MARKETING_LINK_TTL_DAYS/);
  });
});
