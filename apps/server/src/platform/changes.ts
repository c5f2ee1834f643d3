import type { Db } from './db.js';

/**
 * What changed, as the database announces it (db/migrations/0033, NOTIFY ember_changes): the
 * catalogue (products, prices, categories, promotions), stock that is shown (in or out of stock,
 * "only N left"), content (FAQ, marketing and legal pages) and configuration (store views,
 * countries, tax, pick-up stores).
 */
export const CHANGE_TAGS = ['catalog', 'stock', 'content', 'config'] as const;
export type ChangeTag = (typeof CHANGE_TAGS)[number];

export const CHANGES_CHANNEL = 'ember_changes';

/** Who is told: each listener gets the tags that changed; every tag when some may have been missed. */
export type ChangeListener = (tags: ReadonlySet<ChangeTag>) => void;

const ALL: ReadonlySet<ChangeTag> = new Set(CHANGE_TAGS);

/**
 * The process's subscription to the database's change announcements. Every instance listens, so a
 * change made through any of them, or straight in the database, reaches all of them; when the
 * listening connection was lost, every listener is told everything changed.
 */
export class Changes {
  private readonly listeners: ChangeListener[] = [];

  private stop: (() => Promise<void>) | null = null;

  on(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener; an unknown tag counts as everything. */
  announce(tags: Iterable<string>): void {
    const known = new Set<ChangeTag>();
    for (const tag of tags) {
      if (!(CHANGE_TAGS as readonly string[]).includes(tag)) {
        this.announceAll();
        return;
      }
      known.add(tag as ChangeTag);
    }
    if (known.size) for (const l of this.listeners) l(known);
  }

  announceAll(): void {
    for (const l of this.listeners) l(ALL);
  }

  async start(db: Db): Promise<void> {
    this.stop = await db.listen(CHANGES_CHANNEL, (tag) => this.announce([tag]), () => this.announceAll());
  }

  /** Stops listening; a database already closed has stopped it. */
  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.().catch(() => undefined);
  }
}
