import { createGraphqlClient, GraphqlRequestError } from './client';
import type { GuestOrderQuery } from './graphql.generated';
import { gql, operation } from './gql';

/**
 * A guest's order lookup (Magento's `guestOrder`): the order number, the order's e-mail and the
 * billing last name. The only code that calls it; always a POST, so no answer is ever cached.
 */

export type GuestOrder = GuestOrderQuery['guestOrder'];

/** Why a lookup found nothing to show: no order matches, the order is an account's, input refused, too many tries, or the shop failed. */
export type GuestOrderRefusal = 'notFound' | 'signIn' | 'invalid' | 'tooMany' | 'failed';

export interface GuestOrderFacts {
  number: string;
  email: string;
  lastname: string;
}

export function guestOrderRefusal(error: unknown): GuestOrderRefusal {
  if (!(error instanceof GraphqlRequestError)) return 'failed';
  const code = error.errors[0]?.extensions?.code;
  if (code === 'ORDER_NOT_FOUND') return 'notFound';
  if (code === 'UNAUTHORISED') return 'signIn';
  if (code === 'VALIDATION_FAILED' || code === 'BAD_REQUEST') return 'invalid';
  if (code === 'RATE_LIMITED' || error.status === 429) return 'tooMany';
  return 'failed';
}

export async function findGuestOrder(store: string, facts: GuestOrderFacts, fetchImpl?: typeof fetch): Promise<GuestOrder> {
  const client = createGraphqlClient({ endpoint: '/graphql', store, method: 'POST', ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const data = await client.request(GUEST_ORDER_QUERY, { input: { number: facts.number.trim(), email: facts.email.trim(), postcode: '', lastname: facts.lastname.trim() } });
  return data.guestOrder;
}

export const GUEST_ORDER_QUERY = operation('GuestOrder', gql`
  query GuestOrder($input: OrderInformationInput!) {
    guestOrder(input: $input) {
      number
      order_date
      status
      carrier
      shipping_method
      items {
        id
        product_name
        quantity_ordered
        row_total_including_tax { value currency }
      }
      total {
        grand_total { value currency }
      }
      shipments {
        number
        tracking { carrier number track_url }
      }
    }
  }
`);
