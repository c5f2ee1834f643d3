import { REFERRAL_HISTORY_DEFAULT_LIMIT } from '@ember/contracts';
import { describe, expect, it } from 'vitest';
import { REFERRAL_HISTORY_LIMIT } from './loyalty-club.api';

describe('the referral history', () => {
  it('asks for as many referrals as the server shows by default (spec §9: five)', () => {
    expect(REFERRAL_HISTORY_LIMIT).toBe(REFERRAL_HISTORY_DEFAULT_LIMIT);
    expect(REFERRAL_HISTORY_LIMIT).toBe(5);
  });
});
