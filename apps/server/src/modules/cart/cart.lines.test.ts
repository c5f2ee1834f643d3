import { describe, expect, it } from 'vitest';
import type { ProductDoc } from '../catalog/catalog.service.js';
import type { StoreView } from '../store/store.service.js';
import { cartProblems, stockDemand, type Line } from './cart.lines.js';

const store = {
  is_order_limit_enabled: true, order_limit_value: 5, cartons_limit_value: 2, is_free_gifts_enabled: true, gift_basket_quantity_limitation: 1,
} as StoreView;

function product(id: number, over: Partial<ProductDoc> = {}): ProductDoc {
  return { id, sku: `SKU-${id}`, name: `Product ${id}`, type_id: 'simple', kind: 'accessory', stock_qty: 100, order_quantity_limit: null, bundle_options: [], ...over } as ProductDoc;
}

function line(key: string, p: ProductDoc, quantity: number, over: Partial<Line> = {}): Line {
  return { key, sku: p.sku, quantity, is_gift: false, parent_gift_sku: null, product: p, parent: null, bundle: [], ...over };
}

describe('cart problems', () => {
  it('finds none in a cart within every limit', () => {
    expect(cartProblems(store, [line('1', product(1), 2)])).toEqual([]);
  });

  it('names stock, per-product, order and cartons limits with the lines involved', () => {
    const codes = (lines: Line[]) => cartProblems(store, lines).map((p) => [p.code, p.keys]);
    expect(codes([line('1', product(1, { stock_qty: 1 }), 2)])).toEqual([['INSUFFICIENT_STOCK', ['1']]]);
    expect(codes([line('1', product(1, { stock_qty: 0 }), 1)])).toEqual([['NOT_SALABLE', ['1']]]);
    expect(codes([line('1', product(1, { order_quantity_limit: 1 }), 2)])).toEqual([['ITEM_QTY', ['1']]]);
    expect(codes([line('1', product(1), 3), line('2', product(2), 3)])).toEqual([['ITEM_QTY', ['1', '2']]]);
    expect(codes([line('1', product(1, { kind: 'sticks_carton' }), 3)])).toEqual([['CARTONS_LIMIT', ['1']]]);
  });

  it('counts a configurable parent\'s limit across its children', () => {
    const parent = product(10, { type_id: 'configurable', order_quantity_limit: 2 });
    const lines = [line('1', product(11), 2, { parent }), line('2', product(12), 1, { parent })];
    expect(cartProblems(store, lines).map((p) => p.code)).toEqual(['ITEM_QTY']);
  });

  it('wants gifts to be gift products, with their product in the cart and within the basket limit', () => {
    const gift = product(20, { kind: 'gift' });
    const paid = line('1', product(1), 1);
    expect(cartProblems(store, [paid, line('2', gift, 1, { is_gift: true, parent_gift_sku: 'SKU-1' })])).toEqual([]);
    expect(cartProblems(store, [line('2', gift, 1, { is_gift: true, parent_gift_sku: 'SKU-1' })]).map((p) => p.code)).toEqual(['GIFT_ERROR']);
    expect(cartProblems(store, [paid, line('2', gift, 2, { is_gift: true, parent_gift_sku: 'SKU-1' })]).map((p) => p.code)).toContain('GIFT_ERROR');
    expect(cartProblems({ ...store, is_free_gifts_enabled: false }, [paid, line('2', gift, 1, { is_gift: true, parent_gift_sku: 'SKU-1' })])[0]!.code).toBe('GIFT_ERROR');
  });

  it('draws bundle stock from the selections, times the bundle quantity', () => {
    const part = product(30, { stock_qty: 5 });
    const bundle = product(31, { type_id: 'bundle' });
    const l = line('1', bundle, 2, { bundle: [{ option: {} as never, selection: { product: part } as never, quantity: 3 }] });
    expect(stockDemand([l]).get(30)!.quantity).toBe(6);
    expect(cartProblems({ ...store, is_order_limit_enabled: false }, [l]).map((p) => p.code)).toEqual(['INSUFFICIENT_STOCK']);
  });
});
