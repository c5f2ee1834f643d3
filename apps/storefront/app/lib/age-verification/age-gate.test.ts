import { describe, expect, it } from 'vitest';
import { confirmAgeCookie, hasConfirmedAge, isCrawler } from './age-gate';
import { verificationFromHash } from './age-return';

describe('soft age gate', () => {
  it('lets search engines and link previews through and asks people', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isCrawler('facebookexternalhit/1.1')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe(false);
  });

  it('remembers a confirmation in a year-long cookie', () => {
    expect(confirmAgeCookie('gb', true)).toBe('ember_age_gate=gb; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(hasConfirmedAge('a=1; ember_age_gate=gb')).toBe(true);
    expect(hasConfirmedAge('ember_age_gate_x=1')).toBe(false);
    expect(hasConfirmedAge('')).toBe(false);
  });

  it('reads the verification the provider sends back, and nothing else', () => {
    expect(verificationFromHash('#/age-verification?verification=0b3f8a8e-8f4e-4c1e-9d55-1f1f0c9f0a11')).toBe('0b3f8a8e-8f4e-4c1e-9d55-1f1f0c9f0a11');
    expect(verificationFromHash('#/age-verification?verification=<script>')).toBeNull();
    expect(verificationFromHash('#/age-verification')).toBeNull();
  });
});
