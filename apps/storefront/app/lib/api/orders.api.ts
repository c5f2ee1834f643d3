import type { GraphqlClient } from './client';
import type { CustomerOrderQuery, CustomerOrdersQuery } from './graphql.generated';
import { gql, operation } from './gql';

/**
 * The signed-in customer's orders over the commerce GraphQL (Magento's `customer.orders`, the
 * shop's `customerOrder`, `cancelOrder`, `setPaymentMethodOnOrder`): the only code that calls
 * them. Use the cart client (POST with the session cookie): orders are never read from a cache.
 */

/** An order as the customer's order list shows it. */
export type OrderSummary = NonNullable<NonNullable<NonNullable<CustomerOrdersQuery['customer']>['orders']>['items'][number]>;

type Order = NonNullable<CustomerOrderQuery['customerOrder']>;
type Item = NonNullable<NonNullable<Order['items']>[number]>;

/** An ordered line; a bundle's line names its chosen products (the document asks BundleOrderItem only). */
export type OrderItem = Item & Partial<Pick<Extract<Item, { bundle_options: unknown }>, 'bundle_options'>>;

/** Everything the order page shows. */
export type OrderDetail = Omit<Order, 'items'> & { items: (OrderItem | null)[] | null };

export interface OrdersPage {
  items: OrderSummary[];
  totalCount: number;
  totalPages: number;
}

/** Statuses in which the order still waits for a payment the customer can make again. */
export const PAYABLE_STATUSES = ['pending_payment', 'payment_failed'] as const;

/** The order history's page size when the store configuration cannot be read (Magento's default). */
export const DEFAULT_ORDERS_PAGE_SIZE = 10;

/** How many orders a page of the history shows: the store configuration's (spec §9), else the default. */
export async function fetchOrdersPageSize(client: GraphqlClient): Promise<number> {
  try {
    return (await client.request(ORDERS_PAGE_SIZE_QUERY)).storeConfig?.orders_page_size ?? DEFAULT_ORDERS_PAGE_SIZE;
  } catch {
    return DEFAULT_ORDERS_PAGE_SIZE;
  }
}

export async function listOrders(client: GraphqlClient, page: number, pageSize = DEFAULT_ORDERS_PAGE_SIZE): Promise<OrdersPage> {
  const data = await client.request(CUSTOMER_ORDERS_QUERY, { pageSize, currentPage: page });
  const orders = data.customer?.orders;
  return {
    items: (orders?.items ?? []).filter((o): o is OrderSummary => o !== null),
    totalCount: orders?.total_count ?? 0,
    totalPages: orders?.page_info?.total_pages ?? 1,
  };
}

/** One of the customer's orders; null when they have none with this number (ORDER_NOT_FOUND). */
export async function findOrder(client: GraphqlClient, number: string): Promise<OrderDetail | null> {
  const data = await client.request(CUSTOMER_ORDER_QUERY, { number }, { nullable: ['customerOrder'] });
  return data.customerOrder;
}

/** Cancels an order; a refusal (already shipped, ...) comes back as the server's words. */
export async function cancelOrder(client: GraphqlClient, entityId: string, reason: string): Promise<{ error: string | null }> {
  const data = await client.request(CANCEL_ORDER_MUTATION, { id: entityId, reason });
  return { error: data.cancelOrder?.error ?? null };
}

/** Chooses the method to pay a failed order with again; the payment itself starts at the provider. */
export async function setPaymentMethodOnOrder(client: GraphqlClient, entityId: string, code: string): Promise<{ success: boolean; error: string | null }> {
  const data = await client.request(
    SET_PAYMENT_METHOD_ON_ORDER_MUTATION, { id: entityId, code },
  );
  return { success: data.setPaymentMethodOnOrder?.success ?? false, error: data.setPaymentMethodOnOrder?.error ?? null };
}

export const CUSTOMER_ORDERS_QUERY = operation('CustomerOrders', gql`
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
`);

export const CUSTOMER_ORDER_QUERY = operation('CustomerOrder', gql`
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
      shipments {
        number
        tracking {
          carrier
          title
          number
        }
      }
    }
  }
`);

export const CANCEL_ORDER_MUTATION = operation('CancelOrder', gql`
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
`);

export const SET_PAYMENT_METHOD_ON_ORDER_MUTATION = operation('SetPaymentMethodOnOrder', gql`
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
`);

export const ORDERS_PAGE_SIZE_QUERY = operation('OrdersPageSize', gql`
  query OrdersPageSize {
    storeConfig {
      orders_page_size
    }
  }
`);
