import { RequestReturnBodySchema, type ReturnView } from '@ember/contracts';
import type { GraphQLContext } from '../../graphql/context.js';
import type {
  CustomerOrderReturnsArgs, CustomerReturnsArgs, MutationRequestReturnArgs, RequestReturnOutputReturnsArgs,
} from '../../graphql/generated/schema-types.js';
import { AppError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { graphqlSession } from '../identity/identity.auth.js';

/**
 * Adobe Commerce's RMA GraphQL over the returns service (docs/decisions/0077): `customer.returns`,
 * `CustomerOrder.returns` and `requestReturn`. The customer is the session's; an order of another
 * customer answers ORDER_NOT_FOUND like a missing one.
 */

const uid = (raw: string) => Buffer.from(raw).toString('base64');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function customerUuid(ctx: GraphQLContext): Promise<string> {
  const session = await graphqlSession(ctx.services.identity, ctx.request);
  if (!session) throw new AppError('UNAUTHORISED', "The current customer isn't authorized.");
  return session.uuid;
}

function paging(args: { pageSize?: number | null; currentPage?: number | null }, max: number) {
  const pageSize = args.pageSize ?? 20;
  const currentPage = args.currentPage ?? 1;
  if (pageSize < 1 || pageSize > max) throw new AppError('VALIDATION_FAILED', `pageSize value must be between 1 and ${max}.`);
  if (currentPage < 1) throw new AppError('VALIDATION_FAILED', 'currentPage value must be greater than 0.');
  return { pageSize, currentPage };
}

function page(list: { items: ReturnView[]; total: number }, p: { pageSize: number; currentPage: number }) {
  return {
    items: list.items.map(present),
    total_count: list.total,
    page_info: { page_size: p.pageSize, current_page: p.currentPage, total_pages: Math.ceil(list.total / p.pageSize) },
  };
}

/** A return in Adobe's shape: its history as comments, lines with their order item. */
function present(r: ReturnView) {
  return {
    uid: uid(`return/${r.uid}`),
    number: r.number,
    status: r.status,
    created_at: r.created_at,
    items: r.items.map((i) => ({
      uid: uid(`return-item/${i.uid}`),
      quantity: i.quantity,
      request_quantity: i.request_quantity,
      status: i.status,
      order_item: { id: uid(`order-item/${i.order_item_uid}`), product_sku: i.product_sku, product_name: i.product_name },
    })),
    comments: r.history.map((h, n) => ({
      uid: uid(`return/${r.uid}/comment/${n}`),
      text: h.comment ? `${h.status}: ${h.comment}` : h.status,
      created_at: h.created_at,
      author_name: h.author === 'customer' ? 'Customer' : 'Ember',
    })),
  };
}

/** An order line's id as CustomerOrder.items gives it (base64 of `order-item/<uuid>`), or the bare uuid. */
function orderItemUuid(id: string): string {
  if (UUID.test(id)) return id;
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  const m = /^order-item\/([0-9a-f-]{36})$/i.exec(decoded);
  return m ? m[1]! : id;
}

export const returnsResolvers = {
  Customer: {
    async returns(parent: { uuid: string }, args: CustomerReturnsArgs, ctx: GraphQLContext) {
      const p = paging(args, ctx.config.GRAPHQL_MAX_PAGE_SIZE);
      return page(await ctx.services.returns.listForCustomer(ctx.db, parent.uuid, p.currentPage, p.pageSize), p);
    },
  },
  CustomerOrder: {
    async returns(parent: { entity_id: string }, args: CustomerOrderReturnsArgs, ctx: GraphQLContext) {
      const p = paging(args, ctx.config.GRAPHQL_MAX_PAGE_SIZE);
      // A guest's order (guestOrder) has no returns of a signed-in customer.
      const session = await graphqlSession(ctx.services.identity, ctx.request);
      if (!session) return { items: [], total_count: 0, page_info: { page_size: p.pageSize, current_page: p.currentPage, total_pages: 0 } };
      return page(await ctx.services.returns.listForOrder(ctx.db, session.uuid, parent.entity_id, p.currentPage, p.pageSize), p);
    },
  },
  RequestReturnOutput: {
    async returns(parent: { customer_uuid: string }, args: RequestReturnOutputReturnsArgs, ctx: GraphQLContext) {
      const p = paging(args, ctx.config.GRAPHQL_MAX_PAGE_SIZE);
      return page(await ctx.services.returns.listForCustomer(ctx.db, parent.customer_uuid, p.currentPage, p.pageSize), p);
    },
  },
  Mutation: {
    async requestReturn(_: unknown, { input }: MutationRequestReturnArgs, ctx: GraphQLContext) {
      const customer = await customerUuid(ctx);
      const order = await ctx.services.orders.getForCustomer(ctx.db, customer, input.order_uid);
      const parsed = RequestReturnBodySchema.safeParse({
        order_number: order.order_number,
        items: input.items.map((i) => ({ order_item_uid: orderItemUuid(i.order_item_uid), quantity: i.quantity_to_return })),
        reason: input.reason ?? 'other',
        ...(input.comment_text ? { comment: input.comment_text } : {}),
        method: input.drop_off_store_id ? { type: 'drop_off', store_id: input.drop_off_store_id } : { type: 'label' },
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('VALIDATION_FAILED', `${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`);
      }
      const created = await inTransaction(ctx.db, (tx) => ctx.services.returns.request(tx, customer, parsed.data));
      return { return: present(created), customer_uuid: customer };
    },
  },
};
