import { describe, expect, it } from 'vitest';
import type { CartItem } from '../api/cart.api';
import { giftInput, giftParentSku, openOffers } from './cart-gifts';

const offer = { code: 'P', type: 'free_gift_fixed' as const, allowed_qty: 1, remaining_qty: 1, products: [{ sku: 'G', name: 'Gift', is_eligible: true, eligibility_description: null }] };
const line = (over: Partial<CartItem>) => ({ uid: 'u', quantity: 1, product: { sku: 'EMBER-ONE' }, free_gifts: [offer], ...over }) as CartItem;

describe('cart gifts', () => {
  it('adds a gift as one unit with the is_gift and parent_gift_sku entered options', () => {
    expect(giftInput('G', 'EMBER-ONE')).toEqual({ sku: 'G', quantity: 1, entered_options: [{ uid: 'is_gift', value: 'true' }, { uid: 'parent_gift_sku', value: 'EMBER-ONE' }] });
    expect(giftParentSku(line({}))).toBe('EMBER-ONE');
  });

  it('shows offers on paid lines only', () => {
    expect(openOffers(line({}))).toEqual([offer]);
    expect(openOffers(line({ is_gift: true }))).toEqual([]);
    expect(openOffers(line({ free_gifts: null }))).toEqual([]);
  });
});
