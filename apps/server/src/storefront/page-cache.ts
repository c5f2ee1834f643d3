import type { ChangeTag } from '../platform/changes.js';

/** A rendered public page as it is kept and served: its body in each encoding, and what it shows. */
export interface CachedPage {
  status: number;
  /** The headers the page is served with (content type, its own Content-Security-Policy). */
  headers: Record<string, string>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** A weak validator of the body (`W/"…"`), the same in every encoding. */
  etag: string;
  /** The kinds of data it shows: a change announced with one of them drops it. */
  tags: ReadonlySet<ChangeTag>;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
  bytes: number;
}

interface Flight {
  promise: Promise<CachedPage | null>;
  tags: ReadonlySet<ChangeTag>;
  /** Set when a change with one of its tags was announced while it rendered: its page is not kept. */
  outdated: boolean;
}

export interface PageCacheOptions {
  /** Most bytes kept (all encodings of all pages); the least recently served go first. */
  maxBytes: number;
  /** How long a page is served as it is. */
  freshMs: number;
  /** How long after that it is still served, while one request renders it again behind it. */
  staleMs: number;
  now?: () => number;
}

export type Lookup = { page: CachedPage; state: 'fresh' | 'stale' } | null;

/**
 * The shared cache of anonymous public pages, in this process's memory (docs/decisions/0042).
 * - One render per page at a time: requests for a page being rendered wait for that render.
 * - Stale-while-revalidate: a page past `freshMs` is served for `staleMs` more while one render
 *   replaces it, so a burst of requests never waits for a render nor renders a page twice.
 * - Tags: a change announced with a tag drops every page showing it at once, and a render that
 *   was under way when it was announced is served to those waiting for it but not kept.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();

  private readonly flights = new Map<string, Flight>();

  private bytes = 0;

  private readonly now: () => number;

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.entries.size, bytes: this.bytes };
  }

  lookup(key: string): Lookup {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = this.now() - entry.storedAt;
    if (age > this.opts.freshMs + this.opts.staleMs) {
      this.remove(key);
      return null;
    }
    // Most recently served last: the first in the map is the first to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { page: entry.page, state: age <= this.opts.freshMs ? 'fresh' : 'stale' };
  }

  /**
   * The page of `key`: the render already under way for it, or a new one (`render` answers null for
   * a page that must not be kept). The page is kept unless a change to one of `tags` came meanwhile.
   */
  fill(key: string, tags: ReadonlySet<ChangeTag>, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const running = this.flights.get(key);
    if (running) return running.promise;
    const flight: Flight = { tags, outdated: false, promise: Promise.resolve(null) };
    flight.promise = (async () => {
      try {
        const page = await render();
        if (page && !flight.outdated) this.store(key, page);
        return page;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }
    })();
    this.flights.set(key, flight);
    return flight.promise;
  }

  /** Drops every page showing one of `tags`; renders under way for them are not kept. Answers how many pages went. */
  invalidate(tags: ReadonlySet<ChangeTag>): number {
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (intersects(entry.page.tags, tags)) {
        this.remove(key);
        dropped++;
      }
    }
    for (const [key, flight] of this.flights) {
      if (intersects(flight.tags, tags)) {
        flight.outdated = true;
        // The next request renders anew instead of waiting for a render of the old data.
        this.flights.delete(key);
      }
    }
    return dropped;
  }

  private store(key: string, page: CachedPage): void {
    const bytes = key.length + page.identity.length + page.br.length + page.gzip.length;
    if (bytes > this.opts.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { page, storedAt: this.now(), bytes });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function intersects(a: ReadonlySet<ChangeTag>, b: ReadonlySet<ChangeTag>): boolean {
  for (const tag of a) if (b.has(tag)) return true;
  return false;
}
