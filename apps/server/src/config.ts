import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** An http(s) origin without path, query or trailing slash, e.g. https://shop.example. */
const origin = z
  .string()
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'must be an origin such as https://shop.example (no path)');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A Sentry DSN: http(s)://publickey@host[:port]/[path/]projectid. */
const sentryDsn = z.string().regex(/^https?:\/\/[A-Za-z0-9]+(:[A-Za-z0-9]+)?@[A-Za-z0-9.-]+(:\d{1,5})?\/([\w.-]+\/)*\d+$/, 'must be a Sentry DSN such as https://key@o1.ingest.sentry.io/123');

/** Every environment variable the server reads, with its default; README's configuration table mirrors it. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Twice the cores, at least 4 (docs/decisions/0020): more connections than the database can run at
  // once only queue inside it; raise it for a database server of its own.
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(Math.max(4, 2 * availableParallelism())),
  STORE_MODE: z.enum(['TEST', 'LIVE']).default('TEST'),
  DEFAULT_STORE: z.string().min(1).default('gb'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(262_144),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(12),
  GRAPHQL_MAX_COMPLEXITY: z.coerce.number().int().min(10).max(100_000).default(300),
  GRAPHQL_MAX_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(300),
  GRAPHQL_INTROSPECTION: bool.optional(),
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // The cache of anonymous public pages (docs/decisions/0042): its size (0 turns it off), how long a
  // page is served as it is, and how long after that it is served while it is rendered again.
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  // Whether this process listens for the database's change announcements (platform/changes.ts). Off,
  // it keeps its copies for their time bounds only: for a process that must not react to what
  // others change (a suite that counts statements on a shared database).
  CHANGES_LISTEN: bool.default(true),
  // Whether a query beside its caller's open transaction is refused at once (platform/transaction.ts).
  // Default: on, but for production on PostgreSQL, where its cost is measured (docs/decisions/0050).
  TX_GUARD: bool.optional(),
  PAGE_CACHE_FRESH_S: z.coerce.number().int().min(1).max(86_400).default(60),
  PAGE_CACHE_STALE_S: z.coerce.number().int().min(0).max(86_400).default(600),
  // After SIGTERM, readiness fails at once but the server keeps serving this long so a load balancer
  // stops routing to it before connections close.
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(25_000),
  STOREFRONT_BUILD_DIR: z.string().optional(),
  PUBLIC_GRAPHQL_URL: z.string().optional(),
  // The origin shoppers reach the shop at (scheme, host, port; no path). Every link in an e-mail and
  // the session cookie's Secure flag follow it, never a request's Host or X-Forwarded-* headers.
  // Unset: http://localhost:PORT (development and tests only; LIVE mode requires it).
  PUBLIC_BASE_URL: origin.optional(),
  // Per-market origins where a store view has its own domain: "de=https://shop.example.de,ch=https://...".
  PUBLIC_BASE_URLS: z
    .string()
    .transform((v, ctx) => {
      const map: Record<string, string> = {};
      for (const part of v.split(',').map((p) => p.trim()).filter(Boolean)) {
        const eq = part.indexOf('=');
        const store = part.slice(0, eq).trim();
        const url = origin.safeParse(part.slice(eq + 1).trim());
        if (eq < 1 || !/^[a-z0-9_]+$/.test(store) || !url.success) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not store=origin` });
          return z.NEVER;
        }
        map[store] = url.data;
      }
      return map;
    })
    .optional(),
  SEED: bool.default(true),
  SERVICES: z.string().optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  // Begins every key the shop writes in Redis, so shops (or test runs) can share one server.
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,40}$/, 'letters, digits and : _ . - only').default('ember:'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  // Multiplies every per-IP rate limit (per-account and per-code limits stay): for large NAT'd audiences.
  RATE_LIMIT_IP_FACTOR: z.coerce.number().min(1).max(1000).default(1),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).max(64).default(8),
  // Turns every password rule off (all zero/false), as the account configuration allows.
  PASSWORD_POLICY_OFF: bool.default(false),
  // A customer session unused this long ends (answers like a logged-out one); the 14-day absolute lifetime stays.
  SESSION_IDLE_HOURS: z.coerce.number().int().min(1).max(336).default(72),
  MAIL_FROM: z.string().min(3).default('Ember <no-reply@ember.example>'),
  // Signs wallet pass links (HMAC-SHA256); required in LIVE mode, a fixed development value in TEST mode.
  WALLET_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // HMAC key of age-verification provider callbacks; unset in TEST mode: a random key per process.
  AGE_VERIFICATION_CALLBACK_SECRET: z.string().min(32).optional(),
  // How long the TEST age-verification workflow takes before it calls back.
  AGE_VERIFICATION_TEST_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  // Bearer token of the operator endpoints (/admin/...) for scripts; unset: only operator sessions reach them.
  ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
  // The operator console (docs/decisions/0076): the key operators' TOTP secrets are sealed with, and the sessions' lifetimes.
  OPERATOR_TOTP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  OPERATOR_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  OPERATOR_SESSION_HOURS: z.coerce.number().int().min(1).max(24).default(12),
  // Payments: only the TEST sandbox PSP is built in; LIVE refuses to boot with it (see loadConfig).
  PAYMENTS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  PAYMENTS_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYMENTS_MERCHANT_ACCOUNT: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only').default('ember'),
  PAYMENTS_WEBHOOK_TOLERANCE_S: z.coerce.number().int().min(30).max(3600).default(300),
  PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  PAYMENTS_JOBS: bool.optional(),
  // An Idempotency-Key held this long by a request that never answered (its process died) is taken over by a retry.
  IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  // A payment the provider has not reported on this long is asked about (reconciliation, docs/decisions/0034).
  PAYMENTS_RECONCILE_AFTER_S: z.coerce.number().int().min(1).max(86_400).default(120),
  // TEST only: the named fault point kills the process (kill -9) when reached, for crash-recovery tests.
  EMBER_FAULT: z.string().regex(/^[a-z][a-z.-]{2,63}$/).optional(),
  // Bot check of guest device registration (docs/decisions/0047): ALTCHA proof of work served by the shop
  // itself (default, also in LIVE), or a hosted Turnstile-style check with its site key and secret.
  BOT_CHECK_PROVIDER: z.enum(['altcha', 'turnstile']).default('altcha'),
  // HMAC key of ALTCHA challenges; unset: a random key per process (set one shared key when several instances serve).
  BOT_CHECK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Work of one challenge: the solver tries up to BOT_CHECK_MAX_NUMBER counters of BOT_CHECK_COST SHA-256 rounds each.
  BOT_CHECK_COST: z.coerce.number().int().min(1).max(10_000).default(20),
  BOT_CHECK_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(40_000),
  BOT_CHECK_TTL_S: z.coerce.number().int().min(30).max(3600).default(600),
  TURNSTILE_SITE_KEY: z.string().min(1).max(200).optional(),
  TURNSTILE_SECRET: z.string().min(1).max(200).optional(),
  TURNSTILE_VERIFY_URL: z.string().regex(/^https:\/\//).default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  // Loyalty: when credits lapse, when undelivered order points become available, the tier window, the client timeout.
  LOYALTY_POINTS_EXPIRY_DAYS: z.coerce.number().int().min(0).max(3650).default(365),
  LOYALTY_PENDING_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  LOYALTY_TIER_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  LOYALTY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  LOYALTY_JOBS: bool.optional(),
  // Pack codes (docs/decisions/0048): the HMAC key of every printed code's check (required in LIVE
  // mode; TEST mode has a fixed development key, which the demo batches' codes are made with), and
  // how many codes a customer may register per calendar month.
  PACK_CODE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PACK_CODE_MONTHLY_ALLOWANCE: z.coerce.number().int().min(0).max(100_000).default(20),
  // Leads (docs/decisions/0058): the HMAC key of the confirmation links e-mailed to leads (required in
  // LIVE mode where the leads service is served; TEST mode has a fixed development key), and how many
  // days a link works.
  LEADS_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LEADS_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  // Newsletter (docs/decisions/0070): the HMAC key of its confirmation and unsubscribe links (required in
  // LIVE mode where the marketing service is served; TEST mode has a fixed development key), and how many
  // days a confirmation link works (unsubscribe links never expire).
  MARKETING_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MARKETING_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  // Address suggestions (docs/decisions/0061): the shop's own address table (`local`), a Loqate-style
  // hosted service (`loqate`, with its key and base URL) or none (every answer an empty list).
  // The store locator's map (docs/decisions/0060): an XYZ tile server's address with {z}, {x} and {y},
  // https (or http on a loopback address), and the attribution its terms ask for; without it the
  // store locator is a list. The tiles' origin is added to the documents' img-src.
  MAP_TILE_URL: z.string().max(300)
    .regex(/^(https:\/\/[a-z0-9.-]+(:\d{1,5})?|http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?)\/[^\s"'<>]*$/i, 'must be an https:// tile URL')
    .refine((u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)), 'must contain {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(200).regex(/^[^<>\p{Cc}]*$/u, 'must be plain text').default('Map data © OpenStreetMap contributors'),
  ADDRESS_SUGGESTIONS_PROVIDER: z.enum(['local', 'loqate', 'none']).default('local'),
  LOQATE_API_KEY: z.string().min(1).max(200).optional(),
  LOQATE_URL: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL').default('https://api.addressy.com'),
  ADDRESS_SUGGESTIONS_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  // Orders still waiting for payment this long after their last change are cancelled and their stock
  // released (docs/decisions/0019); 0: never. Shorter than 5 minutes would cut off a shopper mid-payment.
  ORDERS_PAYMENT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_080)
    .refine((m) => m === 0 || m >= 5, 'must be 0 (never) or at least 5 minutes')
    .default(30),
  // A guest's unpaid order holds stock a shorter while (docs/decisions/0033); never longer than a customer's.
  ORDERS_PAYMENT_EXPIRY_GUEST_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_080)
    .refine((m) => m === 0 || m >= 5, 'must be 0 (as customers) or at least 5 minutes')
    .default(15),
  // Orders waiting for payment at once, per buyer e-mail (customer or guest), per delivery address and per client address.
  ORDERS_UNPAID_PER_BUYER: z.coerce.number().int().min(1).max(1000).default(3),
  ORDERS_UNPAID_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(3),
  ORDERS_UNPAID_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(10),
  ORDERS_JOBS: bool.optional(),
  // Guest carts untouched this long (and never ordered) are deleted (docs/decisions/0021); 0: kept.
  CART_GUEST_LIFETIME_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  CART_JOBS: bool.optional(),
  // The subscription renewal job (due deliveries, retries, pauses that end); off in tests unless asked.
  SUBSCRIPTIONS_JOBS: bool.optional(),
  SUBSCRIPTIONS_JOB_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // A renewal whose charge started this long ago without a recorded outcome (a crash) is finished by the next run.
  SUBSCRIPTIONS_UNSETTLED_AFTER_S: z.coerce.number().int().min(1).max(86_400).default(60),
  // Renewals one instance places at a time (each on a connection of its own on PostgreSQL).
  SUBSCRIPTIONS_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  // The site search (docs/decisions/0067): how often the job rebuilds sources whose data changed; off in tests unless asked.
  SEARCH_JOBS: bool.optional(),
  SEARCH_JOB_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2_000),
  // Free trials (docs/decisions/0057): the job that sends reminders and converts trials that ended
  // (off in tests unless asked), and the HMAC key of the one-trial-per-person claims (required in LIVE
  // mode: changing it forgets who had a trial).
  TRIALS_JOBS: bool.optional(),
  TRIALS_JOB_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  TRIALS_CLAIM_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Location by IP (docs/decisions/0065): unset, the offline country database shipped with the shop
  // answers; set, this lookup service is asked first (`{ip}` in it is replaced by the address, else
  // `?ip=` is added), within the timeout (spec §9: 5000 ms), falling back to the offline database.
  GEOIP_LOOKUP_URL: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL').optional(),
  GEOIP_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // Error reporting, traces and metrics (docs/decisions/0071). With a DSN, failures go to Sentry
  // (the browser's to SENTRY_BROWSER_DSN, else the same project); without, they are log lines.
  SENTRY_DSN: sentryDsn.optional(),
  SENTRY_BROWSER_DSN: sentryDsn.optional(),
  SENTRY_ENVIRONMENT: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - only').optional(),
  SENTRY_RELEASE: z.string().regex(/^[A-Za-z0-9_.@+-]{1,100}$/, 'letters, digits, _ . @ + - only').optional(),
  // OTLP/HTTP collector base URL (traces go to {endpoint}/v1/traces); unset: no tracing SDK is started.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().regex(/^https?:\/\/[^\s?#]+$/, 'must be an http(s) URL without query').optional(),
  OTEL_SERVICE_NAME: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - only').default('ember-shop'),
  // Bearer token of /metrics in LIVE mode (ADMIN_TOKEN works too); open in TEST mode.
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
});

export type Config = z.infer<typeof ConfigSchema> & { graphqlIntrospection: boolean; txGuard: boolean; walletSigningSecret: string; packCodeSecret: string; trialsClaimSecret: string };

/** Used only in TEST mode: links signed with it must never be trusted by a LIVE shop. */
const TEST_WALLET_SECRET = 'ember-test-mode-wallet-signing-secret-not-for-live';

/** Used only in TEST mode: the key of the demo batches' codes, published in the README; never a LIVE shop's. */
export const TEST_PACK_CODE_SECRET = 'ember-test-mode-pack-code-key-not-for-live-use';

/** Used only in TEST mode: keys the one-trial-per-person claims; never a LIVE shop's. */
const TEST_TRIALS_CLAIM_SECRET = 'ember-test-mode-trial-claim-key-not-for-live-use';

/** Signs the TEST sandbox's notifications when no secret is configured; never accepted in LIVE mode. */
export const SANDBOX_TEST_WEBHOOK_SECRET = 'whsec_sandbox_test_only_not_a_secret_0000';

/** Used only in TEST mode: signs leads' confirmation links; never a LIVE shop's. */
export const TEST_LEADS_LINK_SECRET = 'ember-test-mode-lead-link-key-not-for-live-use';

/** The key of leads' confirmation links: the configured one, else the development key (a LIVE instance serving leads refuses to start without its own). */
export function leadsLinkSecret(c: Pick<Config, 'LEADS_LINK_SECRET'>): string {
  return c.LEADS_LINK_SECRET ?? TEST_LEADS_LINK_SECRET;
}

/** Used only in TEST mode: seals operators' TOTP secrets; a LIVE shop refuses to start without its own key. */
export const TEST_OPERATOR_TOTP_KEY = 'ember-test-mode-operator-totp-key-not-for-live-use';

export function operatorTotpKey(c: Pick<Config, 'OPERATOR_TOTP_KEY'>): string {
  return c.OPERATOR_TOTP_KEY ?? TEST_OPERATOR_TOTP_KEY;
}

/** Used only in TEST mode: signs the newsletter's confirmation and unsubscribe links; never a LIVE shop's. */
export const TEST_MARKETING_LINK_SECRET = 'ember-test-mode-newsletter-link-key-not-for-live-use';

/** The key of the newsletter's links: the configured one, else the development key (a LIVE instance serving marketing refuses to start without its own). */
export function marketingLinkSecret(c: Pick<Config, 'MARKETING_LINK_SECRET'>): string {
  return c.MARKETING_LINK_SECRET ?? TEST_MARKETING_LINK_SECRET;
}

/** Whether this instance serves the marketing service (SERVICES unset means every service). */
export function servesMarketing(c: Pick<Config, 'SERVICES'>): boolean {
  return !c.SERVICES || c.SERVICES.split(',').map((s) => s.trim()).includes('marketing');
}

/** Whether this instance serves the leads service (SERVICES unset means every service). */
export function servesLeads(c: Pick<Config, 'SERVICES'>): boolean {
  return !c.SERVICES || c.SERVICES.split(',').map((s) => s.trim()).includes('leads');
}

/** Whether this instance serves the payments service (SERVICES unset means every service). */
export function servesPayments(c: Pick<Config, 'SERVICES'>): boolean {
  return !c.SERVICES || c.SERVICES.split(',').map((s) => s.trim()).includes('payments');
}

/**
 * The origin of a store view's links: its own PUBLIC_BASE_URLS entry, else PUBLIC_BASE_URL, else the
 * development default. Built from configuration only, so a forged Host header cannot redirect a link.
 */
export function publicBaseUrl(c: Pick<Config, 'PUBLIC_BASE_URL' | 'PUBLIC_BASE_URLS' | 'PORT'>, storeCode?: string): string {
  return (storeCode && c.PUBLIC_BASE_URLS?.[storeCode]) || c.PUBLIC_BASE_URL || `http://localhost:${c.PORT}`;
}

/** Whether shoppers reach every store view over https, so cookies may carry Secure and the __Host- prefix. */
export function publicOriginIsHttps(c: Pick<Config, 'PUBLIC_BASE_URL' | 'PUBLIC_BASE_URLS'>): boolean {
  const origins = [c.PUBLIC_BASE_URL, ...Object.values(c.PUBLIC_BASE_URLS ?? {})].filter(Boolean) as string[];
  return origins.length > 0 && origins.every((o) => o.startsWith('https://'));
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once at boot; every bad variable is named with its problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const c = parsed.data;
  const live: string[] = [];
  if (c.STORE_MODE === 'LIVE' && !c.DATABASE_URL) live.push('DATABASE_URL: LIVE store mode needs a PostgreSQL server');
  if (c.STORE_MODE === 'LIVE' && servesPayments(c)) {
    if (c.PAYMENTS_PROVIDER === 'sandbox') live.push('PAYMENTS_PROVIDER: LIVE store mode needs a real payment provider, the sandbox takes no money');
    if (!c.PAYMENTS_WEBHOOK_SECRET || c.PAYMENTS_WEBHOOK_SECRET === SANDBOX_TEST_WEBHOOK_SECRET) {
      live.push("PAYMENTS_WEBHOOK_SECRET: LIVE store mode needs the provider's webhook signing secret");
    }
  }
  if (c.STORE_MODE === 'LIVE' && !c.WALLET_SIGNING_SECRET) live.push('WALLET_SIGNING_SECRET: LIVE store mode needs a secret to sign wallet pass links');
  if (c.STORE_MODE === 'LIVE' && servesLeads(c) && (!c.LEADS_LINK_SECRET || c.LEADS_LINK_SECRET === TEST_LEADS_LINK_SECRET)) {
    live.push('LEADS_LINK_SECRET: LIVE store mode needs the key leads\' confirmation links are signed with');
  }
  if (c.STORE_MODE === 'LIVE' && servesMarketing(c) && (!c.MARKETING_LINK_SECRET || c.MARKETING_LINK_SECRET === TEST_MARKETING_LINK_SECRET)) {
    live.push('MARKETING_LINK_SECRET: LIVE store mode needs the key the newsletter\'s confirmation and unsubscribe links are signed with');
  }
  if (c.STORE_MODE === 'LIVE' && (!c.PACK_CODE_SECRET || c.PACK_CODE_SECRET === TEST_PACK_CODE_SECRET)) {
    live.push('PACK_CODE_SECRET: LIVE store mode needs the key printed pack codes are checked with');
  }
  if (c.STORE_MODE === 'LIVE' && !c.TRIALS_CLAIM_SECRET) live.push('TRIALS_CLAIM_SECRET: LIVE store mode needs the key one-trial-per-person claims are made with');
  if (c.STORE_MODE === 'LIVE' && !c.PUBLIC_BASE_URL) live.push('PUBLIC_BASE_URL: LIVE store mode needs the origin shoppers reach the shop at, for links in e-mails');
  if (c.STORE_MODE === 'LIVE' && c.EMBER_FAULT) live.push('EMBER_FAULT: fault injection exists only in TEST store mode');
  if (c.STORE_MODE === 'LIVE' && !c.ADMIN_TOKEN) live.push('ADMIN_TOKEN: LIVE store mode needs an operator token');
  if (c.STORE_MODE === 'LIVE' && (!c.OPERATOR_TOTP_KEY || c.OPERATOR_TOTP_KEY === TEST_OPERATOR_TOTP_KEY)) {
    live.push('OPERATOR_TOTP_KEY: LIVE store mode needs the key operators\' authenticator secrets are sealed with');
  }
  // Every instance must verify the callbacks any instance's provider workflow signs, so LIVE shares one key.
  if (c.STORE_MODE === 'LIVE' && !c.AGE_VERIFICATION_CALLBACK_SECRET) {
    live.push('AGE_VERIFICATION_CALLBACK_SECRET: LIVE store mode needs one callback key shared by every instance');
  }
  if (c.BOT_CHECK_PROVIDER === 'turnstile' && (!c.TURNSTILE_SITE_KEY || !c.TURNSTILE_SECRET)) {
    live.push('TURNSTILE_SITE_KEY, TURNSTILE_SECRET: the turnstile bot check needs its site key and secret');
  }
  if (live.length) throw new ConfigError(live);
  return {
    ...c,
    graphqlIntrospection: c.GRAPHQL_INTROSPECTION ?? c.NODE_ENV !== 'production',
    txGuard: c.TX_GUARD ?? !(c.NODE_ENV === 'production' && c.DATABASE_URL !== undefined),
    walletSigningSecret: c.WALLET_SIGNING_SECRET ?? TEST_WALLET_SECRET,
    packCodeSecret: c.PACK_CODE_SECRET ?? TEST_PACK_CODE_SECRET,
    trialsClaimSecret: c.TRIALS_CLAIM_SECRET ?? TEST_TRIALS_CLAIM_SECRET,
  };
}
