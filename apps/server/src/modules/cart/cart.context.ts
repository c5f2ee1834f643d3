import { CART_CONTEXT_HEADER, CART_CONTEXTS, isCartContext, type CartContext } from '@ember/contracts';
import type { FastifyRequest } from 'fastify';
import type { GraphQLContext } from '../../graphql/context.js';
import { AppError } from '../../platform/errors.js';

/**
 * Spec §4's cart contexts: where a cart change was made (product page, mini cart, cart page,
 * checkout, an operator's tool), named by the `X-Cart-Context` header of a cart mutation
 * (docs/decisions/0072). Magento's mutation signatures stay as they are.
 */

/** The request's cart context: none without the header, refused when it names no context. */
export function cartContextOf(request: Pick<FastifyRequest, 'headers'>): CartContext | null {
  const raw = request.headers[CART_CONTEXT_HEADER];
  if (raw === undefined) return null;
  if (typeof raw === 'string' && isCartContext(raw)) return raw;
  throw new AppError('VALIDATION_FAILED', `X-Cart-Context must be one of ${CART_CONTEXTS.join(', ')}.`);
}

/**
 * Checks a line change's context before anything is read and records it with the change's name in
 * the request's log (no cart id, no customer: nothing that names a person).
 */
export function noteCartChange(ctx: GraphQLContext, change: string): CartContext | null {
  const context = cartContextOf(ctx.request);
  ctx.request.log.info({ cart_change: change, cart_context: context }, 'cart change');
  return context;
}
