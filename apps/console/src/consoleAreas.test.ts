import { describe, expect, it } from 'vitest';
import { visibleAreas } from './areas';
import { discountFromApi, discountToApi, limitToApi, moneyStep, moneyToMinor } from './couponValue';
import { exportHref } from './exportLinks';

describe('coupon values', () => {
  it('keeps a percentage in basis points and back', () => {
    expect(discountToApi('10', 'percent', null)).toBe(1000);
    expect(discountToApi('12,5', 'percent', null)).toBe(1250);
    expect(discountToApi('0.01', 'percent', 'GBP')).toBe(1);
    expect(discountFromApi(1000, 'percent', null)).toBe('10');
    expect(discountFromApi(1250, 'percent', 'EUR')).toBe('12.5');
  });

  it('keeps a fixed amount in the currency’s minor units and back', () => {
    expect(discountToApi('5', 'fixed', 'EUR')).toBe(500);
    expect(discountToApi('12.34', 'fixed', 'GBP')).toBe(1234);
    expect(discountToApi('500', 'fixed', 'JPY')).toBe(500);
    expect(discountFromApi(1234, 'fixed', 'GBP')).toBe('12.34');
    expect(discountFromApi(500, 'fixed', 'JPY')).toBe('500');
    // A fixed amount without a currency (no store view chosen) is not a value.
    expect(discountToApi('5', 'fixed', null)).toBeNaN();
  });

  it('refuses text that is not an amount', () => {
    for (const bad of ['', ' ', 'ten', '-5', '1e3', '5 %']) expect(discountToApi(bad, 'percent', null)).toBeNaN();
    expect(moneyToMinor('', 'GBP')).toBe(0);
    expect(moneyToMinor('20', 'GBP')).toBe(2000);
    expect(moneyToMinor('abc', 'GBP')).toBeNaN();
    expect(moneyStep('JPY')).toBe(1);
    expect(moneyStep('EUR')).toBe(0.01);
  });

  it('reads an empty limit as none', () => {
    expect(limitToApi('')).toBeNull();
    expect(limitToApi(undefined)).toBeNull();
    expect(limitToApi('3')).toBe(3);
    expect(limitToApi('1.5')).toBeNaN();
  });
});

describe('CSV exports', () => {
  it('carry the list’s store, status and time window, not its search or page', () => {
    const search = new URLSearchParams('q=ada&store=gb&status=processing&from=2026-01-01T00%3A00%3A00.000Z&page=3&sort=-created_at&payment_status=paid');
    expect(exportHref('orders', search)).toBe('/admin/exports/orders.csv?store=gb&status=processing&from=2026-01-01T00%3A00%3A00.000Z');
    expect(exportHref('customers', new URLSearchParams('status=active&to=2026-02-01T00%3A00%3A00.000Z'))).toBe('/admin/exports/customers.csv?status=active&to=2026-02-01T00%3A00%3A00.000Z');
    expect(exportHref('customers', new URLSearchParams())).toBe('/admin/exports/customers.csv');
  });
});

describe('new areas', () => {
  it('open by their permissions', () => {
    expect(visibleAreas(['compliance:read']).map((a) => a.key)).toEqual(['compliance']);
    expect(visibleAreas(['subscriptions:read']).map((a) => a.key)).toEqual(['subscriptions', 'trials']);
    expect(visibleAreas(['promotions:read', 'customers:read']).map((a) => a.key)).toEqual(['customers', 'coupons']);
  });
});
