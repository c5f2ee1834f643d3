import type { AppLoadContext } from 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /** Absolute URL of the commerce GraphQL endpoint the server-side loaders call. */
    graphqlUrl?: string;
    /**
     * How server-side loaders reach that endpoint: the hosting server hands the request to itself in
     * process, without a socket; absent, they use the global fetch over loopback.
     */
    fetch?: typeof fetch;
    /** Per-request nonce the document's inline scripts carry (Content-Security-Policy). */
    cspNonce?: string;
    /** Render the whole document before sending any of it (a page for the server's page cache). */
    wholeDocument?: boolean;
    /** Told when part of the render failed after the shell was sent (such a page is not kept). */
    onRenderError?: () => void;
    /** The browser's error reporting (a DSN is configured): the same for every visitor (lib/error-reporting). */
    browserReporting?: { dsn: string; environment: string; release?: string };
  }
}

/** The GraphQL endpoint for server-side loaders; the hosting server always sets it. */
export function graphqlUrlFrom(context: AppLoadContext): string {
  if (!context.graphqlUrl) throw new Error('the load context has no graphqlUrl');
  return context.graphqlUrl;
}

/** Where a server-side REST call goes: the API's origin, and the fetch that reaches it. */
export interface ServerTarget {
  origin: string;
  fetch?: typeof fetch;
}

/**
 * The target of server-side account calls: the account services share the API's host, and are
 * reached the way the GraphQL calls are (in process when the hosting server gives a fetch).
 */
export function apiTargetFrom(context: AppLoadContext): ServerTarget {
  return { origin: new URL(graphqlUrlFrom(context)).origin, fetch: context.fetch };
}
