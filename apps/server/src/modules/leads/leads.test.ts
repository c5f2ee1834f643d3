import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadsLinkSecret, loadConfig, TEST_LEADS_LINK_SECRET } from '../../config.js';
import { readLeadLink, signLeadLink } from './leads.link.js';

const SECRET = 'lead-link-unit-secret-0123456789abcdef';

describe('lead confirmation links', () => {
  it('name the lead and the expiry they were signed with, in 71 URL-safe characters', () => {
    const id = randomUUID();
    const expiresAt = new Date('2031-05-06T07:08:09Z');
    const token = signLeadLink(SECRET, id, expiresAt);
    expect(token).toMatch(/^[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{43}$/);
    expect(readLeadLink(SECRET, token)).toEqual({ leadId: id, expiresAt });
    // Whole seconds: the expiry is kept to the second.
    expect(readLeadLink(SECRET, signLeadLink(SECRET, id, new Date('2031-05-06T07:08:09.999Z')))!.expiresAt).toEqual(expiresAt);
  });

  it('are refused when any character changes, when signed with another key, or in another spelling of the same bytes', () => {
    const id = randomUUID();
    const token = signLeadLink(SECRET, id, new Date(Date.now() + 86_400_000));
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      const changed = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      expect(readLeadLink(SECRET, changed), `character ${i}`).toBeNull();
    }
    expect(readLeadLink('another-key-0123456789abcdef0123456789', token)).toBeNull();
    // The last character of each part carries unused bits: another letter there decodes to the same bytes.
    const [payload, signature] = token.split('.') as [string, string];
    const sibling = (part: string) => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = alphabet.indexOf(part.at(-1)!);
      return `${part.slice(0, -1)}${alphabet[last ^ 1]}`;
    };
    expect(readLeadLink(SECRET, `${sibling(payload)}.${signature}`)).toBeNull();
    expect(readLeadLink(SECRET, `${payload}.${sibling(signature)}`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.`, ` ${token}`, token.replace('.', '_'), `${payload}=.${signature}`]) expect(readLeadLink(SECRET, bad)).toBeNull();
  });

  it('are signed only for a lead id', () => {
    expect(() => signLeadLink(SECRET, 'not-a-uuid', new Date())).toThrow();
  });
});

describe('the link key in configuration', () => {
  const otherLive = {
    STORE_MODE: 'LIVE', DATABASE_URL: 'postgres://x/y', PUBLIC_BASE_URL: 'https://shop.example', ADMIN_TOKEN: 'a'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40), WALLET_SIGNING_SECRET: 'w'.repeat(40),
    PACK_CODE_SECRET: 'p'.repeat(40), TRIALS_CLAIM_SECRET: 't'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40), PAYMENTS_WEBHOOK_SECRET: 'h'.repeat(40),
  };

  it('is a published development key in TEST mode and must be the shop\'s own in LIVE mode wherever leads are served', () => {
    expect(leadsLinkSecret(loadConfig({}))).toBe(TEST_LEADS_LINK_SECRET);
    expect(leadsLinkSecret(loadConfig({ LEADS_LINK_SECRET: SECRET }))).toBe(SECRET);
    expect(() => loadConfig({ ...otherLive, SERVICES: 'leads' })).toThrow(/LEADS_LINK_SECRET/);
    expect(() => loadConfig({ ...otherLive, SERVICES: 'leads', LEADS_LINK_SECRET: TEST_LEADS_LINK_SECRET })).toThrow(/LEADS_LINK_SECRET/);
    expect(leadsLinkSecret(loadConfig({ ...otherLive, SERVICES: 'leads', LEADS_LINK_SECRET: SECRET }))).toBe(SECRET);
    expect(loadConfig({ ...otherLive, SERVICES: 'messaging' }).STORE_MODE).toBe('LIVE');
    expect(() => loadConfig({ LEADS_LINK_SECRET: 'short' })).toThrow(/LEADS_LINK_SECRET/);
  });

  it('lets a link work 14 days unless configured, from 1 to 90', () => {
    expect(loadConfig({}).LEADS_LINK_TTL_DAYS).toBe(14);
    expect(loadConfig({ LEADS_LINK_TTL_DAYS: '3' }).LEADS_LINK_TTL_DAYS).toBe(3);
    for (const days of ['0', '91', '1.5']) expect(() => loadConfig({ LEADS_LINK_TTL_DAYS: days })).toThrow(/LEADS_LINK_TTL_DAYS/);
  });
});
