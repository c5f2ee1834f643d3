import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../i18n/de.json';
import en from '../../i18n/en.json';
import { addCatalogue } from '../../i18n/i18n';
import { AccountApiError, AccountConnectionError, call, isAccountError } from '../api/account.api';
import { createGraphqlClient, GraphqlRequestError, type Variables } from '../api/client';
import type { TypedDocument } from '../api/gql';
import { describeFailure, scrubBrowserEvent } from './report';
import { reportingSnippet } from './snippet';

const g = globalThis as { __emberErrors?: unknown[]; document?: unknown };

function answer(status: number, body: unknown): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
}

const unreachable = (async () => {
  throw new TypeError('fetch failed');
}) as typeof fetch;

beforeAll(() => {
  addCatalogue('en', en);
  addCatalogue('de', de);
});

afterEach(() => {
  delete g.__emberErrors;
  delete g.document;
});

describe('account-service failures (spec §8)', () => {
  it('raise a connection error with the translated fallback, reported, when the service fails', async () => {
    g.__emberErrors = [];
    g.document = { documentElement: { lang: 'de-DE' } };
    const failure = await call('/account/users/configuration', { store: 'de', server: { origin: 'http://shop.test', fetch: answer(500, { error: { code: 'INTERNAL', message: 'Internal error at jane@example.com' } }) } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AccountConnectionError);
    expect(failure).toBeInstanceOf(AccountApiError);
    expect((failure as AccountConnectionError).message).toBe(de.account.errors.unavailable);
    expect((failure as AccountConnectionError).code).toBe('INTERNAL');
    expect(g.__emberErrors).toEqual([failure]);
  });

  it('call an unreachable service SERVICE_UNAVAILABLE, in English outside a German document', async () => {
    g.__emberErrors = [];
    const failure = (await call('/account/users/configuration', { store: 'gb', server: { origin: 'http://shop.test', fetch: unreachable } }).catch((e: unknown) => e)) as AccountConnectionError;
    expect(failure.name).toBe('AccountConnectionError');
    expect(failure.status).toBe(0);
    expect(failure.code).toBe('SERVICE_UNAVAILABLE');
    expect(failure.message).toBe(en.account.errors.unavailable);
    expect(g.__emberErrors).toHaveLength(1);
  });

  it('keep the server’s code and message for a refused request, which is not reported', async () => {
    g.__emberErrors = [];
    const failure = (await call('/account/users/x/profile', { store: 'gb', server: { origin: 'http://shop.test', fetch: answer(401, { error: { code: 'UNAUTHORISED', message: 'Sign in first' } }) } }).catch((e: unknown) => e)) as AccountApiError;
    expect(failure).not.toBeInstanceOf(AccountConnectionError);
    expect([failure.code, failure.message]).toEqual(['UNAUTHORISED', 'Sign in first']);
    expect(g.__emberErrors).toEqual([]);
  });

  it('recognise an error with an error_code field as an account error, reported as one', async () => {
    const failure = (await call('/account/users/x/profile', { store: 'gb', server: { origin: 'http://shop.test', fetch: answer(404, { error: { code: 'NOT_FOUND', message: 'No such customer' } }) } }).catch((e: unknown) => e)) as AccountApiError;
    expect(isAccountError(failure)).toBe(true);
    const thrown = { error_code: 'E_ACCOUNT_LOCKED', message: 'locked' };
    expect(describeFailure(thrown)).toEqual({ send: true, tags: { source: 'account', code: 'E_ACCOUNT_LOCKED' }, contexts: { account: { code: 'E_ACCOUNT_LOCKED' } } });
    expect(isAccountError({ error_code: 'E_ACCOUNT_LOCKED', message: 'locked' })).toBe(true);
    expect(isAccountError(new Error('other'))).toBe(false);
    expect(isAccountError({ error_code: 42 })).toBe(false);
    expect(isAccountError(null)).toBe(false);
  });
});

describe('GraphQL failures in the browser', () => {
  const doc = 'query P($email: String!) { customer(email: $email) { id } }' as TypedDocument<unknown, Variables>;

  it('carry the document and variables and are handed to the reporting queue', async () => {
    g.__emberErrors = [];
    const client = createGraphqlClient({ endpoint: '/graphql', fetch: answer(500, { data: null, errors: [{ message: 'Internal error', extensions: { category: 'internal', code: 'INTERNAL' } }] }) });
    const failure = (await client.request(doc, { email: 'jane@example.com' }).catch((e: unknown) => e)) as GraphqlRequestError;
    expect(failure).toBeInstanceOf(GraphqlRequestError);
    expect(failure.document).toBe(doc);
    expect(failure.variables).toEqual({ email: 'jane@example.com' });
    expect(g.__emberErrors).toEqual([failure]);
    const report = describeFailure(failure);
    expect(report.send).toBe(true);
    expect(report.tags).toEqual({ source: 'graphql', 'graphql.codes': 'INTERNAL' });
    expect(report.contexts.graphql).toEqual({ document: doc, variables: { email: '[redacted]' }, codes: ['INTERNAL'], status: 500 });
  });

  it('are not sent when the shopper’s input was refused', () => {
    const refused = new GraphqlRequestError('No such cart', 200, [{ message: 'No such cart', extensions: { category: 'graphql-no-such-entity', code: 'CART_NOT_FOUND' } }], null, 'query { cart }', {});
    expect(describeFailure(refused).send).toBe(false);
    expect(describeFailure(new GraphqlRequestError('GraphQL answered 502 without JSON', 502, [], null, '{ a }', {})).send).toBe(true);
  });

  it('leave the SSR render alone: without the head’s queue nothing is kept', async () => {
    const client = createGraphqlClient({ endpoint: 'http://127.0.0.1/graphql', fetch: answer(500, { data: null, errors: [{ message: 'x', extensions: { code: 'INTERNAL' } }] }) });
    await expect(client.request(doc, { email: 'a@b.example' })).rejects.toBeInstanceOf(GraphqlRequestError);
    expect(g.__emberErrors).toBeUndefined();
  });
});

describe('the browser event scrubber', () => {
  it('takes personal data out of messages, URLs and extras, and drops the user and breadcrumbs', () => {
    const event = scrubBrowserEvent({
      message: 'failed for jane@example.com',
      exception: { values: [{ value: 'card 4111 1111 1111 1111 declined' }] },
      request: { url: 'https://shop.example/gb/account?email=jane@example.com#/profile', headers: { cookie: 'ember_session=abc' } },
      user: { email: 'jane@example.com' },
      breadcrumbs: [{ message: 'typed jane@example.com' }],
      extra: { password: 'pw', sku: 'ember-one' },
    });
    expect(event).toEqual({
      message: 'failed for [email]',
      exception: { values: [{ value: 'card [card] declined' }] },
      request: { url: 'https://shop.example/gb/account' },
      extra: { password: '[redacted]', sku: 'ember-one' },
    });
  });
});

describe('the head’s reporting snippet', () => {
  it('is nothing without a DSN', () => {
    expect(reportingSnippet(undefined, 'abc')).toBe('');
  });

  it('names the DSN, queues early failures and carries the nonce, with no way out of the script element', () => {
    const html = reportingSnippet({ dsn: 'https://key@o1.ingest.example/1', environment: '</script><script>alert(1)' }, 'n0nce+/=');
    expect(html.startsWith('<script nonce="n0nce+/=">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('"dsn":"https://key@o1.ingest.example/1"');
    expect(html).toContain('addEventListener("unhandledrejection"');
    const window = { listeners: {} as Record<string, (e: unknown) => void>, addEventListener(type: string, fn: (e: unknown) => void) { this.listeners[type] = fn; } } as { listeners: Record<string, (e: unknown) => void>; addEventListener(t: string, f: (e: unknown) => void): void; __emberErrors?: unknown[]; __emberReporting?: { dsn: string } };
    new Function('window', html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''))(window);
    expect(window.__emberReporting?.dsn).toBe('https://key@o1.ingest.example/1');
    const boom = new Error('early');
    window.listeners.error!({ error: boom });
    window.listeners.unhandledrejection!({ reason: 'rejected' });
    expect(window.__emberErrors).toEqual([boom, 'rejected']);
  });
});
