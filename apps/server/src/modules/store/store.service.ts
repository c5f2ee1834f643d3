import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { activeStoreCodesShippingTo, listActiveStoreViews, type StoreView } from './store.store.js';

export type { StoreView } from './store.store.js';

const STORE_CODE = /^[a-z][a-z0-9_]{1,31}$/;

/**
 * Store views change rarely, so each process keeps them for a short time; every instance sees a
 * change within `ttlMs`.
 */
export class StoreService {
  private cached: { at: number; views: StoreView[] } | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly defaultCode: string,
    private readonly ttlMs = 10_000,
  ) {}

  /**
   * The active store views. Inside a transaction pass it as `q`: on the embedded database a read
   * outside an open transaction waits for that transaction, so a refresh through the pool would
   * never return.
   */
  async list(q: Queryable = this.db): Promise<StoreView[]> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > this.ttlMs) {
      this.cached = { at: now, views: await listActiveStoreViews(q) };
    }
    return this.cached.views;
  }

  /** Resolves the `Store` header (absent means the default store view); unknown codes are an input error. */
  async resolve(header: string | undefined, q?: Queryable): Promise<StoreView> {
    const views = await this.list(q);
    const code = header?.trim().toLowerCase() || this.defaultCode;
    const view = STORE_CODE.test(code) ? views.find((v) => v.code === code) : undefined;
    if (!view) throw new AppError('UNKNOWN_STORE', `Requested store is not found: ${code.slice(0, 32)}`);
    return view;
  }

  /** The store view a request names in its `Store` header (a repeated header is not a store code). */
  forRequest(request: { headers: Record<string, string | string[] | undefined> }): Promise<StoreView> {
    const header = request.headers.store;
    return this.resolve(typeof header === 'string' ? header : undefined);
  }

  /** The active store views that ship to a country (two-letter), in display order. */
  async shippingTo(countryId: string, q: Queryable = this.db): Promise<StoreView[]> {
    const codes = await activeStoreCodesShippingTo(q, countryId);
    const views = await this.list(q);
    return codes.map((c) => views.find((v) => v.code === c)).filter((v): v is StoreView => v !== undefined);
  }

  invalidate(): void {
    this.cached = null;
  }
}
