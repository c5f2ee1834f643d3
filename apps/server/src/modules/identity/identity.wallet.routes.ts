import { UuidParamsSchema as UuidParams, WalletBodySchema as WalletBody, WalletLinkSchema as WalletLink, WalletPassParamsSchema } from '@ember/contracts';
import type { FastifyRequest } from 'fastify';
import { publicBaseUrl } from '../../config.js';
import type { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner, requireSession } from './identity.auth.js';
import { WALLET_TYPES } from './identity.wallet.js';

/** The origin of pass links: the store view's configured public origin, never the request's Host header. */
const baseUrl = async (services: Services, request: FastifyRequest) =>
  publicBaseUrl(request.server.config, (await services.stores.forRequest(request)).code);

/** The wallet-link path of one account family (`:uuid` is the customer): POST {type}, or GET ?type=. */
export function registerWalletLinkRoutes(app: ReturnType<typeof restScope>, services: Services, path: string, tags: string[]): void {
  const { identity, wallet, limits } = services;
  const link = async (request: FastifyRequest, uuid: string, type: (typeof WALLET_TYPES)[number]) => {
    await requireOwner(identity, request, uuid);
    await limits.walletLink(uuid);
    return wallet.linkFor(uuid, type, await baseUrl(services, request));
  };
  app.post(path, { schema: { tags, params: UuidParams, body: WalletBody, response: { 200: WalletLink } } }, async (request) =>
    link(request, request.params.uuid, request.body.type),
  );
  app.get(path, { schema: { tags, params: UuidParams, querystring: WalletBody, response: { 200: WalletLink } } }, async (request) =>
    link(request, request.params.uuid, request.query.type),
  );
}

/** The profile service's "wallet url" for the signed-in customer, and the pass a signed link opens. */
export function registerWalletProfileRoutes(app: ReturnType<typeof restScope>, services: Services, tags: string[]): void {
  const { identity, wallet, limits } = services;
  app.post('/wallet', { schema: { tags, body: WalletBody, response: { 200: WalletLink } } }, async (request) => {
    const session = await requireSession(identity, request);
    await limits.walletLink(session.uuid);
    return wallet.linkFor(session.uuid, request.body.type, await baseUrl(services, request));
  });

  // Opened by the phone's wallet app, which has no session: the signed, expiring token is the credential.
  app.get('/wallet/passes/:token', { schema: { tags, params: WalletPassParamsSchema } }, async (request, reply) => {
    await limits.walletPass(request);
    const pass = await wallet.pass(request.params.token);
    return reply.header('content-type', pass.contentType).send(pass.body);
  });
}
