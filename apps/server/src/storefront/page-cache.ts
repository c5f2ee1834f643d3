import type { ChangeTag } from '../platform/changes.js';
import type { SharedPageStore, Stamp } from './page-store.js';

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
  /** The copy every instance shares (Redis): a page one instance rendered is served by all. */
  shared?: SharedPageStore;
  /** How long a render is claimed for, and so the longest another instance waits for its page (10 s). */
  renderClaimMs?: number;
  /** Told when the shared copy fails; pages are then rendered and kept here alone. */
  onSharedError?: (err: unknown) => void;
}

export type Lookup = { page: CachedPage; state: 'fresh' | 'stale' } | null;

/**
 * The shared cache of anonymous public pages (docs/decisions/0042): in this process's memory, and
 * with a shared copy (`shared`, Redis) in front of every instance's own.
 * - One render per page at a time: requests for a page being rendered wait for that render; with a
 *   shared copy, an instance whose page another instance is rendering waits for that page.
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

  private readonly shared: SharedPageStore | undefined;

  private readonly claimMs: number;

  /** The storefront build's version before each shared key: instances of another build keep their own pages. */
  private release = '';

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now ?? Date.now;
    this.shared = opts.shared;
    this.claimMs = opts.renderClaimMs ?? 10_000;
  }

  /**
   * Names the storefront build whose pages this cache holds. A page links that build's assets, so in
   * a rolling deployment an instance must not serve a page another build rendered.
   */
  forRelease(version: string): void {
    this.release = `${version}:`;
  }

  /** A key as the shared copy knows it: behind the build's version. */
  private sharedKey(key: string): string {
    return this.release + key;
  }

  /** How long a page is kept at all: fresh, then stale. */
  private get lifetimeMs(): number {
    return this.opts.freshMs + this.opts.staleMs;
  }

  private sharedFailed(err: unknown): void {
    this.opts.onSharedError?.(err);
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.entries.size, bytes: this.bytes };
  }

  lookup(key: string): Lookup {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = this.now() - entry.storedAt;
    if (age > this.lifetimeMs) {
      this.remove(key);
      return null;
    }
    // Most recently served last: the first in the map is the first to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { page: entry.page, state: age <= this.opts.freshMs ? 'fresh' : 'stale' };
  }

  /**
   * The page of `key` in the shared copy, kept here too when found; null without a shared copy, when
   * it has none that shows current data, or when it cannot be reached.
   */
  async lookupShared(key: string): Promise<Lookup> {
    if (!this.shared) return null;
    try {
      const { found } = await this.shared.read(this.sharedKey(key));
      if (!found || !this.storeShared(key, found.page, found.storedAt)) return null;
      return this.lookup(key);
    } catch (err) {
      this.sharedFailed(err);
      return null;
    }
  }

  /**
   * The page of `key`: the render already under way for it, or a new one (`render` answers null for
   * a page that must not be kept). The page is kept unless a change to one of `tags` came meanwhile.
   * With a shared copy the render is claimed first; when another instance holds the claim, this one
   * waits for that instance's page and renders only if none comes.
   */
  fill(key: string, tags: ReadonlySet<ChangeTag>, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const running = this.flights.get(key);
    if (running) return running.promise;
    const flight: Flight = { tags, outdated: false, promise: Promise.resolve(null) };
    flight.promise = (async () => {
      let stamp: Stamp | null = null;
      try {
        if (this.shared) {
          let claimed: Stamp | null | undefined;
          try {
            claimed = await this.shared.claim(this.sharedKey(key), this.claimMs);
          } catch (err) {
            // Unreachable: rendered and kept here alone.
            this.sharedFailed(err);
          }
          if (claimed === null) {
            const theirs = await this.awaitShared(key);
            if (theirs) return theirs;
          } else if (claimed) {
            stamp = claimed;
          }
        }
        const page = await render();
        if (page && !flight.outdated) {
          const storedAt = this.now();
          this.store(key, page, storedAt);
          if (stamp) {
            void this.shared!.write(this.sharedKey(key), page, storedAt, stamp, this.lifetimeMs).catch((err: unknown) => this.sharedFailed(err));
            stamp = null;
          }
        }
        return page;
      } finally {
        if (stamp) void this.shared!.release(this.sharedKey(key)).catch((err: unknown) => this.sharedFailed(err));
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }
    })();
    this.flights.set(key, flight);
    return flight.promise;
  }

  /**
   * The page another instance is rendering, once it is in the shared copy; null when the claim ends
   * without a current page (that render failed, was outdated, or its instance stopped).
   */
  private async awaitShared(key: string): Promise<CachedPage | null> {
    const until = this.now() + this.claimMs;
    for (let pause = 5; this.now() < until; pause = Math.min(pause * 2, 50)) {
      await new Promise((r) => setTimeout(r, pause));
      try {
        const { found, rendering } = await this.shared!.read(this.sharedKey(key));
        if (found && this.storeShared(key, found.page, found.storedAt)) return found.page;
        if (!rendering) return null;
      } catch (err) {
        this.sharedFailed(err);
        return null;
      }
    }
    return null;
  }

  /** Keeps a page from the shared copy as it was stored there; false when it is already too old. */
  private storeShared(key: string, page: CachedPage, storedAt: number): boolean {
    if (this.now() - storedAt > this.lifetimeMs) return false;
    this.store(key, page, storedAt);
    return true;
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
    // Every instance hears the change and moves the shared generations on; one is enough, more are harmless.
    if (this.shared) void this.shared.changed(tags).catch((err: unknown) => this.sharedFailed(err));
    return dropped;
  }

  private store(key: string, page: CachedPage, storedAt: number): void {
    const bytes = key.length + page.identity.length + page.br.length + page.gzip.length;
    if (bytes > this.opts.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { page, storedAt, bytes });
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
