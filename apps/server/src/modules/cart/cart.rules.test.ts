import { describe, expect, it } from 'vitest';
import type { StoreView } from '../store/store.service.js';
import { cartProblems, itemErrorCode, type Line } from './cart.lines.js';
import { itemRuleProblems, lineHasDevice, salesStep, type CartBuyer } from './cart.rules.js';
import { line, product } from './cart.line-fixtures.js';

const store = { is_order_limit_enabled: false, order_limit_value: 0, cartons_limit_value: 0, is_free_gifts_enabled: true, gift_basket_quantity_limitation: 0 } as StoreView;
const customer: CartBuyer = { isGuest: false, hasOngoingSubscription: false };

const found = (lines: Line[], buyer = customer) => itemRuleProblems(lines, buyer).map((p) => [p.code, p.message, p.keys]);

describe('cart rules', () => {
  it('wants paid lines in multiples of their sales step, the child\'s or else its parent\'s, and leaves gifts alone', () => {
    const pack = product(1, { qty_increments: 2 });
    expect(found([line('1', pack, 4)])).toEqual([]);
    expect(found([line('1', pack, 3)])).toEqual([['ITEM_INCREMENT', 'Product 1 is sold in steps of 2.', ['1']]]);
    expect(found([line('1', pack, 3, { is_gift: true, parent_gift_sku: 'X' })])).toEqual([]);
    const parent = product(10, { type_id: 'configurable', qty_increments: 5 });
    expect(salesStep(line('1', product(11), 1, { parent }))).toBe(5);
    expect(salesStep(line('1', product(11, { qty_increments: 3 }), 1, { parent }))).toBe(3);
  });

  it('allows one trade-in, for a customer, next to a paid device', () => {
    const device = line('1', product(1, { kind: 'device' }), 1);
    const tradeIn = (key: string, q = 1) => line(key, product(Number(key), { kind: 'trade_in', type_id: 'virtual' }), q);
    expect(found([device, tradeIn('2')])).toEqual([]);
    expect(found([device, tradeIn('2')], { ...customer, isGuest: true })).toEqual([['TRADEIN_LIMIT', 'Sign in to trade in a device.', ['2']]]);
    expect(found([device, tradeIn('2', 2)])).toEqual([['TRADEIN_LIMIT', 'A cart may hold one trade-in.', ['2']]]);
    expect(found([device, tradeIn('2'), tradeIn('3')])).toEqual([['TRADEIN_LIMIT', 'A cart may hold one trade-in.', ['2', '3']]]);
    expect(found([tradeIn('2')])).toEqual([['TRADEIN_LIMIT', 'A trade-in needs a new device in the same order.', ['2']]]);
    expect(found([{ ...device, is_gift: true, parent_gift_sku: 'X' }, tradeIn('2')]).map(([code]) => code)).toEqual(['TRADEIN_LIMIT']);
  });

  it('counts a device colour and a bundle holding a device as device lines', () => {
    const model = product(10, { type_id: 'configurable', kind: 'device' });
    expect(lineHasDevice(line('1', product(11, { kind: 'device' }), 1, { parent: model }))).toBe(true);
    const bundle = line('2', product(20, { type_id: 'bundle', kind: 'bundle' }), 1, { bundle: [{ option: {} as never, selection: { product: product(21, { kind: 'device' }) } as never, quantity: 1 }] });
    expect(lineHasDevice(bundle)).toBe(true);
    expect(lineHasDevice(line('3', product(30, { kind: 'sticks_carton' }), 1))).toBe(false);
  });

  it('allows one subscription line, and none for a buyer with an ongoing subscription', () => {
    const sub = (key: string) => line(key, product(Number(key), { kind: 'subscription', is_subscription: true }), 2);
    expect(found([sub('1')])).toEqual([]);
    expect(found([sub('1'), sub('2')])).toEqual([['ONGOING_SUBSCRIPTION', 'A cart may hold one subscription.', ['1', '2']]]);
    expect(found([sub('1'), line('3', product(3), 1)], { ...customer, hasOngoingSubscription: true }))
      .toEqual([['ONGOING_SUBSCRIPTION', 'You already have an ongoing subscription.', ['1']]]);
  });

  it('adds the rules to the cart problems, shown on the items under their own codes', () => {
    const codes = cartProblems(store, [line('1', product(1, { qty_increments: 2 }), 1), line('2', product(2, { kind: 'trade_in' }), 1)], [], customer).map((p) => p.code);
    expect(codes).toEqual(['ITEM_INCREMENT', 'TRADEIN_LIMIT']);
    expect(codes.map(itemErrorCode)).toEqual(['ITEM_INCREMENT', 'TRADEIN_LIMIT']);
    expect(itemErrorCode('ONGOING_SUBSCRIPTION')).toBe('ONGOING_SUBSCRIPTION');
    expect(itemErrorCode('INSUFFICIENT_STOCK')).toBe('ITEM_QTY');
  });
});
