import { z } from 'zod';

/** Wire contracts of the platform configuration (`/api/platform/configuration`, `/admin/platform/configuration/{store}`). */

/** The payment families a market can offer (payments module: card form or bank redirect). */
export const PAYMENT_FAMILIES = ['card', 'bank_transfer'] as const;

const timeout = z.number().int().min(100).max(60_000);

/**
 * Every setting of a store view, typed. `loyalty_enabled` is the spec's string "true"/"false"; the
 * timeouts are the spec's §9 (request and loyalty 5000 ms); the cache times tell the storefront's
 * query cache (default 5 minutes, trade-in configuration stale after 5000 ms).
 */
export const PlatformSettingsSchema = z.strictObject({
  loyalty_enabled: z.enum(['true', 'false']),
  trials_enabled: z.boolean(),
  subscriptions_enabled: z.boolean(),
  devices_enabled: z.boolean(),
  search_enabled: z.boolean(),
  store_locator_enabled: z.boolean(),
  payment_families: z.array(z.enum(PAYMENT_FAMILIES)).max(PAYMENT_FAMILIES.length)
    .refine((a) => new Set(a).size === a.length, 'each payment family once'),
  request_timeout_ms: timeout,
  loyalty_timeout_ms: timeout,
  default_cache_time_ms: z.number().int().min(0).max(86_400_000),
  trade_in_stale_time_ms: z.number().int().min(0).max(86_400_000),
});
export type PlatformSettings = z.infer<typeof PlatformSettingsSchema>;
export type PlatformSettingKey = keyof PlatformSettings;
export const PLATFORM_SETTING_KEYS = Object.keys(PlatformSettingsSchema.shape) as PlatformSettingKey[];

/** The features the storefront gates with `useFeature(name)`. */
export const PLATFORM_FEATURES = ['loyalty', 'trials', 'subscriptions', 'devices', 'search', 'store_locator'] as const;
export type PlatformFeature = (typeof PLATFORM_FEATURES)[number];

/** `GET /api/platform/configuration`: the `Store` header's store view's settings. */
export const PlatformConfigurationSchema = z.object({
  store_code: z.string(),
  settings: PlatformSettingsSchema,
  /** When an operator last changed a setting of the store view; null while all are their defaults. */
  updated_at: z.string().nullable(),
});
export type PlatformConfiguration = z.infer<typeof PlatformConfigurationSchema>;

export const PlatformStoreParamsSchema = z.strictObject({ store: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/) });

/** `PUT /admin/platform/configuration/{store}`: who changes which settings (unknown keys refused). */
export const PlatformConfigurationUpdateSchema = z.strictObject({
  /** The operator making the change, as the history names them (not a customer); a console session names its operator itself. */
  operator: z.string().trim().min(1).max(80).optional(),
  settings: PlatformSettingsSchema.partial().refine((s) => Object.keys(s).length > 0, 'name at least one setting'),
});
export type PlatformConfigurationUpdate = z.infer<typeof PlatformConfigurationUpdateSchema>;

/** One operator change, newest first in `GET /admin/platform/configuration/{store}/history`. */
export const PlatformConfigurationChangeSchema = z.object({
  key: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  changed_by: z.string(),
  changed_at: z.string(),
});
export const PlatformConfigurationHistorySchema = z.object({
  store_code: z.string(),
  changes: z.array(PlatformConfigurationChangeSchema),
});
export type PlatformConfigurationHistory = z.infer<typeof PlatformConfigurationHistorySchema>;
