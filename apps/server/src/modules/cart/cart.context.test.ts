import { describe, expect, it, vi } from 'vitest';
import { CART_CONTEXTS } from '@ember/contracts';
import type { GraphQLContext } from '../../graphql/context.js';
import { AppError } from '../../platform/errors.js';
import { cartContextOf, noteCartChange } from './cart.context.js';

describe('cart contexts', () => {
  it('reads each of the spec’s five contexts from X-Cart-Context and none from a request without it', () => {
    expect(CART_CONTEXTS).toEqual(['PRODUCT_DETAIL', 'MINICART', 'CART', 'CHECKOUT', 'ADMIN']);
    for (const context of CART_CONTEXTS) expect(cartContextOf({ headers: { 'x-cart-context': context } })).toBe(context);
    expect(cartContextOf({ headers: {} })).toBeNull();
  });

  it('refuses another value, a lower-case one and a repeated header as VALIDATION_FAILED', () => {
    for (const raw of ['SHOP', 'cart', '', ['CART', 'CART']]) {
      const refusal = (() => {
        try {
          cartContextOf({ headers: { 'x-cart-context': raw } });
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('VALIDATION_FAILED');
    }
  });

  it('logs the change with its context and nothing else', () => {
    const info = vi.fn();
    const ctx = { request: { headers: { 'x-cart-context': 'MINICART' }, log: { info } } } as unknown as GraphQLContext;
    expect(noteCartChange(ctx, 'removeItemFromCart')).toBe('MINICART');
    expect(info).toHaveBeenCalledWith({ cart_change: 'removeItemFromCart', cart_context: 'MINICART' }, 'cart change');
  });
});
