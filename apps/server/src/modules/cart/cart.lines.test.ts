import { describe, expect, it } from 'vitest';
import type { StoreView } from '../store/store.service.js';
import { cartProblems, stockDemand, type Line } from './cart.lines.js';
import type { PromotionRow } from './cart.store.js';
import { line, product } from './cart.line-fixtures.js';

const store = {
  is_order_limit_enabled: true, order_limit_value: 5, cartons_limit_value: 2, is_free_gifts_enabled: true, gift_basket_quantity_limitation: 1,
} as StoreView;

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

  it('wants gifts to be gifts of a running offer, with their product in the cart and within the basket limit', () => {
    const gift = product(20, { kind: 'gift' });
    const paid = line('1', product(1), 1);
    const promo: PromotionRow = {
      id: 1, code: 'P1', store_code: 'gb', type: 'free_gift_fixed', trigger_skus: ['SKU-1'], min_qty: 0, min_subtotal_minor: 0, skus: ['SKU-20'], allowed_qty: 1, texts: {},
    };
    const giftLine = (q: number) => line('2', gift, q, { is_gift: true, parent_gift_sku: 'SKU-1' });
    expect(cartProblems(store, [paid, giftLine(1)], [promo])).toEqual([]);
    expect(cartProblems(store, [paid, giftLine(1)]).map((p) => p.code)).toEqual(['GIFT_ERROR']);
    expect(cartProblems(store, [giftLine(1)], [promo]).map((p) => p.code)).toEqual(['GIFT_ERROR']);
    expect(cartProblems(store, [paid, giftLine(2)], [promo]).map((p) => p.code)).toContain('GIFT_ERROR');
    expect(cartProblems({ ...store, is_free_gifts_enabled: false }, [paid, giftLine(1)], [promo])[0]!.code).toBe('GIFT_ERROR');
  });

  it('lets a flexible offer give its allowance across several gifts, and not more', () => {
    const paid = line('1', product(1), 1);
    const promo: PromotionRow = {
      id: 2, code: 'P2', store_code: 'gb', type: 'free_gift_flexible', trigger_skus: ['SKU-1'], min_qty: 0, min_subtotal_minor: 0, skus: ['SKU-20', 'SKU-21'], allowed_qty: 2, texts: {},
    };
    const g = (key: string, id: number, q: number) => line(key, product(id, { kind: 'gift' }), q, { is_gift: true, parent_gift_sku: 'SKU-1' });
    const roomy = { ...store, gift_basket_quantity_limitation: 10 } as StoreView;
    expect(cartProblems(roomy, [paid, g('2', 20, 1), g('3', 21, 1)], [promo])).toEqual([]);
    expect(cartProblems(roomy, [paid, g('2', 20, 2), g('3', 21, 1)], [promo]).map((p) => [p.code, p.keys])).toEqual([['GIFT_ERROR', ['2', '3']]]);
  });

  it('refuses a conditional product while its condition fails, with the offer\'s hint', () => {
    const promo: PromotionRow = {
      id: 3, code: 'P3', store_code: 'gb', type: 'conditional_purchase', trigger_skus: ['SKU-1'], min_qty: 0, min_subtotal_minor: 0, skus: ['SKU-30'], allowed_qty: null,
      texts: { en: { hint: 'Add a device first.' } },
    };
    const en = { ...store, language: 'en' } as StoreView;
    expect(cartProblems(en, [line('3', product(30), 1)], [promo]).map((p) => [p.code, p.message])).toEqual([['PERMISSION_DENIED', 'Add a device first.']]);
    expect(cartProblems(en, [line('1', product(1), 1), line('3', product(30), 1)], [promo])).toEqual([]);
  });

  it('draws bundle stock from the selections, times the bundle quantity', () => {
    const part = product(30, { stock_qty: 5 });
    const bundle = product(31, { type_id: 'bundle' });
    const l = line('1', bundle, 2, { bundle: [{ option: {} as never, selection: { product: part } as never, quantity: 3 }] });
    expect(stockDemand([l]).get(30)!.quantity).toBe(6);
    expect(cartProblems({ ...store, is_order_limit_enabled: false }, [l]).map((p) => p.code)).toEqual(['INSUFFICIENT_STOCK']);
  });
});
