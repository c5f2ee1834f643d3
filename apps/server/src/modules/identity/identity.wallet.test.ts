import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidMemberNumber, memberNumber, TestWalletPassIssuer, UnconfiguredWalletPassIssuer, WalletService } from './identity.wallet.js';

const service = (secret = 's'.repeat(32)) => new WalletService(secret, new TestWalletPassIssuer(), async () => 'Ada Lovelace');

describe('member numbers', () => {
  it('are 16 digits with a valid check digit, stable per customer and different between customers', () => {
    const uuid = randomUUID();
    expect(memberNumber(uuid)).toMatch(/^\d{16}$/);
    expect(isValidMemberNumber(memberNumber(uuid))).toBe(true);
    expect(memberNumber(uuid)).toBe(memberNumber(uuid.toUpperCase()));
    expect(memberNumber(randomUUID())).not.toBe(memberNumber(uuid));
  });

  it('fail the check when one digit is mistyped', () => {
    const n = memberNumber(randomUUID());
    const typo = n.slice(0, 3) + ((Number(n[3]) + 1) % 10) + n.slice(4);
    expect(isValidMemberNumber(typo)).toBe(false);
  });
});

describe('pass links', () => {
  it('open only with the secret that signed them', async () => {
    const link = await service('a'.repeat(32)).linkFor(randomUUID(), 'apple', 'https://shop.example');
    const token = link.url.split('/').pop()!;
    await expect(service('a'.repeat(32)).pass(token)).resolves.toMatchObject({ contentType: expect.stringMatching(/json/) });
    await expect(service('b'.repeat(32)).pass(token)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('expire after ten minutes', async () => {
    const now = Date.now();
    const link = await service().linkFor(randomUUID(), 'google', 'https://shop.example', now);
    const token = link.url.split('/').pop()!;
    await expect(service().pass(token, now + 9 * 60_000)).resolves.toBeTruthy();
    await expect(service().pass(token, now + 10 * 60_000)).rejects.toMatchObject({ code: 'VERIFICATION_EXPIRED' });
  });
});

describe('LIVE mode without a wallet provider', () => {
  it('signs links but serves no pass, answering NOT_AVAILABLE', async () => {
    const live = new WalletService('l'.repeat(32), new UnconfiguredWalletPassIssuer(), async () => 'Ada Lovelace');
    const link = await live.linkFor(randomUUID(), 'apple', 'https://shop.example');
    await expect(live.pass(link.url.split('/').pop()!)).rejects.toMatchObject({ code: 'NOT_AVAILABLE' });
  });
});
