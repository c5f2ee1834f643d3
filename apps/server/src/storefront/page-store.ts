import type { Redis } from 'ioredis';
import { CHANGE_TAGS, type ChangeTag } from '../platform/changes.js';
import type { CachedPage } from './page-cache.js';

/** The generation of each kind of data when a render began: a page is good while none has moved on. */
export type Stamp = Readonly<Record<ChangeTag, number>>;

/** A page as another instance rendered it, and when. */
export interface SharedPage {
  page: CachedPage;
  storedAt: number;
}

/** What the shared copy says of a key: its page, whether an instance is rendering it now. */
export interface SharedLookup {
  found: SharedPage | null;
  rendering: boolean;
}

/**
 * The copy of the page cache every instance shares (docs/decisions/0042). A page is kept with the
 * generations of the data it shows as they were when its render began; each announced change moves
 * its tags' generations on, so a page rendered from older data is never served again, even one whose
 * render was under way when the change came.
 */
export interface SharedPageStore {
  /** The page kept under `key`, if it shows no data that changed since its render began. */
  read(key: string): Promise<SharedLookup>;
  /**
   * Claims the render of `key` for this instance for `ms`: the generations to keep its page with,
   * or null when another instance is rendering it.
   */
  claim(key: string, ms: number): Promise<Stamp | null>;
  /** Keeps `page` for `ttlMs` and ends the claim. */
  write(key: string, page: CachedPage, storedAt: number, stamp: Stamp, ttlMs: number): Promise<void>;
  /** Ends a claim without a page (the render failed or must not be kept). */
  release(key: string): Promise<void>;
  /** Moves the generations of `tags` on: every page showing one of them is gone for every instance. */
  changed(tags: ReadonlySet<ChangeTag>): Promise<void>;
}

interface Header {
  status: number;
  headers: Record<string, string>;
  etag: string;
  tags: ChangeTag[];
  storedAt: number;
  stamp: Stamp;
  sizes: [number, number, number];
}

/** One page as one Redis value: a 4-byte length, a JSON header, then the HTML, brotli and gzip bodies. */
export function encodeSharedPage(page: CachedPage, storedAt: number, stamp: Stamp): Buffer {
  const header: Header = {
    status: page.status,
    headers: page.headers,
    etag: page.etag,
    tags: [...page.tags],
    storedAt,
    stamp,
    sizes: [page.identity.length, page.br.length, page.gzip.length],
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, page.identity, page.br, page.gzip]);
}

/** The page and its stamp of a value `encodeSharedPage` wrote, or null for anything else. */
export function decodeSharedPage(value: Buffer): (SharedPage & { stamp: Stamp }) | null {
  if (value.length < 4) return null;
  const jsonEnd = 4 + value.readUInt32BE(0);
  if (jsonEnd > value.length) return null;
  let header: Header;
  try {
    header = JSON.parse(value.subarray(4, jsonEnd).toString('utf8')) as Header;
  } catch {
    return null;
  }
  const [a, b, c] = header.sizes;
  if (jsonEnd + a + b + c !== value.length) return null;
  const identity = value.subarray(jsonEnd, jsonEnd + a);
  const br = value.subarray(jsonEnd + a, jsonEnd + a + b);
  const gzip = value.subarray(jsonEnd + a + b);
  return {
    page: { status: header.status, headers: header.headers, etag: header.etag, tags: new Set(header.tags), identity, br, gzip },
    storedAt: header.storedAt,
    stamp: header.stamp,
  };
}

/** Whether a page kept with `stamp` shows only data no change has reached since. */
function current(page: CachedPage, stamp: Stamp, now: Stamp): boolean {
  for (const tag of page.tags) if ((stamp[tag] ?? -1) !== now[tag]) return false;
  return true;
}

function toStamp(values: (string | null)[]): Stamp {
  const stamp = {} as Record<ChangeTag, number>;
  CHANGE_TAGS.forEach((tag, i) => {
    stamp[tag] = Number(values[i] ?? 0);
  });
  return stamp;
}

/**
 * The shared copy in Redis. Keys under `prefix`: `page:<key>` holds a page, `render:<key>` the
 * claim of its render, `gen:<tag>` a tag's generation. Each read is one round trip (the page, the
 * generations and the claim together).
 */
export class RedisPageStore implements SharedPageStore {
  private readonly genKeys: string[];

  constructor(private readonly redis: Redis, private readonly prefix = 'ember:pages:') {
    this.genKeys = CHANGE_TAGS.map((tag) => `${prefix}gen:${tag}`);
  }

  async read(key: string): Promise<SharedLookup> {
    const results = await this.redis.multi()
      .getBuffer(this.prefix + 'page:' + key)
      .mget(...this.genKeys)
      .exists(this.prefix + 'render:' + key)
      .exec();
    if (!results || results.some(([err]) => err)) throw new Error('shared page read failed');
    const value = results[0]![1] as Buffer | null;
    const now = toStamp(results[1]![1] as (string | null)[]);
    const rendering = (results[2]![1] as number) === 1;
    const decoded = value ? decodeSharedPage(value) : null;
    if (!decoded || !current(decoded.page, decoded.stamp, now)) return { found: null, rendering };
    return { found: { page: decoded.page, storedAt: decoded.storedAt }, rendering };
  }

  async claim(key: string, ms: number): Promise<Stamp | null> {
    // The generations are read before the render reads any data: a change committed after this
    // moves them on, and the page it makes is not served.
    const results = await this.redis.multi()
      .set(this.prefix + 'render:' + key, '1', 'PX', ms, 'NX')
      .mget(...this.genKeys)
      .exec();
    if (!results || results.some(([err]) => err)) throw new Error('shared page claim failed');
    if (results[0]![1] !== 'OK') return null;
    return toStamp(results[1]![1] as (string | null)[]);
  }

  async write(key: string, page: CachedPage, storedAt: number, stamp: Stamp, ttlMs: number): Promise<void> {
    await this.redis.multi()
      .set(this.prefix + 'page:' + key, encodeSharedPage(page, storedAt, stamp), 'PX', Math.max(1, Math.round(ttlMs)))
      .del(this.prefix + 'render:' + key)
      .exec();
  }

  async release(key: string): Promise<void> {
    await this.redis.del(this.prefix + 'render:' + key);
  }

  async changed(tags: ReadonlySet<ChangeTag>): Promise<void> {
    const tx = this.redis.multi();
    for (const tag of tags) tx.incr(`${this.prefix}gen:${tag}`);
    await tx.exec();
  }
}
