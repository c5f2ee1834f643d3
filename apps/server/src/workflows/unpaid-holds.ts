import { createHash } from 'node:crypto';
import { phrase } from '../platform/messages.js';
import type { Tx } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import type { Services } from '../services.js';
import type { OrderDraft, PlacedOrder } from '../modules/orders/orders.contract.js';

/** How many orders may wait for payment at once, per key kind (docs/decisions/0033). */
export interface UnpaidLimits {
  /** Per buyer e-mail: a customer's account e-mail or a guest's. */
  buyer: number;
  /** Per delivery address (country, postcode, street, city; names left out). */
  address: number;
  /** Per client address (the connection the order came from). */
  client: number;
}

export const DEFAULT_UNPAID_LIMITS: UnpaidLimits = { buyer: 3, address: 3, client: 10 };

type Kind = keyof UnpaidLimits;

function digest(kind: Kind, value: string): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url')}`;
}

const squash = (s: string | null | undefined) => (s ?? '').toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The keys an unpaid order is counted under. Digests only, so the keys repeat no personal data. A
 * pick-up store's address is shared by every shopper collecting there, so it is no key.
 */
export function holdKeysOf(draft: Pick<OrderDraft, 'email' | 'shipping_address'>, clientIp: string | null): Map<string, Kind> {
  const keys = new Map<string, Kind>();
  keys.set(digest('buyer', draft.email.trim().toLowerCase()), 'buyer');
  const a = draft.shipping_address;
  if (a && !a.pickup) {
    keys.set(digest('address', [a.country_code, squash(a.postcode), squash(a.street.join(' ')), squash(a.city)].join('|')), 'address');
  }
  if (clientIp) keys.set(digest('client', clientIp), 'client');
  return keys;
}

/**
 * placeOrder's stock-hold step, run after the order is written in its transaction: an order that
 * waits for payment is counted per buyer, delivery address and client address, and refused (the
 * whole placement rolls back, stock included) when any of them has more orders waiting than its
 * limit. Orders with nothing to pay hold nothing and pass.
 */
export async function holdForPayment(
  tx: Tx, services: Services, order: PlacedOrder, draft: OrderDraft, client: { ip: string | null; limits: UnpaidLimits },
): Promise<void> {
  if (draft.initial_status !== 'pending_payment') return;
  const keys = holdKeysOf(draft, client.ip);
  const counts = await services.orders.holdForPayment(tx, order.entity_id, [...keys.keys()]);
  const over = [...keys].filter(([key, kind]) => (counts.get(key) ?? 0) > client.limits[kind]).map(([, kind]) => kind);
  if (over.includes('buyer') || over.includes('address')) throw new AppError('UNABLE_TO_PLACE_ORDER', phrase('checkout.unpaidOrdersWaiting'));
  if (over.includes('client')) throw new AppError('UNABLE_TO_PLACE_ORDER', phrase('checkout.unpaidOrdersFromClient'));
}
