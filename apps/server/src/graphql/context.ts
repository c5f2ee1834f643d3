import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../platform/db.js';
import type { StoreView } from '../modules/store/store.service.js';
import type { Services } from '../services.js';

/** What every resolver receives: the request's store view, the services and the request itself. */
export interface GraphQLContext {
  store: StoreView;
  config: Config;
  db: Db;
  services: Services;
  request: FastifyRequest;
  /** The reply, for the few resolvers that set a cookie (a guest cart's credential). */
  reply?: FastifyReply;
}
