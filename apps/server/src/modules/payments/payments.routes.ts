import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Reader } from '../../platform/db.js';
import { servesPayments } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp, restScope } from '../../platform/rest.js';
import { logAccessDenied, requireSession, sessionToken } from '../identity/identity.auth.js';
import { DEFAULT_PAYMENT_METHOD, paymentMethodsFor } from './payments.methods.js';
import { idempotencyScope } from './payments.idempotency.js';
import { WebhookRefusal } from './payments.provider.js';
import { SandboxProvider } from './payments.sandbox.js';
import { sandboxPagesRoutes } from './payments.sandbox.routes.js';
import {
  ClientConfigSchema,
  PaymentEmptyQuerySchema as EmptyQuerySchema,
  GenerateTokenBodySchema,
  GUEST_CART_HEADER,
  PaymentLegacyClientQuerySchema as LegacyClientQuerySchema,
  LegacyPaymentParamsSchema,
  PaymentMethodParamsSchema as MethodParamsSchema,
  PaymentMethodsResponseSchema as MethodsResponseSchema,
  OrderPaymentSchema,
  PaymentParamsSchema,
  WebhookResponseSchema,
  CardParamsSchema,
  SavedCardSchema,
  SavedCardsSchema,
  type OrderPayment,
} from '@ember/contracts';
import type { PaymentOwner, PaymentRow } from './payments.service.js';
import { runWhileUp } from '../../platform/jobs.js';
import { inTransaction, transactionsOn } from '../../platform/transaction.js';

const TAG = ['payments'];
const IDEMPOTENCY_HEADER = 'idempotency-key';
const LEGACY_TAG = ['payments (legacy)'];
export const PAYMENTS_JOB_INTERVAL_MS = 500;

function toOrderPayment(p: PaymentRow): OrderPayment {
  const method = paymentMethodsFor(p.store_code).find((m) => m.code === p.method_code);
  return {
    uuid: p.uuid,
    status: p.status === 'suspicious' ? 'under_review' : p.status,
    order_id: p.order_id,
    currency: p.currency,
    amount: p.amount,
    payment_method: p.method_code,
    title: method?.title ?? p.method_code,
    icon: method?.icon ?? '',
    payment_token: p.payment_token,
    redirect_url: p.status === 'created' ? p.redirect_url : null,
    failure_code: p.failure_code,
    card: p.card_brand && p.card_last4 && p.card_exp_month && p.card_exp_year ? { brand: p.card_brand, last4: p.card_last4, exp_month: p.card_exp_month, exp_year: p.card_exp_year } : null,
  };
}

/** The spec's payments service in both families over one PaymentsService, plus the provider's webhook. */
async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const r = restScope(app);
  const { services } = app;
  const payments = services.payments;

  /** The session names a customer; without one, a guest is known only by the masked cart id. */
  async function ownerOf(request: FastifyRequest, body?: { customer_uuid?: string | null; cart_id?: string }): Promise<PaymentOwner> {
    const session = await services.identity.sessionFor(sessionToken(request));
    const header = request.headers[GUEST_CART_HEADER];
    const cartId = body?.cart_id ?? (typeof header === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(header) ? header : null);
    if (body?.customer_uuid) {
      if (!session) throw new AppError('UNAUTHORISED', 'Sign in to continue');
      // Another customer's uuid answers like an order that does not exist.
      if (session.uuid !== body.customer_uuid) {
        logAccessDenied(request, session, 'not-owner');
        throw new AppError('ORDER_NOT_FOUND', 'Order not found');
      }
    }
    return { customerUuid: session?.uuid ?? null, cartId };
  }

  const generate = async (
    request: FastifyRequest,
    body: { customer_uuid?: string | null; order_id: string; tokenize: boolean; cart_id?: string; return_url?: string; payment_method?: string },
  ) => {
    // Opening sessions is what card-testing scripts hammer: per client address and per order.
    await enforce(services.limiter, [
      { key: `payment-session:ip:${clientIp(request)}`, limit: Math.round(60 * app.config.RATE_LIMIT_IP_FACTOR), windowMs: 10 * 60_000 },
      { key: `payment-session:order:${body.order_id}`, limit: 20, windowMs: 3_600_000 },
    ]);
    const owner = await ownerOf(request, body);
    if (!owner.customerUuid && !owner.cartId) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    // One attempt to pay, as the client counts them (decisions 0023, 0034): the first answer to a key is
    // replayed, a new key supersedes the open payment; without a key only a first request is taken.
    const key = request.headers[IDEMPOTENCY_HEADER];
    return payments.idempotency.run(
      app.db,
      { scope: idempotencyScope(owner), operation: 'payments.generate-token', key, params: body },
      async () => toOrderPayment(await payments.generateToken(transactionsOn(app.db), owner, {
        orderId: body.order_id, tokenize: body.tokenize, returnUrl: body.return_url ?? null, methodCode: body.payment_method ?? null,
        attemptKey: typeof key === 'string' ? key : null,
      })),
    );
  };
  const lookup = async (request: FastifyRequest, uuid: string) => toOrderPayment(await payments.getPayment(await ownerOf(request), uuid));
  const methods = async (request: FastifyRequest) => {
    const view = await services.stores.forRequest(request);
    return { methods: payments.listMethods(view.code, view.language) };
  };
  const client = async (request: FastifyRequest, code: string) => payments.clientConfig((await services.stores.forRequest(request)).code, code);

  r.put(
    '/api/payments/generate-token',
    { schema: { tags: TAG, summary: 'Open the provider’s payment session for an order', body: GenerateTokenBodySchema, response: { 200: OrderPaymentSchema } } },
    async (request) => generate(request, request.body),
  );
  r.get('/api/payments/methods', { schema: { tags: TAG, summary: 'Payment methods of the store view', querystring: EmptyQuerySchema, response: { 200: MethodsResponseSchema } } }, async (request) =>
    methods(request),
  );
  r.get(
    '/api/payments/methods/:code/client',
    { schema: { tags: TAG, summary: 'Client configuration of a payment method', params: MethodParamsSchema, response: { 200: ClientConfigSchema } } },
    async (request) => client(request, request.params.code),
  );
  r.get(
    '/api/payments/:uuid',
    { schema: { tags: TAG, summary: 'Status of a payment (owner only)', params: PaymentParamsSchema, response: { 200: OrderPaymentSchema } } },
    async (request) => lookup(request, request.params.uuid),
  );

  // The customer's saved cards (GET /api/payments/cards/{id} of spec §7, and what #/payments needs): the session's own only.
  const cardView = async (q: Reader, uuid: string) => {
    const inUse = new Set(await services.subscriptions.cardsInUse(q, uuid));
    return (await payments.cards(q, uuid)).map((c) => ({ ...c, in_use: inUse.has(c.id) }));
  };
  r.get('/api/payments/cards', { schema: { tags: TAG, summary: 'The customer’s saved cards', querystring: EmptyQuerySchema, response: { 200: SavedCardsSchema } } }, async (request) => {
    const session = await requireSession(services.identity, request);
    return { cards: await cardView(app.db, session.uuid) };
  });
  r.get('/api/payments/cards/:id', { schema: { tags: TAG, summary: 'One saved card (owner only)', params: CardParamsSchema, response: { 200: SavedCardSchema } } }, async (request) => {
    const session = await requireSession(services.identity, request);
    const card = (await cardView(app.db, session.uuid)).find((c) => c.id === request.params.id);
    if (!card) throw new AppError('NOT_FOUND', 'Card not found');
    return card;
  });
  r.delete('/api/payments/cards/:id', { schema: { tags: TAG, summary: 'Remove a saved card', params: CardParamsSchema, response: { 200: SavedCardsSchema } } }, async (request) => {
    const session = await requireSession(services.identity, request);
    return inTransaction(app.db, async (tx) => {
      await payments.card(tx, session.uuid, request.params.id, { lock: true });
      // A card a live subscription is charged to stays until the subscription uses another.
      if ((await services.subscriptions.cardsInUse(tx, session.uuid)).includes(request.params.id)) {
        throw new AppError('CARD_IN_USE', 'A subscription is charged to this card; choose another card for it first');
      }
      await payments.removeCard(tx, session.uuid, request.params.id);
      return { cards: await cardView(tx, session.uuid) };
    });
  });
  r.put('/api/payments/cards/:id/default', { schema: { tags: TAG, summary: 'Make a saved card the default', params: CardParamsSchema, response: { 200: SavedCardsSchema } } }, async (request) => {
    const session = await requireSession(services.identity, request);
    return inTransaction(app.db, async (tx) => {
      await payments.setDefaultCard(tx, session.uuid, request.params.id);
      return { cards: await cardView(tx, session.uuid) };
    });
  });

  r.put(
    '/payments-legacy/order',
    { schema: { tags: LEGACY_TAG, summary: 'Open the provider’s payment session for an order', body: GenerateTokenBodySchema, response: { 200: OrderPaymentSchema } } },
    async (request) => generate(request, request.body),
  );
  r.get('/payments-legacy/payment-methods', { schema: { tags: LEGACY_TAG, summary: 'Payment methods of the store view', querystring: EmptyQuerySchema, response: { 200: MethodsResponseSchema } } }, async (request) =>
    methods(request),
  );
  r.get(
    '/payments-legacy/client',
    { schema: { tags: LEGACY_TAG, summary: 'Client configuration of a payment method (default: card)', querystring: LegacyClientQuerySchema, response: { 200: ClientConfigSchema } } },
    async (request) => client(request, request.query.code ?? DEFAULT_PAYMENT_METHOD),
  );
  r.get(
    '/payments-legacy/payment/:id',
    { schema: { tags: LEGACY_TAG, summary: 'Status of a payment (owner only)', params: LegacyPaymentParamsSchema, response: { 200: OrderPaymentSchema } } },
    async (request) => lookup(request, request.params.id),
  );
}

/** The provider's notifications: verified over the exact raw body, so this scope keeps JSON as a string. */
async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const r = restScope(app);
  const payments = app.services.payments;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) => done(null, body));

  r.post(
    `/api/payments/webhooks/${payments.provider.code}`,
    { schema: { tags: TAG, summary: 'Signed payment notifications from the provider', response: { 200: WebhookResponseSchema } } },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let event;
      try {
        event = payments.provider.verifyWebhook(raw, request.headers, Math.floor(Date.now() / 1000));
      } catch (err) {
        if (!(err instanceof WebhookRefusal)) throw err;
        request.log.warn({ reason: err.reason, provider: payments.provider.code }, 'payment webhook refused');
        if (err.reason === 'stale') throw new AppError('BAD_REQUEST', 'The notification is too old');
        if (err.reason === 'malformed') throw new AppError('BAD_REQUEST', 'The notification is not understood');
        if (err.reason === 'wrong_account') throw new AppError('BAD_REQUEST', 'The notification is for another merchant account');
        throw new AppError('UNAUTHORISED', 'The notification signature is not valid');
      }
      await payments.adoptUnrecordedSession(transactionsOn(app.db), event.data.merchant_reference);
      const result = await inTransaction(app.db, (tx) => payments.handleEvent(tx, event));
      if (result.outcome === 'suspicious') request.log.warn({ event_id: event.id, payment_uuid: result.payment_uuid, detail: result.detail }, 'payment put under review');
      return { received: true as const, duplicate: result.outcome === 'duplicate' };
    },
  );
}

/**
 * Whether this process runs the payments jobs (provider commands; the sandbox's notifications).
 * Off in tests unless PAYMENTS_JOBS asks, so concurrently running test apps do not share the work.
 */
export function isPaymentsJobEnabled(config: { NODE_ENV: string; PAYMENTS_JOBS?: boolean }): boolean {
  return config.PAYMENTS_JOBS ?? config.NODE_ENV !== 'test';
}

/** Registers the payments service: REST in both families, the webhook, the sandbox's pages (TEST) and its jobs. */
export async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  const { config, services } = app;
  if (!servesPayments(config)) return;
  await app.register(paymentRoutes);
  await app.register(webhookRoutes);
  const provider = services.payments.provider;
  const sandbox = provider instanceof SandboxProvider && config.STORE_MODE === 'TEST' ? provider : null;
  if (sandbox) {
    await app.register(sandboxPagesRoutes, {
      provider: sandbox,
      db: app.db,
      audienceOf: async (code) => {
        const view = (await services.stores.list()).find((v) => v.code === code);
        return view ? { language: view.language === 'de' ? 'de' : 'en', locale: view.locale } : null;
      },
    });
  }

  runWhileUp(app, { name: 'payments job', enabled: isPaymentsJobEnabled(config), intervalMs: PAYMENTS_JOB_INTERVAL_MS, run: () => runPaymentJobs(app) });
}

/** One run of the payments jobs: the sandbox posts its due notifications to this app's webhook, then provider commands run. */
export async function runPaymentJobs(app: FastifyInstance): Promise<void> {
  const payments = app.services.payments;
  if (payments.provider instanceof SandboxProvider) {
    const sandbox = payments.provider;
    await inTransaction(app.db, (tx) => sandbox.expireAbandoned(tx));
    const url = `/api/payments/webhooks/${payments.provider.code}`;
    await payments.provider.deliverDue(async (body, signature) => {
      // Through the full HTTP pipeline (parsers, route, signature check), as the provider's POST would arrive.
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'sandbox-signature': signature }, payload: body });
      return res.statusCode;
    });
  }
  const run = transactionsOn(app.db);
  await payments.runProviderCommands(run);
  await payments.reconcile(run);
  await payments.idempotency.prune(app.db);
}
