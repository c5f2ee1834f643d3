import type { CatalogueDetail, CatalogueQuery, PriceSetBody, StockChangeBody } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import type { StoreView } from '../store/store.store.js';
import * as store from './catalog.console.store.js';

/**
 * The console's catalogue (docs/decisions/0082): products with prices per store view and stock with
 * its history. A price or stock change is announced by the tables' triggers (`catalog`, `stock`), so
 * every instance's caches and the page cache drop what they showed.
 */
export class CatalogueConsole {
  async list(q: Reader, query: CatalogueQuery) {
    const { rows, total } = await store.listProducts(q, { q: query.q, kind: query.kind, store: query.store, low_stock: query.low_stock, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { items: rows.map(row), page_info: { page: query.page, page_size: query.page_size, total } };
  }

  async detail(q: Reader, sku: string): Promise<CatalogueDetail> {
    const p = await store.productBySku(q, sku);
    if (!p) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    const moves = await store.movements(q, p.id);
    return { ...row(p), movements: moves.map((m) => ({ ...m, at: new Date(m.at).toISOString() })) };
  }

  /** Sets a product's price in a store view, in its currency; answers the product before and after. */
  async setPrice(tx: Tx, sku: string, view: StoreView, body: PriceSetBody): Promise<{ before: CatalogueDetail; after: CatalogueDetail }> {
    const before = await this.detail(tx, sku);
    const p = (await store.productBySku(tx, sku))!;
    await store.upsertPrice(tx, p.id, view.code, view.base_currency_code, body.regular_minor, body.special_minor);
    return { before, after: await this.detail(tx, sku) };
  }

  /** Counts or adjusts a product's stock, the movement named as the operator's with the reason. */
  async changeStock(tx: Tx, sku: string, body: StockChangeBody, actor: string): Promise<{ before: CatalogueDetail; after: CatalogueDetail }> {
    const before = await this.detail(tx, sku);
    const p = (await store.productBySku(tx, sku))!;
    await store.nameStockChange(tx, 'operator', actor, body.reason);
    const left = await store.changeStock(tx, p.id, body.mode, body.quantity, body.low_stock_threshold);
    if (left === null) throw new AppError('VALIDATION_FAILED', `Only ${before.quantity ?? 0} in stock: the adjustment would leave less than none`, { fields: { quantity: 'below_zero' } });
    return { before, after: await this.detail(tx, sku) };
  }
}

function row(p: store.ConsoleProductRow) {
  return {
    sku: p.sku, name: p.name, kind: p.kind as CatalogueDetail['kind'], type_id: p.type_id, is_active: p.is_active,
    quantity: p.quantity, low_stock_threshold: p.low_stock_threshold, prices: p.prices,
  };
}
