import { ProductRegisterBodySchema, ProductRegistrationListSchema, ProductRegistrationSchema, ProductRegistrationsQuerySchema } from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import type { StoreView } from '../store/store.service.js';
import { requireSession } from '../identity/identity.auth.js';

const tags = ['products'];
const HOUR = 3_600_000;

/**
 * A refused registration at warn, so guessing can be seen and counted: the reason only, never the
 * code, the customer or the address (the request id ties it to the access log's line).
 */
function logRefusal(request: FastifyRequest, reason: string): void {
  request.log.warn({ pack_code_refused: reason }, 'pack code registration refused');
}

/** `/api/me/products` (spec §7 "Product registration"): the signed-in customer registers pack codes and lists them. */
export async function packCodeRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { packCodes, identity, stores, loyalty, limiter, catalog } = opts.services;

  /** The products' names in the store view's language; a product the view does not sell keeps its SKU. */
  const namesOf = async (view: StoreView, skus: (string | null)[]) => {
    const wanted = [...new Set(skus.filter((s): s is string => s !== null))];
    const names = new Map((wanted.length ? await catalog.productsBySkus(view, wanted) : []).map((p) => [p.sku, p.name]));
    return (sku: string | null) => (sku === null ? null : (names.get(sku) ?? sku));
  };
  const ipFactor = scope.config.RATE_LIMIT_IP_FACTOR;

  app.post('/register', { schema: { tags, body: ProductRegisterBodySchema, response: { 200: ProductRegistrationSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    const view = await stores.forRequest(request);
    if (!(await loyalty.enabledIn(view.code))) throw new AppError('NOT_AVAILABLE', 'The loyalty club is not available in this store');
    // Every attempt counts, so codes cannot be found by trying: per client address and per customer.
    try {
      await enforce(limiter, [
        { key: `pack-code:ip:${clientIp(request)}`, limit: Math.round(60 * ipFactor), windowMs: HOUR },
        { key: `pack-code:user:${session.uuid}`, limit: 30, windowMs: HOUR },
      ]);
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') logRefusal(request, 'rate_limited');
      throw err;
    }
    try {
      const answer = await inTransaction(app.db, (tx) => packCodes.register(tx, session.uuid, request.body.code, { storeCode: view.code, language: view.language }));
      if (answer.hasError) logRefusal(request, answer.result);
      return { ...answer, product_name: (await namesOf(view, [answer.sku]))(answer.sku) };
    } catch (err) {
      if (err instanceof AppError && err.code === 'VALIDATION_FAILED') logRefusal(request, 'malformed');
      throw err;
    }
  });

  app.get('/registrations', { schema: { tags, querystring: ProductRegistrationsQuerySchema, response: { 200: ProductRegistrationListSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    const list = await packCodes.registrations(session.uuid, request.query.page, request.query.perPage);
    const name = await namesOf(await stores.forRequest(request), list.items.map((i) => i.sku));
    return { ...list, items: list.items.map((i) => ({ ...i, product_name: name(i.sku)! })) };
  });
}
