import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '@ember/test-support';
import { restCall, serveForSuite, type TestServer } from '../../test/test-app.js';
import { grantPoints, makeReward } from '../../test/loyalty-fixtures.js';
import { addProducts, gqlAs, makeCoupon, newGuestCart } from './cart.fixtures.js';

/** mergeCarts and the customer's loyalty campaign (decision 0023); coupons are in cart.int.test.ts. */

let server: TestServer;
serveForSuite((s) => {
  server = s;
});

const MERGE = `mutation ($s: String!) { mergeCarts(source_cart_id: $s) {
  applied_coupons { code } applied_campaign { loyalty_discount_uuid } dropped_on_merge { type code reason }
} }`;
const APPLY_COUPON = `mutation ($c: String!, $code: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: $code}) { cart { id } } }`;
const APPLY_CAMPAIGN = `mutation ($c: String!, $u: String!) { applyCampaignToCart(input: {cart_id: $c, campaign_uuid: $u}) { cart { id } } }`;

/** A customer whose cart (one £50 line) holds a campaign of 100 points for £5 off. */
async function customerWithCampaign() {
  const customer = await createCustomer(server);
  await grantPoints(server.app, customer.uuid, 150);
  const campaign = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 500 });
  const mine = (await gqlAs(server, 'query { customerCart { id } }', {}, { token: customer.token })).body.data.customerCart.id as string;
  const product = await createProduct(server.app.db, { price: 5000 });
  await addProducts(server, mine, [{ sku: product.sku, quantity: 1 }], { token: customer.token });
  expect((await gqlAs(server, APPLY_CAMPAIGN, { c: mine, u: campaign }, { token: customer.token })).body.errors).toBeUndefined();
  return { customer, campaign, product };
}

async function guestCartWithCoupon(sku: string, coupon: string) {
  const guest = await newGuestCart(server);
  await addProducts(server, guest, [{ sku, quantity: 1 }]);
  expect((await gqlAs(server, APPLY_COUPON, { c: guest, code: coupon })).body.errors).toBeUndefined();
  return guest;
}

const heldPoints = async (c: { uuid: string; token: string }) =>
  (await restCall(server, 'GET', `/api/loyalty/consumers/${c.uuid}`, undefined, { token: c.token })).body.held_points as number;

describe('mergeCarts with a loyalty campaign', () => {
  it('keeps the customer’s campaign next to the guest’s coupon while the items still cover its discount', async () => {
    const { customer, campaign, product } = await customerWithCampaign();
    const coupon = await makeCoupon(server.app.db, { value: 1000 });
    const guest = await guestCartWithCoupon(product.sku, coupon);
    const merged = await gqlAs(server, MERGE, { s: guest }, { token: customer.token });
    expect(merged.body.data.mergeCarts).toEqual({ applied_coupons: [{ code: coupon }], applied_campaign: { loyalty_discount_uuid: campaign }, dropped_on_merge: [] });
    expect(await heldPoints(customer)).toBe(100);
  });

  it('drops the campaign, freeing its points, when the guest’s coupon leaves less than its discount, and says so', async () => {
    const { customer, product } = await customerWithCampaign();
    const everything = await makeCoupon(server.app.db, { value: 10000 });
    const guest = await guestCartWithCoupon(product.sku, everything);
    const merged = await gqlAs(server, MERGE, { s: guest }, { token: customer.token });
    expect(merged.body.errors).toBeUndefined();
    expect(merged.body.data.mergeCarts.applied_coupons).toEqual([{ code: everything }]);
    expect(merged.body.data.mergeCarts.applied_campaign).toBeNull();
    expect(merged.body.data.mergeCarts.dropped_on_merge).toEqual([{ type: 'CAMPAIGN', code: expect.any(String), reason: 'ABOVE_TOTAL' }]);
    expect(await heldPoints(customer)).toBe(0);
  });
});
