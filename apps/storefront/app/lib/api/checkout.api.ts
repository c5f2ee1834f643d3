import type { GraphqlClient } from './client';
import { isOrderAttributePlacement, type OrderAttributePlacement } from '@ember/contracts';
import type { CheckoutAgreementsQuery, OrderAttributesQuery } from './graphql.generated';
import { CART_FRAGMENT, cartFrom, type AddressInput, type Cart, type PickupLocation, type PlacedOrder, type SavedAddressRef } from './cart.api';
import { gql, operation, withFragments } from './gql';

/*
 * The checkout's steps on a cart (Magento 2.4's checkout mutations): addresses, methods, agreements
 * and the order. Apart from the cart's own calls (`cart.api.ts`) so that only the checkout's pages
 * load them.
 */

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
 * Places the order with the order attributes' values. `idempotencyKey` names the attempt: sent again on a retry (a timeout, a lost
 * answer), the server answers what it answered the first time instead of ordering twice.
 */
export async function placeOrder(client: GraphqlClient, cartId: string, idempotencyKey?: string, attributes: OrderAttributeValue[] = []): Promise<PlacedOrder> {
  const data = await client.request(PLACE_ORDER_MUTATION, { cartId, attributes }, idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {});
  const out = data.placeOrder;
  const refusal = out?.errors.find((e) => e !== null);
  if (refusal) throw new PlaceOrderError(refusal.code, refusal.message);
  if (!out?.order) throw new PlaceOrderError('UNDEFINED', 'The order was not placed');
  return { number: out.order.order_number, id: out.order.entity_id };
}

type OrderAttributeItem = NonNullable<NonNullable<NonNullable<OrderAttributesQuery['attributesList']>['items']>[number]>;

/** An order attribute's form as the checkout renders it, at one of the placements of spec §2. */
export type OrderAttribute = Extract<OrderAttributeItem, { __typename: 'OrderAttributeMetadata' }> & { placement: OrderAttributePlacement };

/** A value for placeOrder (Magento's AttributeValueInput). */
export interface OrderAttributeValue {
  attribute_code: string;
  value: string;
}

/**
 * The store view's order attributes in their placements' order. One at a placement the checkout does
 * not know is dropped with a warning and not rendered (spec §2, §5; docs/decisions/0074).
 */
export async function listOrderAttributes(client: GraphqlClient): Promise<OrderAttribute[]> {
  const data = await client.request(ORDER_ATTRIBUTES_QUERY);
  const out: OrderAttribute[] = [];
  for (const item of data.attributesList?.items ?? []) {
    if (item?.__typename !== 'OrderAttributeMetadata') continue;
    if (isOrderAttributePlacement(item.placement)) out.push(item as OrderAttribute);
    else console.warn(`order attribute ${item.code} dropped: unknown placement ${item.placement}`);
  }
  return out.sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
}

/** The stores a shopper can collect from in this store view's countries. */
export async function listPickupLocations(client: GraphqlClient): Promise<PickupLocation[]> {
  const data = await client.request(PICKUP_LOCATIONS_QUERY);
  return (data.pickupLocations?.items ?? []).filter((l): l is PickupLocation => !!l?.pickup_location_code);
}

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
  mutation PlaceOrder($cartId: String!, $attributes: [AttributeValueInput!]) {
    placeOrder(input: { cart_id: $cartId, additional_attributes: $attributes }) {
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

export const ORDER_ATTRIBUTES_QUERY = operation('OrderAttributes', gql`
  query OrderAttributes {
    attributesList(entityType: SALES_ORDER) {
      items {
        __typename
        code
        label
        frontend_input
        is_required
        default_value
        options {
          label
          value
        }
        ... on OrderAttributeMetadata {
          placement
          sort_order
          placeholder
          description
          validate_rules {
            name
            value
          }
        }
      }
    }
  }
`);
