import type { GraphqlClient } from './client';
import { CART_FRAGMENT, cartFrom, fetchCart, FREQUENCY_OPTION, type Cart } from './cart.api';
import { gql, operation, withFragments } from './gql';

// The mini cart removes lines too, so the removal is with the cart's first code (`cart.api.ts`).
export { removeCartItem } from './cart.api';

/*
 * What the cart page does to a cart besides adding to it: quantities, a subscription's delivery
 * frequency, coupons and campaigns (Magento 2.4's cart mutations). Apart from `cart.api.ts` so that the catalogue's pages,
 * which only add, load none of it.
 */

export async function updateCartItem(client: GraphqlClient, cartId: string, uid: string, quantity: number): Promise<Cart> {
  const data = await client.request(UPDATE_ITEMS_MUTATION, { cartId, uid, quantity });
  return cartFrom('updateCartItems', data.updateCartItems);
}

/** A subscription line's delivery frequency, in weeks, through the line's customizable option (docs/decisions/0059). */
export async function updateCartItemFrequency(client: GraphqlClient, cartId: string, uid: string, weeks: number): Promise<Cart> {
  const data = await client.request(UPDATE_FREQUENCY_MUTATION, { cartId, uid, option: FREQUENCY_OPTION, weeks: String(weeks) });
  return cartFrom('updateCartItems', data.updateCartItems);
}

export async function applyCoupon(client: GraphqlClient, cartId: string, code: string): Promise<Cart> {
  const data = await client.request(APPLY_COUPON_MUTATION, { cartId, code });
  return cartFrom('applyCouponToCart', data.applyCouponToCart);
}

export async function applyCampaign(client: GraphqlClient, cartId: string, campaignUuid: string): Promise<Cart> {
  const data = await client.request(APPLY_CAMPAIGN_MUTATION, { cartId, campaignUuid });
  return cartFrom('applyCampaignToCart', data.applyCampaignToCart);
}

export async function removeCampaign(client: GraphqlClient, cartId: string): Promise<Cart> {
  const data = await client.request(REMOVE_CAMPAIGN_MUTATION, { cartId });
  return cartFrom('removeCampaignFromCart', data.removeCampaignFromCart);
}

export async function removeCoupon(client: GraphqlClient, cartId: string): Promise<Cart> {
  const data = await client.request(REMOVE_COUPON_MUTATION, { cartId });
  return data.removeCouponFromCart?.cart ?? fetchCart(client, cartId);
}

export const UPDATE_ITEMS_MUTATION = operation('UpdateCartItems', withFragments(gql`
  mutation UpdateCartItems($cartId: String!, $uid: ID!, $quantity: Float!) {
    updateCartItems(input: { cart_id: $cartId, cart_items: [{ cart_item_uid: $uid, quantity: $quantity }] }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const UPDATE_FREQUENCY_MUTATION = operation('UpdateCartItemFrequency', withFragments(gql`
  mutation UpdateCartItemFrequency($cartId: String!, $uid: ID!, $option: ID!, $weeks: String!) {
    updateCartItems(input: { cart_id: $cartId, cart_items: [{ cart_item_uid: $uid, customizable_options: [{ uid: $option, value_string: $weeks }] }] }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const APPLY_CAMPAIGN_MUTATION = operation('ApplyCampaignToCart', withFragments(gql`
  mutation ApplyCampaignToCart($cartId: String!, $campaignUuid: String!) {
    applyCampaignToCart(input: { cart_id: $cartId, campaign_uuid: $campaignUuid }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const REMOVE_CAMPAIGN_MUTATION = operation('RemoveCampaignFromCart', withFragments(gql`
  mutation RemoveCampaignFromCart($cartId: String!) {
    removeCampaignFromCart(input: { cart_id: $cartId }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const APPLY_COUPON_MUTATION = operation('ApplyCouponToCart', withFragments(gql`
  mutation ApplyCouponToCart($cartId: String!, $code: String!) {
    applyCouponToCart(input: { cart_id: $cartId, coupon_code: $code }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const REMOVE_COUPON_MUTATION = operation('RemoveCouponFromCart', withFragments(gql`
  mutation RemoveCouponFromCart($cartId: String!) {
    removeCouponFromCart(input: { cart_id: $cartId }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));
