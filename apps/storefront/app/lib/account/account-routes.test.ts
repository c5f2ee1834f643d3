import { normalisePageName } from '@ember/contracts';
import { describe, expect, it } from 'vitest';
import { resolveAccountHash } from './account-routes';

describe('resolveAccountHash', () => {
  it.each([
    ['#/account', 'overview', 'account-page'],
    ['#/update-personal-details', 'personal-details', 'account-information'],
    ['#/address', 'addresses', 'my-addresses'],
    ['#/address/12', 'addresses', 'my-addresses'],
    ['#/change-password', 'change-password', 'other'],
    ['#/update-phone', 'update-phone', 'other'],
    ['#/communication', 'communication', 'communication-preferences'],
    ['#/payments', 'payments', 'other'],
    ['#/orders', 'orders', 'my-orders'],
    ['#/orders/000000123', 'orders', 'my-orders'],
    ['#/devices', 'devices', 'my-devices'],
    ['#/subscription', 'subscription', 'my-subscription'],
    ['#/age-verification', 'age-verification', 'hard-age-verification'],
    ['#/privacy', 'privacy', 'other'],
    ['#/checkout', 'checkout', 'checkout'],
    ['#/trial/checkout', 'trial-checkout', 'free-trial-checkout'],
    ['#/no-such-page', 'not-found', 'other'],
  ])('%s shows %s and reports %s', (hash, view, pageName) => {
    const route = resolveAccountHash(hash)!;
    expect(route.view).toBe(view);
    expect(normalisePageName(route.pageName)).toBe(pageName);
    expect(route.tracked).toBe(true);
  });

  it.each(['', '#', '#/', '#/login'])('%j shows the overview without a new page view', (hash) => {
    expect(resolveAccountHash(hash)).toMatchObject({ view: 'overview', tracked: false });
  });

  it('names the sign-in pages for visitors', () => {
    expect(resolveAccountHash('#/login')?.auth).toBe('login');
    expect(resolveAccountHash('#/register')?.auth).toBe('register');
  });

  it('is not a route for an in-page anchor such as the skip link', () => {
    expect(resolveAccountHash('#main')).toBeNull();
  });

  it('prefix routes match whole segments only', () => {
    expect(resolveAccountHash('#/addresses')?.view).toBe('not-found');
  });
});
