import {
  PlatformSettingsSchema, type PlatformConfiguration, type PlatformConfigurationHistory, type PlatformConfigurationUpdate,
  type PlatformFeature, type PlatformSettings,
} from '@ember/contracts';
import type { Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import type { StoreView } from '../store/store.service.js';
import * as store from './platform-config.store.js';

/** Which setting turns each storefront feature on. */
const FEATURE_SETTING: Record<PlatformFeature, keyof PlatformSettings> = {
  loyalty: 'loyalty_enabled',
  trials: 'trials_enabled',
  subscriptions: 'subscriptions_enabled',
  devices: 'devices_enabled',
  search: 'search_enabled',
  store_locator: 'store_locator_enabled',
};

/** Whether a feature is on in a set of settings (loyalty's flag is the spec's string "true"). */
export function isFeatureOn(settings: PlatformSettings, feature: PlatformFeature): boolean {
  const value = settings[FEATURE_SETTING[feature]];
  return value === true || value === 'true';
}

/**
 * The platform configuration (spec §7 "Platform configuration GET"): per store view, the feature
 * flags and settings the storefront reads, with defaults, changed by operators with a recorded
 * history. Each process keeps a store view's settings until the database announces a `config`
 * change (any instance's write, or one made straight in the database), and five minutes at most.
 */
export class PlatformConfigService {
  private readonly cache = new TtlCache<PlatformConfiguration>(300_000, 100);

  invalidate(): void {
    this.cache.clear();
  }

  /** `GET /api/platform/configuration`: the store view's settings, each its own value or the default. */
  configuration(q: Reader, view: StoreView): Promise<PlatformConfiguration> {
    return this.cache.through(view.code, async () => {
      const rows = await store.settingsOf(q, view.code);
      // The contract holds every key's type: a value the database holds wrongly is a bug, not an answer.
      const settings = PlatformSettingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
      return { store_code: view.code, settings, updated_at: store.lastUpdate(rows)?.toISOString() ?? null };
    });
  }

  /** Whether a feature is on in the store view, for server paths that respect a flag. */
  async isEnabled(q: Reader, view: StoreView, feature: PlatformFeature): Promise<boolean> {
    return isFeatureOn((await this.configuration(q, view)).settings, feature);
  }

  /**
   * `PUT /admin/platform/configuration/{store}`: sets the named settings (already checked by the
   * contract), each recorded with the operator, in the caller's transaction. Answers the settings
   * as they are now, read in the same transaction.
   */
  async update(tx: Tx, view: StoreView, input: PlatformConfigurationUpdate & { operator: string }): Promise<PlatformConfiguration> {
    for (const [key, value] of Object.entries(input.settings)) {
      if (value === undefined) continue;
      await store.setValue(tx, { store_code: view.code, key, value, operator: input.operator });
    }
    this.cache.clear();
    const rows = await store.settingsOf(tx, view.code);
    const parsed = PlatformSettingsSchema.safeParse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The settings do not fit together');
    return { store_code: view.code, settings: parsed.data, updated_at: store.lastUpdate(rows)?.toISOString() ?? null };
  }

  /** The store view's operator changes, newest first (the last 100). */
  async history(q: Reader, view: StoreView): Promise<PlatformConfigurationHistory> {
    const rows = await store.changesOf(q, view.code, 100);
    return { store_code: view.code, changes: rows.map((r) => ({ ...r, changed_at: r.changed_at.toISOString() })) };
  }
}
