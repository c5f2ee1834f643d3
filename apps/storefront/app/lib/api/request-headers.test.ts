import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REQUEST_TIMEOUT_MS, LOCALE_HEADER } from '@ember/contracts';
import { createGraphqlClient } from './client';
import { DUPLICATE_REQUEST_POLL_MS, restCall, type RestService } from './rest';

// Spec §6 and §9 in the storefront's clients (docs/decisions/0074): the page's language as the
// Locale header, the 5,000 ms default timeout, identical GETs under way sent once.

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SERVICE: RestService = { name: 'test', timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS, fail: ({ message }) => new Error(message) };

function recording() {
  const calls: { url: string; headers: Record<string, string>; timeout: AbortSignal | null | undefined }[] = [];
  const answers: Array<(body: unknown) => void> = [];
  vi.stubGlobal('fetch', ((url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string>, timeout: init.signal });
    return new Promise<Response>((resolve) => answers.push((body) => resolve(new Response(JSON.stringify(body), { status: 200 }))));
  }) as typeof fetch);
  return { calls, answers };
}

describe('the Locale header', () => {
  it('carries the page\'s language on REST and GraphQL calls in the browser', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'de-DE' } });
    const { calls, answers } = recording();
    const rest = restCall(SERVICE, '/api/x', { store: 'de', method: 'POST', body: {} });
    const gql = createGraphqlClient({ endpoint: '/graphql', store: 'de' }).request('{ storeConfig { code } }' as never);
    answers[0]!({ ok: true });
    answers[1]!({ data: { storeConfig: { code: 'de' } } });
    await Promise.all([rest, gql]);
    expect(calls.map((c) => c.headers[LOCALE_HEADER])).toEqual(['de-DE', 'de-DE']);
  });

  it('is left out on the server, whose calls speak the store view\'s language', async () => {
    const { calls, answers } = recording();
    const rest = restCall(SERVICE, '/api/x', { store: 'gb', method: 'POST', body: {} });
    answers[0]!({ ok: true });
    await rest;
    expect(calls[0]!.headers[LOCALE_HEADER]).toBeUndefined();
  });
});

describe('the default request timeout', () => {
  it('is the spec\'s 5,000 ms for a GraphQL client that names none', async () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(5_000);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { answers } = recording();
    const done = createGraphqlClient({ endpoint: '/graphql' }).request('{ storeConfig { code } }' as never);
    answers[0]!({ data: {} });
    await done;
    expect(timeout).toHaveBeenCalledWith(5_000);
  });
});

describe('identical GETs under way', () => {
  it('are sent once: the duplicate polls every 100 ms and answers what the first answered', async () => {
    vi.useFakeTimers();
    const { calls, answers } = recording();
    const first = restCall(SERVICE, '/api/config', { store: 'gb' });
    let second: unknown;
    void restCall(SERVICE, '/api/config', { store: 'gb' }).then((v) => (second = v));
    const otherStore = restCall(SERVICE, '/api/config', { store: 'de' });
    expect(calls.map((c) => c.url)).toEqual(['/api/config', '/api/config']);
    answers[0]!({ n: 1 });
    await expect(first).resolves.toEqual({ n: 1 });
    expect(second).toBeUndefined();
    await vi.advanceTimersByTimeAsync(DUPLICATE_REQUEST_POLL_MS - 1);
    expect(second).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(second).toEqual({ n: 1 });
    expect(DUPLICATE_REQUEST_POLL_MS).toBe(100);
    answers[1]!({ n: 2 });
    await expect(otherStore).resolves.toEqual({ n: 2 });
  });

  it('shares a failure too, and sends the next call afresh once the first has settled', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    let fail!: () => void;
    vi.stubGlobal('fetch', ((url: string) => {
      calls.push(url);
      return calls.length === 1 ? new Promise<Response>((_, reject) => (fail = () => reject(new TypeError('offline')))) : Promise.resolve(new Response('{"n":3}', { status: 200 }));
    }) as typeof fetch);
    const first = restCall(SERVICE, '/api/config', { store: 'gb' });
    const second = restCall(SERVICE, '/api/config', { store: 'gb' });
    first.catch(() => undefined);
    second.catch(() => undefined);
    fail();
    await expect(first).rejects.toThrow('could not be reached');
    await vi.advanceTimersByTimeAsync(DUPLICATE_REQUEST_POLL_MS);
    await expect(second).rejects.toThrow('could not be reached');
    await expect(restCall(SERVICE, '/api/config', { store: 'gb' })).resolves.toEqual({ n: 3 });
    expect(calls).toHaveLength(2);
  });

  it('never shares a call that changes something or carries its own headers', async () => {
    const { calls, answers } = recording();
    const a = restCall(SERVICE, '/api/x', { store: 'gb', method: 'POST', body: {} });
    const b = restCall(SERVICE, '/api/x', { store: 'gb', method: 'POST', body: {} });
    const c = restCall(SERVICE, '/api/y', { store: 'gb', headers: { 'x-bot-check-token': 't' } });
    const d = restCall(SERVICE, '/api/y', { store: 'gb', headers: { 'x-bot-check-token': 't' } });
    expect(calls).toHaveLength(4);
    for (const answer of answers) answer({});
    await Promise.all([a, b, c, d]);
  });
});
