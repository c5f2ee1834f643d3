import { describe, expect, it } from 'vitest';
import { allocate, computeTotals, ruleDiscount, shippingAmount, taxOf } from './cart.pricing.js';

describe('cart pricing', () => {
  it('finds the tax contained in a gross price at the store rate', () => {
    expect(taxOf(1200, 2000)).toBe(200);
    expect(taxOf(1190, 1900)).toBe(190);
    expect(taxOf(10810, 810)).toBe(810);
    expect(taxOf(0, 2000)).toBe(0);
  });

  it('takes a percent rule off the remaining base and caps a fixed rule at the base', () => {
    expect(ruleDiscount({ discount_type: 'percent', discount_value: 1000 }, 5500)).toBe(550);
    expect(ruleDiscount({ discount_type: 'fixed', discount_value: 500 }, 300)).toBe(300);
  });

  it('spreads a discount over rows so the shares add up exactly', () => {
    const shares = allocate(100, [{ key: 'a', total: 333 }, { key: 'b', total: 333 }, { key: 'c', total: 334 }]);
    expect([...shares.values()].reduce((s, v) => s + v, 0)).toBe(100);
  });

  it('computes subtotal, discount, shipping, tax and grand total with gifts free', () => {
    const t = computeTotals(
      [
        { key: '1', unit_price: 5000, quantity: 2, is_gift: false },
        { key: '2', unit_price: 1500, quantity: 1, is_gift: true },
      ],
      [{ code: 'WELCOME10', label: '10% off', discount_type: 'percent', discount_value: 1000 }],
      395,
      2000,
    );
    expect(t.subtotal_incl_tax).toBe(10000);
    expect(t.subtotal_excl_tax).toBe(8333);
    expect(t.discounts).toEqual([{ label: '10% off', amount: 1000, coupon_code: 'WELCOME10' }]);
    expect(t.grand_total).toBe(9395);
    expect(t.tax_total).toBe(taxOf(9000, 2000) + taxOf(395, 2000));
    expect(t.rows.get('2')).toEqual({ row_total: 0, row_tax: 0, row_discount: 0 });
    expect(t.rows.get('1')!.row_discount).toBe(1000);
  });

  it('makes shipping free from the threshold on', () => {
    expect(shippingAmount({ amount_minor: 395, free_above_minor: 3000 }, 2999)).toBe(395);
    expect(shippingAmount({ amount_minor: 395, free_above_minor: 3000 }, 3000)).toBe(0);
    expect(shippingAmount({ amount_minor: 795, free_above_minor: null }, 100000)).toBe(795);
  });
});
