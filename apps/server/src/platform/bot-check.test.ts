import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { deviceCodeWithCheck, hasValidCheckCharacter, normaliseDeviceCode } from '@ember/contracts';
import { AltchaBotCheck, TurnstileBotCheck } from './bot-check.js';

const altcha = (secret = 'a-test-secret-of-at-least-32-characters!') => new AltchaBotCheck({ secret, cost: 1, maxNumber: 300, ttlSeconds: 60 });

async function solved(check: AltchaBotCheck): Promise<string> {
  const c = await check.challenge();
  const challenge = { parameters: c.parameters as never, signature: c.signature };
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the ALTCHA bot check', () => {
  it('accepts a solved challenge and names it by its nonce', async () => {
    const check = altcha();
    const verdict = await check.verify(await solved(check));
    expect(verdict.ok).toBe(true);
    if (verdict.ok) {
      expect(verdict.id).toMatch(/^altcha:/);
      expect(verdict.expiresAt.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('refuses a token of another secret, no token, an oversized token and garbage', async () => {
    const token = await solved(altcha('another-secret-of-at-least-32-characters'));
    expect((await altcha().verify(token)).ok).toBe(false);
    expect((await altcha().verify(undefined)).ok).toBe(false);
    expect((await altcha().verify('x'.repeat(5000))).ok).toBe(false);
    expect((await altcha().verify(Buffer.from('{"challenge":1}').toString('base64'))).ok).toBe(false);
  });

  it('refuses an expired challenge', async () => {
    const check = new AltchaBotCheck({ secret: 'a-test-secret-of-at-least-32-characters!', cost: 1, maxNumber: 300, ttlSeconds: 30 });
    const token = await solved(check);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString());
    payload.challenge.parameters.expiresAt = Math.floor(Date.now() / 1000) - 10;
    expect((await check.verify(Buffer.from(JSON.stringify(payload)).toString('base64'))).ok).toBe(false);
  });
});

describe('the hosted (Turnstile-style) bot check', () => {
  const fake = (answer: unknown, status = 200) => (async (_url: string | URL | Request, init?: RequestInit) => {
    expect(String(init?.body)).toContain('secret=s3cret');
    return new Response(JSON.stringify(answer), { status });
  }) as typeof fetch;

  it('asks the provider with the secret and accepts only its success', async () => {
    const opts = { siteKey: 'site', secret: 's3cret', verifyUrl: 'https://verify.example/siteverify', ttlSeconds: 300 };
    expect(await new TurnstileBotCheck(opts, fake({ success: true })).challenge()).toEqual({ provider: 'turnstile', siteKey: 'site' });
    const ok = await new TurnstileBotCheck(opts, fake({ success: true })).verify('token-1', '127.0.0.1');
    expect(ok.ok).toBe(true);
    expect((await new TurnstileBotCheck(opts, fake({ success: false })).verify('token-1')).ok).toBe(false);
    expect((await new TurnstileBotCheck(opts, fake({ success: true }, 500)).verify('token-1')).ok).toBe(false);
    expect((await new TurnstileBotCheck(opts, fake({ success: true })).verify(undefined)).ok).toBe(false);
  });
});

describe('the registration code’s check character (ISO 7064 MOD 37-36)', () => {
  it('catches every single wrong character and every swap of neighbours', () => {
    const code = deviceCodeWithCheck('E10IPVEADQV');
    expect(hasValidCheckCharacter(code)).toBe(true);
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (let i = 0; i < code.length; i++) {
      for (const c of alphabet) if (c !== code[i]) expect(hasValidCheckCharacter(code.slice(0, i) + c + code.slice(i + 1)), `${i}:${c}`).toBe(false);
      if (i < code.length - 1 && code[i] !== code[i + 1]) {
        expect(hasValidCheckCharacter(code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2))).toBe(false);
      }
    }
    expect(normaliseDeviceCode(' e10i-pvea dqv1 ')).toBe('E10IPVEADQV1');
    expect(hasValidCheckCharacter('E10IPVEADQV')).toBe(false);
  });
});
