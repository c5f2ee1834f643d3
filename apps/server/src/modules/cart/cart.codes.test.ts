import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CART_USER_ERROR_CODES, CART_USER_ERRORS, ERROR_CODES, PLACE_ORDER_ERROR_CODES } from '@ember/contracts';
import { SCHEMA_PATH } from '../../graphql/graphql.plugin.js';

/** The cart's closed code union speaks exactly the codes the GraphQL schema declares (packages/contracts/src/cart.ts). */
describe('cart user-error codes', () => {
  const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
  const values = (name: string) => (schema.getType(name) as GraphQLEnumType).getValues().map((v) => v.name).sort();

  it('are the CartUserInputErrorType values, and placeOrder answers the PlaceOrderErrorCodes values', () => {
    expect([...CART_USER_ERROR_CODES].sort()).toEqual(values('CartUserInputErrorType'));
    expect([...PLACE_ORDER_ERROR_CODES].sort()).toEqual(values('PlaceOrderErrorCodes'));
  });

  it('map each to a CartItemErrorType, a PlaceOrderErrorCodes value and the HTTP status of the error table', () => {
    const item = values('CartItemErrorType');
    for (const code of CART_USER_ERROR_CODES) {
      expect(item).toContain(CART_USER_ERRORS[code].item);
      expect(PLACE_ORDER_ERROR_CODES).toContain(CART_USER_ERRORS[code].order);
      expect(CART_USER_ERRORS[code].status).toBe(ERROR_CODES[code].status);
    }
    expect(CART_USER_ERRORS.INSUFFICIENT_STOCK).toMatchObject({ item: 'ITEM_QTY', order: 'INSUFFICIENT_STOCK' });
    expect(CART_USER_ERRORS.PERMISSION_DENIED).toMatchObject({ item: 'PERMISSION_DENIED', order: 'UNABLE_TO_PLACE_ORDER' });
  });
});
