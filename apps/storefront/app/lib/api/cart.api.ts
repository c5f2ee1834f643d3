import { createGraphqlClient, GraphqlRequestError, type GraphqlClient } from './client';
import type {
  AddProductsToCartMutation, CartAddressInput, CartFieldsFragment, CartItemInput as CartItemInputType,
  CheckoutAgreementsQuery, MergeCartsMutation, PickupLocationsQuery, ShippingAddressInput,
} from './graphql.generated';
import { gql, operation, withFragments } from './gql';

// The shapes below are the generated result types of this file's documents (graphql.generated.ts).

type Item = NonNullable<NonNullable<CartFieldsFragment['itemsV2']>['items'][number]>;
type ConfigurableItem = Extract<Item, { __typename: 'ConfigurableCartItem' }>;
type BundleItem = Extract<Item, { __typename: 'BundleCartItem' }>;

/**
 * A cart line. The document selects the chosen options on configurable lines and the bundle's
 * choices on bundle lines only; on other lines they are absent.
 */
export type CartItem = Item
  & Partial<Pick<ConfigurableItem, 'configurable_options' | 'configured_variant'>>
  & Partial<Pick<BundleItem, 'bundle_options'>>;

export type CartItemError = NonNullable<NonNullable<Item['errors']>[number]>;

/** The free-gift offers a line's product unlocks. */
export type FreeGiftOffer = NonNullable<Item['free_gifts']>[number];

/** A cart as every cart document selects it (`CartFields`). */
export type Cart = Omit<CartFieldsFragment, 'itemsV2'> & {
  itemsV2: { total_count: number; items: (CartItem | null)[] } | null;
};

export type ShippingAddress = NonNullable<Cart['shipping_addresses'][number]>;
export type CartShippingMethod = NonNullable<NonNullable<ShippingAddress['available_shipping_methods']>[number]>;
export type CartAddress = NonNullable<Cart['billing_address']>;

/** A pick-up store a shopper can collect an order from. */
export type PickupLocation = NonNullable<NonNullable<NonNullable<PickupLocationsQuery['pickupLocations']>['items']>[number]>;

/** What the shopper chose on the product page, as addProductsToCart takes it. */
export type CartItemInput = CartItemInputType;

export type CartUserError = NonNullable<NonNullable<AddProductsToCartMutation['addProductsToCart']>['user_errors'][number]>;

export interface PlacedOrder {
  number: string;
  /** The order's opaque entity id (`CustomerOrder.entity_id`): what payments and cancellation take. */
  id: string | null;
}

/**
 * A typed address (Magento's CartAddressInput). A signed-in customer's typed address joins their
 * address book with the order unless `save_in_address_book` is false.
 */
export type AddressInput = CartAddressInput;

/** An entry of the signed-in customer's address book, used as a cart address (Magento's `customer_address_id`). */
export interface SavedAddressRef {
  customer_address_id: NonNullable<ShippingAddressInput['customer_address_id']>;
}

/**
 * The commerce cart and checkout (Magento 2.4's cart mutations): the only code that calls them.
 * Every call is a POST, so a cart is never answered from a cache, and carries the session cookie,
 * which makes `customerCart` and `mergeCarts` the signed-in customer's.
 */
export function cartClient(store: string): GraphqlClient {
  return createGraphqlClient({ endpoint: '/graphql', store, method: 'POST', timeoutMs: 10_000 });
}

/** The code of a failed call's first error: the server's `extensions.code`, else its category. */
export function cartErrorCode(error: unknown): string | null {
  if (!(error instanceof GraphqlRequestError)) return null;
  const first = error.errors[0]?.extensions;
  return first?.code ?? first?.category ?? null;
}

/** The first message the server gave, when it answered at all (not for timeouts or 5xx). */
export function firstServerMessage(error: unknown): string | null {
  if (!(error instanceof GraphqlRequestError) || error.status >= 500 || !error.errors.length) return null;
  const first = error.errors[0];
  return first && first.extensions?.category !== 'internal' ? first.message : null;
}

/** Whether the failure says the cart no longer exists or can no longer change (ordered, merged). */
export function isCartGone(error: unknown): boolean {
  if (!(error instanceof GraphqlRequestError)) return false;
  return error.errors.some((e) => {
    const code = e.extensions?.code ?? '';
    return e.extensions?.category === 'graphql-no-such-entity' || code === 'CART_NOT_FOUND' || code === 'CART_NOT_ACTIVE' || code === 'NOT_FOUND';
  });
}

/** The cart a failed cart mutation still answered with (the spec keeps partial data), if any. */
export function partialCart(error: unknown, field: string): Cart | null {
  if (!(error instanceof GraphqlRequestError) || !error.data || typeof error.data !== 'object') return null;
  const out = (error.data as Record<string, { cart?: Cart | null } | null>)[field];
  return out?.cart ?? null;
}

/** The cart a cart mutation answered with (the schema lets payload and cart be null; the server answers both). */
function cartFrom(field: string, payload: { cart: Cart | null } | null): Cart {
  if (!payload?.cart) throw new Error(`${field} answered without a cart`);
  return payload.cart;
}

export async function createEmptyCart(client: GraphqlClient): Promise<string> {
  const data = await client.request(CREATE_EMPTY_CART_MUTATION);
  if (!data.createEmptyCart) throw new Error('createEmptyCart answered without a cart id');
  return data.createEmptyCart;
}

export async function fetchCart(client: GraphqlClient, cartId: string): Promise<Cart> {
  const data = await client.request(CART_QUERY, { cartId });
  if (!data.cart) throw new GraphqlRequestError('The cart was not found', 404, [{ message: 'The cart was not found', extensions: { category: 'graphql-no-such-entity' } }]);
  return data.cart;
}

/** The signed-in customer's cart; the server creates one when they have none. */
export async function fetchCustomerCart(client: GraphqlClient): Promise<Cart> {
  const data = await client.request(CUSTOMER_CART_QUERY);
  return data.customerCart;
}

/** Moves the guest cart's lines into the customer's cart; the guest cart ends. */
/** A coupon or loyalty campaign a merge did not keep, and why (the server's reason code). */
export type MergeDrop = NonNullable<NonNullable<MergeCartsMutation['mergeCarts']>['dropped_on_merge']>[number];

/** Merges a guest cart into the customer's; the answer names the coupons and campaign it dropped. */
export async function mergeCarts(client: GraphqlClient, sourceCartId: string, destinationCartId: string): Promise<{ cart: Cart; dropped: MergeDrop[] }> {
  const data = await client.request(
    MERGE_CARTS_MUTATION, { source: sourceCartId, destination: destinationCartId },
  );
  const { dropped_on_merge: dropped, ...cart } = data.mergeCarts;
  return { cart, dropped: dropped ?? [] };
}

/** Adds lines; refusals per line (out of stock, limits) come back as user errors, the cart as it is now. */
export async function addProductsToCart(
  client: GraphqlClient, cartId: string, items: CartItemInput[],
): Promise<{ cart: Cart; userErrors: CartUserError[] }> {
  const data = await client.request(
    ADD_PRODUCTS_MUTATION, { cartId, items },
  );
  return {
    cart: cartFrom('addProductsToCart', data.addProductsToCart),
    userErrors: (data.addProductsToCart?.user_errors ?? []).filter((e): e is CartUserError => e !== null),
  };
}

export async function updateCartItem(client: GraphqlClient, cartId: string, uid: string, quantity: number): Promise<Cart> {
  const data = await client.request(UPDATE_ITEMS_MUTATION, { cartId, uid, quantity });
  return cartFrom('updateCartItems', data.updateCartItems);
}

export async function removeCartItem(client: GraphqlClient, cartId: string, uid: string): Promise<Cart> {
  const data = await client.request(REMOVE_ITEM_MUTATION, { cartId, uid });
  return cartFrom('removeItemFromCart', data.removeItemFromCart);
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

export async function setGuestEmail(client: GraphqlClient, cartId: string, email: string): Promise<Cart> {
  const data = await client.request(SET_GUEST_EMAIL_MUTATION, { cartId, email });
  return cartFrom('setGuestEmailOnCart', data.setGuestEmailOnCart);
}

/**
 * The delivery address, or for a pick-up the store's code with the shopper's name (the address a
 * pick-up order carries is the store's).
 */
export async function setShippingAddress(
  client: GraphqlClient, cartId: string, address: AddressInput | SavedAddressRef, pickupLocationCode: string | null = null,
): Promise<Cart> {
  const source = 'customer_address_id' in address ? { customer_address_id: address.customer_address_id } : { address };
  const data = await client.request(SET_SHIPPING_ADDRESS_MUTATION, {
    cartId,
    addresses: [{ ...source, ...(pickupLocationCode ? { pickup_location_code: pickupLocationCode } : {}) }],
  });
  return cartFrom('setShippingAddressesOnCart', data.setShippingAddressesOnCart);
}

/** Billing: the shipping address again, its own address, or an entry of the customer's address book. */
export async function setBillingAddress(
  client: GraphqlClient, cartId: string, billing: { same_as_shipping: true } | { address: AddressInput } | SavedAddressRef,
): Promise<Cart> {
  const data = await client.request(SET_BILLING_ADDRESS_MUTATION, { cartId, billing });
  return cartFrom('setBillingAddressOnCart', data.setBillingAddressOnCart);
}

export async function setShippingMethod(client: GraphqlClient, cartId: string, carrierCode: string, methodCode: string): Promise<Cart> {
  const data = await client.request(SET_SHIPPING_METHOD_MUTATION, {
    cartId, methods: [{ carrier_code: carrierCode, method_code: methodCode }],
  });
  return cartFrom('setShippingMethodsOnCart', data.setShippingMethodsOnCart);
}

export async function setPaymentMethod(client: GraphqlClient, cartId: string, code: string): Promise<Cart> {
  const data = await client.request(SET_PAYMENT_METHOD_MUTATION, { cartId, code });
  return cartFrom('setPaymentMethodOnCart', data.setPaymentMethodOnCart);
}

/** A checkout agreement the shopper must tick before "Place order" (Magento's CheckoutAgreement). */
export type CheckoutAgreement = NonNullable<NonNullable<CheckoutAgreementsQuery['checkoutAgreements']>[number]>;

/** The store view's checkout agreements (the current terms and privacy policy); none when it has no terms. */
export async function listCheckoutAgreements(client: GraphqlClient): Promise<CheckoutAgreement[]> {
  const data = await client.request(CHECKOUT_AGREEMENTS_QUERY);
  return (data.checkoutAgreements ?? []).filter((a): a is CheckoutAgreement => a !== null);
}

/** Keeps the chosen payment method and records the ticked agreements on the cart; placeOrder checks them. */
export async function acceptAgreements(client: GraphqlClient, cartId: string, code: string, agreementIds: number[]): Promise<Cart> {
  const data = await client.request(SET_PAYMENT_AGREEMENTS_MUTATION, { cartId, code, agreementIds });
  return cartFrom('setPaymentMethodOnCart', data.setPaymentMethodOnCart);
}

/** A refusal of placeOrder: Magento's PlaceOrderErrorCodes value and the server's words. */
export class PlaceOrderError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = 'PlaceOrderError';
  }
}

/**
 * Places the order. `idempotencyKey` names the attempt: sent again on a retry (a timeout, a lost
 * answer), the server answers what it answered the first time instead of ordering twice.
 */
export async function placeOrder(client: GraphqlClient, cartId: string, idempotencyKey?: string): Promise<PlacedOrder> {
  const data = await client.request(PLACE_ORDER_MUTATION, { cartId }, idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {});
  const out = data.placeOrder;
  const refusal = out?.errors.find((e) => e !== null);
  if (refusal) throw new PlaceOrderError(refusal.code, refusal.message);
  if (!out?.order) throw new PlaceOrderError('UNDEFINED', 'The order was not placed');
  return { number: out.order.order_number, id: out.order.entity_id };
}

/** The stores a shopper can collect from in this store view's countries. */
export async function listPickupLocations(client: GraphqlClient): Promise<PickupLocation[]> {
  const data = await client.request(PICKUP_LOCATIONS_QUERY);
  return (data.pickupLocations?.items ?? []).filter((l): l is PickupLocation => !!l?.pickup_location_code);
}

export const CART_FRAGMENT = gql`
  fragment CartFields on Cart {
    id
    email
    total_quantity
    is_virtual
    applied_coupons {
      code
    }
    applied_campaign {
      loyalty_discount_uuid
      loyalty_discount_points
      loyalty_discount_amount { value currency }
    }
    itemsV2(pageSize: 100, currentPage: 1) {
      total_count
      items {
        __typename
        uid
        quantity
        is_available
        errors {
          code
          message
        }
        prices {
          price_including_tax { value currency }
          row_total_including_tax { value currency }
          total_item_discount { value currency }
        }
        is_gift
        parent_gift_sku
        qty_increments
        tradeIn
        subscription
        subscription_format
        hasDevice
        free_gifts {
          code
          type
          allowed_qty
          remaining_qty
          products { sku name is_eligible eligibility_description }
        }
        product {
          uid
          sku
          name
          url_key
          stock_status
          product_kind
          is_age_restricted
          small_image { url label }
        }
        ... on ConfigurableCartItem {
          configurable_options {
            option_label
            value_label
          }
          configured_variant {
            sku
            small_image { url label }
          }
        }
        ... on BundleCartItem {
          bundle_options {
            uid
            label
            values {
              uid
              label
              quantity
            }
          }
        }
      }
    }
    prices {
      grand_total { value currency }
      subtotal_including_tax { value currency }
      subtotal_excluding_tax { value currency }
      applied_taxes {
        label
        amount { value currency }
      }
      discounts {
        label
        amount { value currency }
      }
    }
    shipping_addresses {
      firstname
      lastname
      street
      city
      postcode
      telephone
      country { code label }
      pickup_location_code
      available_shipping_methods {
        carrier_code
        carrier_title
        method_code
        method_title
        amount { value currency }
        available
        error_message
      }
      selected_shipping_method {
        carrier_code
        method_code
        carrier_title
        method_title
        amount { value currency }
      }
    }
    billing_address {
      firstname
      lastname
      street
      city
      postcode
      telephone
      country { code label }
    }
    available_payment_methods {
      code
      title
    }
    selected_payment_method {
      code
      title
    }
  }
`;

export const CREATE_EMPTY_CART_MUTATION = operation('CreateEmptyCart', gql`
  mutation CreateEmptyCart {
    createEmptyCart
  }
`);

export const CART_QUERY = operation('Cart', withFragments(gql`
  query Cart($cartId: String!) {
    cart(cart_id: $cartId) {
      ...CartFields
    }
  }
`, CART_FRAGMENT));

export const CUSTOMER_CART_QUERY = operation('CustomerCart', withFragments(gql`
  query CustomerCart {
    customerCart {
      ...CartFields
    }
  }
`, CART_FRAGMENT));

export const MERGE_CARTS_MUTATION = operation('MergeCarts', withFragments(gql`
  mutation MergeCarts($source: String!, $destination: String) {
    mergeCarts(source_cart_id: $source, destination_cart_id: $destination) {
      ...CartFields
      dropped_on_merge {
        type
        code
        reason
        message
      }
    }
  }
`, CART_FRAGMENT));

export const ADD_PRODUCTS_MUTATION = operation('AddProductsToCart', withFragments(gql`
  mutation AddProductsToCart($cartId: String!, $items: [CartItemInput!]!) {
    addProductsToCart(cartId: $cartId, cartItems: $items) {
      cart {
        ...CartFields
      }
      user_errors {
        code
        message
      }
    }
  }
`, CART_FRAGMENT));

export const UPDATE_ITEMS_MUTATION = operation('UpdateCartItems', withFragments(gql`
  mutation UpdateCartItems($cartId: String!, $uid: ID!, $quantity: Float!) {
    updateCartItems(input: { cart_id: $cartId, cart_items: [{ cart_item_uid: $uid, quantity: $quantity }] }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const REMOVE_ITEM_MUTATION = operation('RemoveItemFromCart', withFragments(gql`
  mutation RemoveItemFromCart($cartId: String!, $uid: ID!) {
    removeItemFromCart(input: { cart_id: $cartId, cart_item_uid: $uid }) {
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

export const SET_GUEST_EMAIL_MUTATION = operation('SetGuestEmailOnCart', withFragments(gql`
  mutation SetGuestEmailOnCart($cartId: String!, $email: String!) {
    setGuestEmailOnCart(input: { cart_id: $cartId, email: $email }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const SET_SHIPPING_ADDRESS_MUTATION = operation('SetShippingAddressesOnCart', withFragments(gql`
  mutation SetShippingAddressesOnCart($cartId: String!, $addresses: [ShippingAddressInput]!) {
    setShippingAddressesOnCart(input: { cart_id: $cartId, shipping_addresses: $addresses }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const SET_BILLING_ADDRESS_MUTATION = operation('SetBillingAddressOnCart', withFragments(gql`
  mutation SetBillingAddressOnCart($cartId: String!, $billing: BillingAddressInput!) {
    setBillingAddressOnCart(input: { cart_id: $cartId, billing_address: $billing }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const SET_SHIPPING_METHOD_MUTATION = operation('SetShippingMethodsOnCart', withFragments(gql`
  mutation SetShippingMethodsOnCart($cartId: String!, $methods: [ShippingMethodInput]!) {
    setShippingMethodsOnCart(input: { cart_id: $cartId, shipping_methods: $methods }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const SET_PAYMENT_METHOD_MUTATION = operation('SetPaymentMethodOnCart', withFragments(gql`
  mutation SetPaymentMethodOnCart($cartId: String!, $code: String!) {
    setPaymentMethodOnCart(input: { cart_id: $cartId, payment_method: { code: $code } }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const CHECKOUT_AGREEMENTS_QUERY = operation('CheckoutAgreements', gql`
  query CheckoutAgreements {
    checkoutAgreements {
      agreement_id
      name
      mode
    }
  }
`);

export const SET_PAYMENT_AGREEMENTS_MUTATION = operation('SetPaymentMethodAndAgreementsOnCart', withFragments(gql`
  mutation SetPaymentMethodAndAgreementsOnCart($cartId: String!, $code: String!, $agreementIds: [Int!]!) {
    setPaymentMethodOnCart(input: { cart_id: $cartId, payment_method: { code: $code, agreement_ids: $agreementIds } }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));

export const PLACE_ORDER_MUTATION = operation('PlaceOrder', gql`
  mutation PlaceOrder($cartId: String!) {
    placeOrder(input: { cart_id: $cartId }) {
      order {
        order_number
        entity_id
      }
      errors {
        code
        message
      }
    }
  }
`);

export const PICKUP_LOCATIONS_QUERY = operation('PickupLocations', gql`
  query PickupLocations {
    pickupLocations(pageSize: 50) {
      items {
        pickup_location_code
        name
        street
        postcode
        city
        country_id
        description
      }
    }
  }
`);
