import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTradeInEligibility, TradeInApiError } from './trade-in.api';

/** The trade-in client as spec §5 and §9 ask: a user id is required, and any failure is "not eligible". */

afterEach(() => vi.unstubAllGlobals());

function answering(status: number, body: unknown, seen: string[] = []) {
  vi.stubGlobal('fetch', (async (url: string) => {
    seen.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch);
}

describe('fetchTradeInEligibility', () => {
  it('refuses a call without a user id in the spec\'s words, before any request', async () => {
    const seen: string[] = [];
    answering(200, {}, seen);
    await expect(fetchTradeInEligibility('gb', '')).rejects.toEqual(new TradeInApiError('user id not defined', 400));
    await expect(fetchTradeInEligibility('gb', null)).rejects.toBeInstanceOf(TradeInApiError);
    expect(seen).toEqual([]);
  });

  it('answers the service\'s eligibility, checked against its contract', async () => {
    const seen: string[] = [];
    const answer = { consumer_id: 'c-1', is_eligible: true, offers: [{ sku: 'TRADEIN-EMBER-ONE', device_id: 'E10IPVEADQV1' }] };
    answering(200, answer, seen);
    await expect(fetchTradeInEligibility('gb', 'c-1')).resolves.toEqual(answer);
    expect(seen).toEqual(['/api/trade-in/is-eligible/c-1']);
  });

  it('answers false on an error answer, an answer of the wrong shape, or no answer at all', async () => {
    answering(500, { error: { code: 'INTERNAL', message: 'boom' } });
    await expect(fetchTradeInEligibility('gb', 'c-1')).resolves.toBe(false);
    answering(200, { is_eligible: 'yes' });
    await expect(fetchTradeInEligibility('gb', 'c-1')).resolves.toBe(false);
    vi.stubGlobal('fetch', (async () => {
      throw new TypeError('network');
    }) as typeof fetch);
    await expect(fetchTradeInEligibility('gb', 'c-1')).resolves.toBe(false);
  });
});
