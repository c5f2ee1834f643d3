import type { GraphqlClient } from './client';
import type { Money } from './catalog.types';
import { gql } from './gql';

/**
 * The signed-in customer's orders over the commerce GraphQL (Magento's `customer.orders`, the
 * shop's `customerOrder`, `cancelOrder`, `setPaymentMethodOnOrder`): the only code that calls
 * them. Use the cart client (POST with the session cookie): orders are never read from a cache.
 */

export interface OrderSummary {
  number: string;
  entity_id: string;
  order_date: string;
  status: string;
  status_code: string;
  is_cancelable: boolean;
  total: { grand_total: Money } | null;
}

export interface OrderDetail extends OrderSummary {
  email: string | null;
  carrier: string | null;
  shipping_method: string | null;
  items: ({
    id: string;
    product_name: string | null;
    product_sku: string;
    quantity_ordered: number | null;
    product_sale_price_including_tax: Money | null;
    row_total_including_tax: Money | null;
    selected_options: ({ label: string; value: string } | null)[] | null;
    /** A bundle's chosen products (BundleOrderItem). */
    bundle_options?: ({ label: string; values: ({ product_name: string; quantity: number } | null)[] | null } | null)[] | null;
  } | null)[] | null;
  total: {
    grand_total: Money;
    subtotal_including_tax: Money | null;
    total_shipping: Money;
    discounts: ({ label: string; amount: Money } | null)[] | null;
    taxes: ({ title: string; amount: Money } | null)[] | null;
  } | null;
  shipping_address: {
    firstname: string;
    lastname: string;
    street: (string | null)[];
    city: string;
    postcode: string | null;
    pickup_location_name: string | null;
  } | null;
  payment_methods: ({ name: string; method_code: string | null } | null)[] | null;
  /** The legal texts and versions accepted when the order was placed. */
  accepted_agreements: { identifier: string; title: string; version: number }[];
}

export interface OrdersPage {
  items: OrderSummary[];
  totalCount: number;
  totalPages: number;
}

/** Statuses in which the order still waits for a payment the customer can make again. */
export const PAYABLE_STATUSES = ['pending_payment', 'payment_failed'] as const;

export async function listOrders(client: GraphqlClient, page: number, pageSize = 10): Promise<OrdersPage> {
  const data = await client.request<{
    customer: { orders: { total_count: number | null; page_info: { total_pages: number | null } | null; items: (OrderSummary | null)[] } | null } | null;
  }>(CUSTOMER_ORDERS_QUERY, { pageSize, currentPage: page });
  const orders = data.customer?.orders;
  return {
    items: (orders?.items ?? []).filter((o): o is OrderSummary => o !== null),
    totalCount: orders?.total_count ?? 0,
    totalPages: orders?.page_info?.total_pages ?? 1,
  };
}

/** One of the customer's orders; null when they have none with this number (ORDER_NOT_FOUND). */
export async function findOrder(client: GraphqlClient, number: string): Promise<OrderDetail | null> {
  const data = await client.request<{ customerOrder: OrderDetail | null }>(CUSTOMER_ORDER_QUERY, { number }, { nullable: ['customerOrder'] });
  return data.customerOrder;
}

/** Cancels an order; a refusal (already shipped, ...) comes back as the server's words. */
export async function cancelOrder(client: GraphqlClient, entityId: string, reason: string): Promise<{ error: string | null }> {
  const data = await client.request<{ cancelOrder: { error: string | null } | null }>(CANCEL_ORDER_MUTATION, { id: entityId, reason });
  return { error: data.cancelOrder?.error ?? null };
}

/** Chooses the method to pay a failed order with again; the payment itself starts at the provider. */
export async function setPaymentMethodOnOrder(client: GraphqlClient, entityId: string, code: string): Promise<{ success: boolean; error: string | null }> {
  const data = await client.request<{ setPaymentMethodOnOrder: { success: boolean; error: string | null } | null }>(
    SET_PAYMENT_METHOD_ON_ORDER_MUTATION, { id: entityId, code },
  );
  return { success: data.setPaymentMethodOnOrder?.success ?? false, error: data.setPaymentMethodOnOrder?.error ?? null };
}

export const CUSTOMER_ORDERS_QUERY = gql`
  query CustomerOrders($pageSize: Int!, $currentPage: Int!) {
    customer {
      orders(pageSize: $pageSize, currentPage: $currentPage, sort: { sort_field: CREATED_AT, sort_direction: DESC }, scope: WEBSITE) {
        total_count
        page_info {
          total_pages
        }
        items {
          number
          entity_id
          order_date
          status
          status_code
          is_cancelable
          total {
            grand_total { value currency }
          }
        }
      }
    }
  }
`;

export const CUSTOMER_ORDER_QUERY = gql`
  query CustomerOrder($number: String!) {
    customerOrder(number: $number) {
      number
      entity_id
      order_date
      status
      status_code
      is_cancelable
      email
      carrier
      shipping_method
      items {
        id
        product_name
        product_sku
        quantity_ordered
        product_sale_price_including_tax { value currency }
        row_total_including_tax { value currency }
        selected_options {
          label
          value
        }
        ... on BundleOrderItem {
          bundle_options {
            label
            values {
              product_name
              quantity
            }
          }
        }
      }
      total {
        grand_total { value currency }
        subtotal_including_tax { value currency }
        total_shipping { value currency }
        discounts {
          label
          amount { value currency }
        }
        taxes {
          title
          amount { value currency }
        }
      }
      shipping_address {
        firstname
        lastname
        street
        city
        postcode
        pickup_location_name
      }
      payment_methods {
        name
        method_code
      }
      accepted_agreements {
        identifier
        title
        version
      }
    }
  }
`;

export const CANCEL_ORDER_MUTATION = gql`
  mutation CancelOrder($id: ID!, $reason: String!) {
    cancelOrder(input: { order_id: $id, reason: $reason }) {
      error
      order {
        number
        status
        status_code
        is_cancelable
      }
    }
  }
`;

export const SET_PAYMENT_METHOD_ON_ORDER_MUTATION = gql`
  mutation SetPaymentMethodOnOrder($id: ID!, $code: String!) {
    setPaymentMethodOnOrder(input: { order_id: $id, payment_method: { code: $code } }) {
      success
      error
      order {
        number
        status_code
      }
    }
  }
`;
