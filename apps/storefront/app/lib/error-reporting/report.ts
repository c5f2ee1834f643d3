import { scrub, scrubGraphqlDocument, scrubText } from '@ember/contracts';
import { isAccountError } from '../api/account.api';

/** What the document's head hands the browser (lib/error-reporting/snippet.ts). */
export interface BrowserReportingConfig {
  dsn: string;
  environment: string;
  release?: string;
}

/** A failure as it is sent: whether at all, and the tags and contexts that go with it. */
export interface FailureReport {
  send: boolean;
  tags: Record<string, string>;
  contexts: Record<string, Record<string, unknown>>;
}

interface GraphqlFailureLike {
  name: 'GraphqlRequestError';
  status: number;
  errors: { extensions?: { code?: string } }[];
  document?: string;
  variables?: unknown;
}

interface AccountFailureLike {
  name: 'AccountConnectionError';
  status: number;
  code: string;
}

/** Codes that say the shop, not the shopper, failed. */
const FAULT_CODES = new Set(['INTERNAL', 'SERVICE_UNAVAILABLE']);

/**
 * How a failure is reported (spec §8). A GraphQL failure goes with its document, its variables
 * (scrubbed) and its list of error codes, when the shop failed (a 5xx, no answer, an internal code),
 * not when the shopper's input was refused; an account connection error always goes.
 */
export function describeFailure(error: unknown): FailureReport {
  const named = error as { name?: unknown } | null;
  if (named?.name === 'GraphqlRequestError') {
    const failure = error as GraphqlFailureLike;
    const codes = [...new Set((failure.errors ?? []).map((e) => e.extensions?.code ?? 'UNKNOWN'))];
    const send = failure.status === 0 || failure.status >= 500 || codes.length === 0 || codes.some((c) => FAULT_CODES.has(c));
    return {
      send,
      tags: { source: 'graphql', 'graphql.codes': codes.join(',') },
      contexts: { graphql: { document: scrubGraphqlDocument(failure.document ?? ''), variables: scrub(failure.variables ?? {}), codes, status: failure.status } },
    };
  }
  if (named?.name === 'AccountConnectionError') {
    const failure = error as AccountFailureLike;
    return { send: true, tags: { source: 'account', code: failure.code }, contexts: { account: { status: failure.status, code: failure.code } } };
  }
  // Anything else with an `error_code` field is an account error (spec §8), whoever threw it.
  if (isAccountError(error)) {
    const code = String((error as { error_code?: unknown; code?: unknown }).error_code ?? (error as { code?: unknown }).code);
    return { send: true, tags: { source: 'account', code }, contexts: { account: { code } } };
  }
  return { send: true, tags: { source: 'browser' }, contexts: {} };
}

/** The part of an event that can carry what a shopper typed or where they were. */
export interface ScrubbableEvent {
  message?: string;
  exception?: { values?: { value?: string }[] };
  request?: { url?: string; headers?: Record<string, string>; query_string?: unknown; cookies?: unknown };
  user?: unknown;
  breadcrumbs?: unknown;
  extra?: Record<string, unknown>;
}

/** The last look at an event before it leaves the browser: texts scrubbed, user and trail dropped. */
export function scrubBrowserEvent<E extends ScrubbableEvent>(event: E): E {
  for (const ex of event.exception?.values ?? []) if (ex.value) ex.value = scrubText(ex.value);
  if (event.message) event.message = scrubText(event.message);
  if (event.request) event.request = { url: event.request.url ? scrubText(event.request.url.split(/[?#]/)[0]!) : undefined };
  if (event.extra) event.extra = scrub(event.extra) as Record<string, unknown>;
  delete event.user;
  delete event.breadcrumbs;
  return event;
}
