import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { leadsLinkSecret, marketingLinkSecret, operatorTotpKey, publicBaseUrl, publicOriginIsHttps, SANDBOX_TEST_WEBHOOK_SECRET, type Config } from './config.js';
import type { Db } from './platform/db.js';
import { transactionsOn } from './platform/transaction.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { createMessagingService, type MessagingService, type OutgoingMessage } from './modules/messaging/messaging.service.js';
import { StoreService } from './modules/store/store.service.js';
import { VerificationService } from './modules/verification/verification.service.js';
import { IdentityService } from './modules/identity/identity.service.js';
import { accountLimits, type AccountLimits } from './modules/identity/identity.limits.js';
import { TestWalletPassIssuer, UnconfiguredWalletPassIssuer, WalletService } from './modules/identity/identity.wallet.js';
import { FormsService } from './modules/forms/forms.service.js';
import { formLimits, type FormLimits } from './modules/forms/forms.limits.js';
import { ConsentService } from './modules/consents/consents.service.js';
import { AgeVerificationService } from './modules/age-verification/age-verification.service.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { SandboxProvider } from './modules/payments/payments.sandbox.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { LoyaltyService } from './modules/loyalty/loyalty.service.js';
import { ReferralService } from './modules/referral/referral.service.js';
import { PackCodesService } from './modules/pack-codes/pack-codes.service.js';
import { packCodesPrivacy } from './modules/pack-codes/pack-codes.privacy.js';
import { TradeInService } from './modules/trade-in/trade-in.service.js';
import { tradeInPrivacy } from './modules/trade-in/trade-in.privacy.js';
import { LeadsService } from './modules/leads/leads.service.js';
import { SearchService } from './modules/search/search.service.js';
import { CouponsService } from './modules/coupons/coupons.service.js';
import { OfflinePurchasesService } from './modules/offline-purchases/offline-purchases.service.js';
import { offlinePurchasesPrivacy } from './modules/offline-purchases/offline-purchases.privacy.js';
import { couponsPrivacy } from './modules/coupons/coupons.privacy.js';
import { searchPrivacy } from './modules/search/search.privacy.js';
import { productSearchSource } from './modules/catalog/catalog.search-source.js';
import { loyaltyArticleSearchSource } from './modules/loyalty/loyalty.search-source.js';
import { faqSearchSource, legalPageSearchSource, marketingPageSearchSource } from './modules/content/content.search-source.js';
import { blogArticlesSearchSource, contentPagesSearchSource } from './modules/content/content.search.js';
import { leadsPrivacy } from './modules/leads/leads.privacy.js';
import { MarketingService } from './modules/marketing/marketing.service.js';
import { OperatorsService } from './modules/operators/operators.service.js';
import { operatorsPrivacy } from './modules/operators/operators.privacy.js';
import { marketingPrivacy } from './modules/marketing/marketing.privacy.js';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service.js';
import { subscriptionsPrivacy } from './modules/subscriptions/subscriptions.privacy.js';
import { onSubscriptionOrderEvent } from './workflows/subscription-renewal.js';
import { TrialsService } from './modules/trials/trials.service.js';
import { trialsPrivacy } from './modules/trials/trials.privacy.js';
import { onTrialOrderEvent } from './workflows/trial-lifecycle.js';
import { QuizzesService } from './modules/quizzes/quizzes.service.js';
import { quizzesPrivacy } from './modules/quizzes/quizzes.privacy.js';
import { CartService } from './modules/cart/cart.service.js';
import { CheckoutService } from './modules/checkout/checkout.service.js';
import { LegalPagesService } from './modules/content/content.legal.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './platform/rate-limit.js';
import { holdsNoPersonalData, PrivacyRegistry } from './platform/privacy.js';
import { identityPrivacy } from './modules/identity/identity.privacy.js';
import { consentsPrivacy } from './modules/consents/consents.privacy.js';
import { verificationPrivacy } from './modules/verification/verification.privacy.js';
import { messagingPrivacy } from './modules/messaging/messaging.privacy.js';
import { formsPrivacy } from './modules/forms/forms.privacy.js';
import { ordersPrivacy } from './modules/orders/orders.privacy.js';
import { ageVerificationPrivacy } from './modules/age-verification/age-verification.privacy.js';
import { paymentsPrivacy } from './modules/payments/payments.privacy.js';
import { loyaltyPrivacy } from './modules/loyalty/loyalty.privacy.js';
import { referralPrivacy } from './modules/referral/referral.privacy.js';
import { cartPrivacy } from './modules/cart/cart.privacy.js';
import { catalogPrivacy } from './modules/catalog/catalog.privacy.js';
import { catalogMediaPrivacy } from './modules/catalog/catalog.media.privacy.js';
import { storePrivacy } from './modules/store/store.privacy.js';
import { directoryPrivacy } from './modules/directory/directory.privacy.js';
import { contentPrivacy } from './modules/content/content.privacy.js';
import { checkoutPrivacy } from './modules/checkout/checkout.privacy.js';
import { DevicesService } from './modules/devices/devices.service.js';
import { deviceLimits, type DeviceLimits } from './modules/devices/devices.limits.js';
import { devicesPrivacy } from './modules/devices/devices.privacy.js';
import { botCheckFrom, type BotCheck } from './platform/bot-check.js';
import { StoreLocatorService } from './modules/store-locator/store-locator.service.js';
import { storeLocatorPrivacy } from './modules/store-locator/store-locator.privacy.js';
import { AddressSuggestionsService } from './modules/address-suggestions/address-suggestions.service.js';
import { LocalAddressProvider } from './modules/address-suggestions/address-suggestions.provider.js';
import { LoqateProvider } from './modules/address-suggestions/address-suggestions.loqate.js';
import { addressSuggestionsPrivacy } from './modules/address-suggestions/address-suggestions.privacy.js';
import { DirectoryService } from './modules/directory/directory.service.js';
import { LocationService } from './modules/location/location.service.js';
import { ExternalGeoIp, OfflineGeoIp } from './modules/location/location.geoip.js';
import { locationPrivacy } from './modules/location/location.privacy.js';
import { PlatformConfigService } from './modules/platform-config/platform-config.service.js';
import { platformConfigPrivacy } from './modules/platform-config/platform-config.privacy.js';
import { ReturnsOperations } from './modules/returns/returns.operations.js';
import { TestLabelProvider, UnconfiguredLabelProvider } from './modules/returns/returns.labels.js';
import { returnsPrivacy } from './modules/returns/returns.privacy.js';

/** The domain services, built once per app and shared by every edge (GraphQL, REST, jobs). */
export interface Services {
  stores: StoreService;
  catalog: CatalogService;
  identity: IdentityService;
  consents: ConsentService;
  /** Counters for credential and code attempts: in memory, or shared in Redis with REDIS_URL. */
  limiter: RateLimiter;
  /** The attempt budgets of account actions, shared by both account families. */
  limits: AccountLimits;
  /** Outgoing e-mail and SMS through the transactional outbox. */
  messaging: MessagingService;
  /** One-time codes by SMS or e-mail. */
  verification: VerificationService;
  /** Contact, complaint and feedback forms. */
  forms: FormsService;
  formLimits: FormLimits;
  /** Signed loyalty-card links for phone wallets and the passes they open. */
  wallet: WalletService;
  /** Age verification (methods, requests, TEST provider) and the regulated-selling rule. */
  ageVerification: AgeVerificationService;
  /** Payment sessions, lookups, provider notifications, void and refund. */
  payments: PaymentsService;
  /** Placed orders (the sales side): checkout's OrdersPort and payments' OrderPaymentPort. */
  orders: OrdersService;
  /** The loyalty club: ledger, tiers, rewards, cart campaigns, articles, QR codes. */
  loyalty: LoyaltyService;
  /** Referral codes, parent codes and the referrer's reward. */
  referral: ReferralService;
  /** Pack codes: batches, genuineness, registration credited through the loyalty ledger. */
  packCodes: PackCodesService;
  /** Trade-in offers, eligibility from the device registry, and the device claimed by an order. */
  tradeIn: TradeInService;
  /** Leads met at events or by promoters: their confirmation links, consents and purchases. */
  leads: LeadsService;
  /** Operators of the console: accounts, two-step sessions, roles, the audit log (docs/decisions/0076). */
  operators: OperatorsService;
  /** The newsletter: double opt-in sign-ups of confirmed adults, one-click unsubscribe (docs/decisions/0070). */
  marketing: MarketingService;
  /** The site search over the owners' sources (docs/decisions/0067). */
  search: SearchService;
  /** External coupon providers: one single-use code per customer and offer (docs/decisions/0068). */
  coupons: CouponsService;
  /** Purchases in physical stores, credited to the loyalty ledger once each (docs/decisions/0069). */
  offlinePurchases: OfflinePurchasesService;
  /** Subscription plans, the customers' subscriptions and their history; renewals are workflows/subscription-renewal.ts. */
  subscriptions: SubscriptionsService;
  /** Free-trial programmes, one trial per person, the trials' states and history; their lifecycle is workflows/trial-lifecycle.ts. */
  trials: TrialsService;
  /** Quizzes (the flavour finder): their questions per language, scoring to flavours, customers' kept submissions. */
  quizzes: QuizzesService;
  /** Carts: lines, limits, coupons and prices. */
  cart: CartService;
  /** Address rules, shipping methods and pick-up stores. */
  checkout: CheckoutService;
  /** Legal pages per store view and language, their versions and the checkout agreement. */
  legal: LegalPagesService;
  /** The device registry: registrations to consumers, users and guests, warranty. */
  devices: DevicesService;
  /** The visitor's country by client address (offline database or GEOIP_LOOKUP_URL) and the country→market lookup. */
  location: LocationService;
  /** Per store view feature flags and settings the storefront reads, changed by operators. */
  platformConfig: PlatformConfigService;
  deviceLimits: DeviceLimits;
  /** Shops, kiosks and service points: distance search, store pages, the checkout's pick-up points. */
  storeLocator: StoreLocatorService;
  /** Address suggestions from the configured provider; points for postcodes and cities. */
  addressSuggestions: AddressSuggestionsService;
  /** The bot check of guest device registration (ALTCHA, or a hosted check in LIVE). */
  botCheck: BotCheck;
  /** Every module's share of the data-subject export and of erasure (platform/privacy.ts). */
  privacy: PrivacyRegistry;
  /** The Redis connection with REDIS_URL (rate limits, the shared page cache), else null. */
  redis: Redis | null;
  /** Customer returns (RMA): requests, the operator's steps, partial refunds, restock (docs/decisions/0077). */
  returns: ReturnsOperations;
  /** Releases connections the services hold (Redis). */
  close(): Promise<void>;
}

export async function buildServices(db: Db, config: Config): Promise<Services> {
  let limiter: RateLimiter = new MemoryRateLimiter();
  let close = async () => undefined;
  let redis: Redis | null = null;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    // Errors surface per call (rate limits fail closed); the client reconnects by itself.
    redis.on('error', () => undefined);
    limiter = new RedisRateLimiter(redis, `${config.REDIS_PREFIX}rl:`);
    const connection = redis;
    close = async () => {
      connection.disconnect();
    };
  }
  const policyOff = config.PASSWORD_POLICY_OFF;
  const messaging = createMessagingService(db, config);
  const consents = new ConsentService(db);
  const legal = new LegalPagesService(db);
  const identity = new IdentityService(
    db,
    {
      min_length: policyOff ? 0 : config.PASSWORD_MIN_LENGTH,
      min_lowercase: policyOff ? 0 : 1,
      min_uppercase: policyOff ? 0 : 1,
      min_number: policyOff ? 0 : 1,
      min_symbol: 0,
      exclude_username: !policyOff,
    },
    async (tx, m) => {
      // Each notice names its template with the parameters that template takes (AccountNotice).
      await messaging.enqueue(tx, { channel: 'email', recipient: m.email, language: m.language, template: m.template, params: m.params } as OutgoingMessage);
    },
    (reader, uuid) => consents.grantedPurposes(reader, uuid),
    // Links in account e-mails point at the store view's configured origin, never at a request's Host.
    (storeCode, path) => `${publicBaseUrl(config, storeCode)}/${storeCode}${path}`,
    config.SESSION_IDLE_HOURS,
  );
  const stores = new StoreService(db, config.DEFAULT_STORE);
  const orders = new OrdersService(db, stores, messaging);
  const catalog = new CatalogService(db, config.CATALOG_CACHE_TTL_MS);
  // Address suggestions come from the configured provider; the store locator finds postcodes and cities
  // through the shop's own address table, and the checkout's pick-up points are its stores.
  const addressSuggestions = new AddressSuggestionsService(
    config.ADDRESS_SUGGESTIONS_PROVIDER === 'none' ? null
      : config.ADDRESS_SUGGESTIONS_PROVIDER === 'loqate'
        ? new LoqateProvider({ key: config.LOQATE_API_KEY ?? '', baseUrl: config.LOQATE_URL, timeoutMs: config.ADDRESS_SUGGESTIONS_TIMEOUT_MS })
        : new LocalAddressProvider(),
  );
  const storeLocator = new StoreLocatorService({ locate: (q, text, countries) => addressSuggestions.locate(q, text, countries) });
  const checkout = new CheckoutService(config.CATALOG_CACHE_TTL_MS, (q, view) => storeLocator.pickupStores(q, view));
  const payments = new PaymentsService(
    db,
    new SandboxProvider(db, transactionsOn(db), {
      secret: config.PAYMENTS_WEBHOOK_SECRET ?? SANDBOX_TEST_WEBHOOK_SECRET,
      toleranceSeconds: config.PAYMENTS_WEBHOOK_TOLERANCE_S,
      notifyDelayMs: config.PAYMENTS_SANDBOX_NOTIFY_DELAY_MS,
      merchantAccount: config.PAYMENTS_MERCHANT_ACCOUNT,
    }),
    orders,
    { idempotencyLeaseMs: config.IDEMPOTENCY_LEASE_MS, reconcileAfterSeconds: config.PAYMENTS_RECONCILE_AFTER_S },
  );
  // Cancelling an order voids its open payment or refunds a paid one; a new method after a failed payment must be one the store offers.
  orders.usePayments({ refunds: payments, methods: payments });
  const ageVerification = new AgeVerificationService(db, identity, catalog, limiter, {
    storeMode: config.STORE_MODE,
    callbackSecret: config.AGE_VERIFICATION_CALLBACK_SECRET ?? randomBytes(32).toString('hex'),
    testDelayMs: config.AGE_VERIFICATION_TEST_DELAY_MS,
    ipFactor: config.RATE_LIMIT_IP_FACTOR,
  });
  const loyalty = new LoyaltyService(db, {
    expiryDays: config.LOYALTY_POINTS_EXPIRY_DAYS,
    pendingDays: config.LOYALTY_PENDING_DAYS,
    tierWindowDays: config.LOYALTY_TIER_WINDOW_DAYS,
    timeoutMs: config.LOYALTY_TIMEOUT_MS,
  });
  // Self-referral is judged on the person behind both accounts, not on the account id alone.
  const referral = new ReferralService(db, loyalty, (q, uuid) => identity.contactKeys(q, uuid));
  // Loyalty and referral learn about orders from the orders module's event outbox, never its tables.
  orders.subscribe('loyalty', (tx, e) => loyalty.onOrderEvent(tx, e));
  orders.subscribe('referral', (tx, e) => referral.onOrderEvent(tx, e));
  // Every new customer gets a referral code; a parent_code given at registration is checked and kept.
  identity.onRegistered(async (tx, uuid, input, ctx) => {
    // The terms and privacy versions the customer accepted are kept with the mandatory consent (docs/decisions/0027).
    await consents.recordAcceptance(tx, uuid, 'terms_and_privacy', await legal.acceptedDocuments(tx, ctx.store), { source: 'registration', ip: ctx.ip });
    await referral.ensureCustomer(tx, uuid);
    if (input.parent_code) await referral.setParent(tx, uuid, input.parent_code);
  });
  const packCodes = new PackCodesService(db, loyalty, { key: config.packCodeSecret, monthlyAllowance: config.PACK_CODE_MONTHLY_ALLOWANCE });
  const cart = new CartService(checkout, catalog);
  // A loyalty campaign applied to a customer's cart is priced as a discount after coupons.
  cart.useLoyalty(loyalty);
  // The ongoing-subscription rule asks subscriptions whether the customer has one; renewal orders and a
  // subscription's first order report back through the order events.
  const subscriptions = new SubscriptionsService(db, { catalog, checkout, stores, identity, cards: payments });
  cart.useSubscriptions(subscriptions);
  // A trial store view's cart asks whether its buyer may have the trial; the trial's order events drive its life.
  const trials = new TrialsService(db, { catalog, stores, identity, claimSecret: config.trialsClaimSecret });
  cart.useTrials(trials);
  // Trade-in judges eligibility on the device registry; an order's claim is released when it is cancelled or returned.
  const devices = new DevicesService(db, stores, catalog);
  const tradeIn = new TradeInService(catalog, {
    registeredDevices: async (q, uuid) =>
      (await devices.registeredDevices(q, uuid)).map((d) => ({ device_id: d.serial, product_sku: d.productSku, registered_at: d.registeredAt })),
  });
  orders.subscribe('trade_in', (tx, e) => tradeIn.onOrderEvent(tx, e));
  // Leads confirm their consents with a signed link built from configuration; their purchases come from
  // the order events, and a confirmed lead's purposes go to the account they register later in its website.
  const leads = new LeadsService({
    consents, stores, messaging,
    customers: { activeAccountByEmail: (q, email) => identity.activeAccountByEmail(q, email) },
    orders: {
      find: async (q, id) => {
        const o = await orders.findByRef(q, id);
        return o && { order_number: o.order_number, email: o.email, website_code: o.website_code, created_at: o.created_at, paid_at: o.paid_at };
      },
      items: async (q, id) => {
        const o = await orders.findByRef(q, id);
        const [view] = o ? await orders.views(q, [o]) : [];
        return (view?.items ?? []).map((i) => ({ sku: i.sku, quantity: i.qty_ordered }));
      },
    },
    linkTo: (storeCode, path) => `${publicBaseUrl(config, storeCode)}/${storeCode}${path}`,
  }, { linkSecret: leadsLinkSecret(config), linkTtlDays: config.LEADS_LINK_TTL_DAYS });
  orders.subscribe('leads', (tx, e) => leads.onOrderEvent(tx, e));
  identity.onRegistered((tx, uuid, input, ctx) => leads.applyToNewAccount(tx, uuid, input.strategy_data.identifier, ctx.store.code, ctx.ip));
  cart.useTradeIn(tradeIn);
  // The newsletter's links are built from configuration; its consents are the consents module's marketing purposes,
  // an adult is an age-verified account or a guest who stated the market's legal age (age-verification's rules).
  const operators = new OperatorsService({
    db,
    adminToken: config.ADMIN_TOKEN,
    cookieName: publicOriginIsHttps(config) ? '__Host-ember_operator' : 'ember_operator',
    totpKey: operatorTotpKey(config),
    issuer: 'Ember Shop',
    idleSeconds: config.OPERATOR_SESSION_IDLE_MINUTES * 60,
    absoluteSeconds: config.OPERATOR_SESSION_HOURS * 3600,
    secondFactorSeconds: 600,
  });
  const marketing = new MarketingService({
    consents, messaging, stores,
    customers: { ageFacts: (q, uuid) => identity.ageFacts(q, uuid), activeAccountByEmail: (q, email) => identity.activeAccountByEmail(q, email) },
    minimumAge: (q, country) => ageVerification.minimumAge(q, country),
    linkTo: (storeCode, path) => `${publicBaseUrl(config, storeCode)}/${storeCode}${path}`,
  }, { linkSecret: marketingLinkSecret(config), linkTtlDays: config.MARKETING_LINK_TTL_DAYS });
  const quizzes = new QuizzesService(db, { catalog });
  const verification = new VerificationService(messaging, limiter, config.RATE_LIMIT_IP_FACTOR);
  // The offline country database answers unless a lookup service is configured, which falls back to it on any failure.
  const offlineGeoIp = new OfflineGeoIp();
  const location = new LocationService({
    stores,
    directory: new DirectoryService(),
    geoIp: config.GEOIP_LOOKUP_URL ? new ExternalGeoIp(config.GEOIP_LOOKUP_URL, config.GEOIP_LOOKUP_TIMEOUT_MS, offlineGeoIp) : offlineGeoIp,
  });
  const platformConfig = new PlatformConfigService();
  const forms = new FormsService(db, messaging, (reader, ids) => consents.unknownPurposes(ids, reader));
  // Each module answers for its own tables in exports and erasure; a test holds this list against the database's tables.
  // The site search's index is built from the sources of the modules that own the data.
  const search = new SearchService([
    productSearchSource, loyaltyArticleSearchSource, faqSearchSource, marketingPageSearchSource, legalPageSearchSource,
    blogArticlesSearchSource(stores), contentPagesSearchSource(stores),
  ]);
  const coupons = new CouponsService();
  const offlinePurchases = new OfflinePurchasesService({ identity, loyalty, stores });
  const privacy = new PrivacyRegistry();
  for (const part of [
    identityPrivacy(identity), consentsPrivacy(consents), verificationPrivacy(verification), messagingPrivacy(messaging), formsPrivacy(forms),
    ordersPrivacy(orders), ageVerificationPrivacy(ageVerification), paymentsPrivacy(), loyaltyPrivacy(), referralPrivacy(), packCodesPrivacy(), cartPrivacy(), tradeInPrivacy(), subscriptionsPrivacy(subscriptions), trialsPrivacy(trials),
    catalogPrivacy, storePrivacy, directoryPrivacy, contentPrivacy, checkoutPrivacy, devicesPrivacy(), leadsPrivacy(leads), marketingPrivacy(marketing), operatorsPrivacy, storeLocatorPrivacy, addressSuggestionsPrivacy, quizzesPrivacy(quizzes),
    locationPrivacy, platformConfigPrivacy, searchPrivacy, couponsPrivacy(coupons), offlinePurchasesPrivacy(offlinePurchases),
    holdsNoPersonalData('platform', ['schema_migrations', 'bot_check_spent']),
  ]) privacy.register(part);
  // Returns: the customer's requests and the operator's steps; an approval refunds part of the payment and takes back points.
  const returns = new ReturnsOperations(
    { orders, stores, storeLocator, labels: config.STORE_MODE === 'TEST' ? new TestLabelProvider() : new UnconfiguredLabelProvider() },
    { payments, loyalty, messaging, linkTo: (storeCode, path) => `${publicBaseUrl(config, storeCode)}/${storeCode}${path}` },
  );
  privacy.register(returnsPrivacy(returns));
  privacy.register(catalogMediaPrivacy);
  // Coupon code batches (docs/decisions/0087): which coupon, how many, made when; no one's data.
  privacy.register(holdsNoPersonalData('cart-code-batches', ['cart_rule_batch']));
  const services: Services = {
    identity,
    ageVerification,
    privacy,
    consents,
    stores,
    orders,
    catalog,
    checkout,
    cart,
    legal,
    limiter,
    limits: accountLimits(limiter, config.RATE_LIMIT_IP_FACTOR),
    messaging,
    verification,
    forms,
    formLimits: formLimits(limiter, config.RATE_LIMIT_IP_FACTOR),
    wallet: new WalletService(
      config.walletSigningSecret,
      config.STORE_MODE === 'TEST' ? new TestWalletPassIssuer() : new UnconfiguredWalletPassIssuer(),
      async (uuid) => {
        const { personalInfo } = await identity.profile(uuid);
        return `${personalInfo.firstname} ${personalInfo.lastname}`;
      },
    ),
    payments,
    loyalty,
    referral,
    packCodes,
    tradeIn,
    leads,
    marketing,
    operators,
    search,
    coupons,
    offlinePurchases,
    returns,
    subscriptions,
    trials,
    quizzes,
    devices,
    deviceLimits: deviceLimits(limiter, config.RATE_LIMIT_IP_FACTOR),
    storeLocator,
    addressSuggestions,
    location,
    platformConfig,
    botCheck: botCheckFrom(config),
    redis,
    close,
  };
  orders.subscribe('subscriptions', (tx, e) => onSubscriptionOrderEvent(tx, services, e));
  orders.subscribe('trials', (tx, e) => onTrialOrderEvent(tx, services, e));
  return services;
}
