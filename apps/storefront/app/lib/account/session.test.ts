import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './session';

describe('the signed-in hint (decision 0055)', () => {
  it('is there only when a cookie of exactly that name is', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('ember_age_gate=gb')).toBe(false);
    expect(hasSignedInHint('ember_age_gate=gb; ember_signed_in=1')).toBe(true);
    expect(hasSignedInHint('ember_signed_in=1')).toBe(true);
    // A longer name that begins alike is another cookie.
    expect(hasSignedInHint('ember_signed_in_old=1; x=ember_signed_in=1')).toBe(false);
  });
});
