import { CART_CONTEXT_HEADER, type CartContext } from '@ember/contracts';
import { createGraphqlClient, GraphqlRequestError, type GraphqlClient } from './client';
import type {
  AddProductsToCartMutation, CartAddressInput, CartFieldsFragment, CartItemInput as CartItemInputType,
  MergeCartsMutation, PickupLocationsQuery, ShippingAddressInput,
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

/**
 * The option (an entered option when adding, a customizable option when changing a line) that carries
 * a subscription line's delivery frequency in weeks (docs/decisions/0059); the product page's field has its name.
 */
export const FREQUENCY_OPTION = 'subscription_frequency_weeks';

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
export function cartClient(store: string, context?: CartContext): GraphqlClient {
  // Where the change is made (spec §4's cart contexts), for the server's record of it (docs/decisions/0072).
  const headers = context ? { [CART_CONTEXT_HEADER]: context } : undefined;
  return createGraphqlClient({ endpoint: '/graphql', store, method: 'POST', headers });
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
export function cartFrom(field: string, payload: { cart: Cart | null } | null): Cart {
  if (!payload?.cart) throw new Error(`${field} answered without a cart`);
  return payload.cart;
}

export async function createEmptyCart(client: GraphqlClient): Promise<string> {
  const data = await client.request(CREATE_EMPTY_CART_MUTATION);
  if (!data.createEmptyCart) throw new Error('createEmptyCart answered without a cart id');
  return data.createEmptyCart;
}

/**
 * The cart a cart query answered beside its errors (spec §8: getting cart items falls back to the
 * cart items in the error response), when it came with its items; else null.
 */
export function cartInErrorResponse(error: unknown, field: 'cart' | 'customerCart'): Cart | null {
  if (!(error instanceof GraphqlRequestError) || !error.data || typeof error.data !== 'object') return null;
  const cart = (error.data as Record<string, Cart | null | undefined>)[field];
  return cart && typeof cart.id === 'string' && Array.isArray(cart.itemsV2?.items) ? cart : null;
}

export async function fetchCart(client: GraphqlClient, cartId: string): Promise<Cart> {
  const data = await client.request(CART_QUERY, { cartId }).catch((error: unknown) => {
    const cart = cartInErrorResponse(error, 'cart');
    if (!cart) throw error;
    return { cart };
  });
  if (!data.cart) throw new GraphqlRequestError('The cart was not found', 404, [{ message: 'The cart was not found', extensions: { category: 'graphql-no-such-entity' } }]);
  return data.cart;
}

/** The signed-in customer's cart; the server creates one when they have none. */
export async function fetchCustomerCart(client: GraphqlClient): Promise<Cart> {
  const data = await client.request(CUSTOMER_CART_QUERY).catch((error: unknown) => {
    const cart = cartInErrorResponse(error, 'customerCart');
    if (!cart) throw error;
    return { customerCart: cart };
  });
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

/** Removes a line (the cart page and the mini cart). */
export async function removeCartItem(client: GraphqlClient, cartId: string, uid: string): Promise<Cart> {
  const data = await client.request(REMOVE_ITEM_MUTATION, { cartId, uid });
  return cartFrom('removeItemFromCart', data.removeItemFromCart);
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
          price { value currency }
          price_including_tax { value currency }
          row_total { value currency }
          row_total_including_tax { value currency }
          total_item_discount { value currency }
        }
        is_gift
        parent_gift_sku
        qty_increments
        tradeIn
        subscription
        subscription_frequency_weeks
        subscription_frequencies_weeks
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
      total_after_trial { value currency }
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
        price_excl_tax { value currency }
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

export const REMOVE_ITEM_MUTATION = operation('RemoveItemFromCart', withFragments(gql`
  mutation RemoveItemFromCart($cartId: String!, $uid: ID!) {
    removeItemFromCart(input: { cart_id: $cartId, cart_item_uid: $uid }) {
      cart {
        ...CartFields
      }
    }
  }
`, CART_FRAGMENT));
