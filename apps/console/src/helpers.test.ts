import { describe, expect, it } from 'vitest';
import { queryString, toApiError } from './api';
import { can, visibleAreas } from './areas';
import { groupSecret, svgDataUrl } from './enrolment';
import { formatMoney, localInputToIso } from './format';
import { initialLanguage } from './i18n/language';

describe('console helpers', () => {
  it('reads the server error body, or describes a bare status', () => {
    const known = toApiError(409, { error: { code: 'ORDER_STATE', message: 'The order cannot move to shipped', request_id: 'r-1' } });
    expect(known).toMatchObject({ status: 409, code: 'ORDER_STATE', message: 'The order cannot move to shipped', requestId: 'r-1' });
    expect(toApiError(502, 'Bad gateway')).toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('builds a query string from the set values only', () => {
    expect(queryString({ q: 'ada lovelace', page: 2, status: '', from: undefined, operator: null })).toBe('?q=ada+lovelace&page=2');
    expect(queryString({})).toBe('');
  });

  it('shows only the areas the permissions open', () => {
    const fulfilment = ['dashboard:read', 'orders:read', 'orders:write', 'returns:read', 'returns:write'];
    expect(visibleAreas(fulfilment).map((a) => a.key)).toEqual(['dashboard', 'orders', 'returns']);
    expect(visibleAreas(['audit:read', 'operators:manage', 'customers:read']).map((a) => a.key)).toEqual(['customers', 'audit', 'operators']);
    expect(can(fulfilment, 'orders:refund')).toBe(false);
    expect(can(undefined, 'orders:read')).toBe(false);
  });

  it('puts the QR code in a base64 data URL and groups the secret', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Ä</title></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString('utf8')).toBe(svg);
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY 3DPEH')).toBe('JBSW Y3DP EH');
  });

  it('formats money in the chosen language', () => {
    expect(formatMoney(123456, 'EUR', 'de', true)).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'GBP', 'en', true)).toBe('£1,234.56');
  });

  it('turns a local date-time input into an instant, ignoring empty or invalid input', () => {
    expect(localInputToIso('')).toBeUndefined();
    expect(localInputToIso('not a date')).toBeUndefined();
    expect(localInputToIso('2026-03-01T10:30')).toBe(new Date('2026-03-01T10:30').toISOString());
  });

  it('remembers the chosen language, else takes the browser\'s, else English', () => {
    expect(initialLanguage('de', ['en-GB'])).toBe('de');
    expect(initialLanguage(null, ['fr-FR', 'de-AT'])).toBe('de');
    expect(initialLanguage('xx', ['fr'])).toBe('en');
  });
});
