import type { Config } from './config.js';
import type { Db } from './platform/db.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { StoreService } from './modules/store/store.service.js';

/** The domain services, built once per app and shared by every edge (GraphQL, REST, jobs). */
export interface Services {
  stores: StoreService;
  catalog: CatalogService;
}

export function buildServices(db: Db, config: Config): Services {
  return {
    stores: new StoreService(db, config.DEFAULT_STORE),
    catalog: new CatalogService(db, config.CATALOG_CACHE_TTL_MS),
  };
}
