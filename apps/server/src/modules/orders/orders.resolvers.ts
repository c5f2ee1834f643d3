import { paymentMethodTitle } from '../payments/payments.methods.js';
import { AppError } from '../../platform/errors.js';
import { say } from '../../platform/messages.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type {
  CustomerOrdersArgs, MutationCancelOrderArgs, MutationCancelorderArgs, MutationResolvers, MutationSetPaymentMethodOnOrderArgs,
  MutationUpdatePaymentMethodArgs, QueryAttributesListArgs, QueryCustomAttributeMetadataV2Args, QueryCustomerOrderArgs,
  QueryExportedOrderArgs, QueryGuestOrderArgs, QueryResolvers,
} from '../../graphql/generated/schema-types.js';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';
import { graphqlSession } from '../identity/identity.auth.js';
import type { OrderView } from './orders.service.js';
import { attributeMetadata, customerOrder, exportedOrder } from './orders.mapper.js';
import { inTransaction } from '../../platform/transaction.js';

/** The signed-in customer of the bearer token (the login's magento_token) or the storefront's session cookie. */
async function customerUuid(ctx: GraphQLContext): Promise<string> {
  const session = await graphqlSession(ctx.services.identity, ctx.request);
  if (!session) throw new AppError('UNAUTHORISED', "The current customer isn't authorized.");
  return session.uuid;
}

async function present(ctx: GraphQLContext, views: OrderView[]) {
  const [statuses, stores] = await Promise.all([ctx.services.orders.statuses(ctx.store.language), ctx.services.stores.list()]);
  const trialStores = new Set(stores.filter((s) => s.is_trial).map((s) => s.code));
  return views.map((v) =>
    customerOrder(v, statuses, {
      trialStores,
      paymentTitle: (code) => paymentMethodTitle(code, ctx.store.language),
      cancellationEnabled: stores.find((s) => s.code === v.order.store_code)?.order_cancellation_enabled ?? false,
    }),
  );
}

function strings(values: (string | null)[] | null | undefined, max: number): string[] | undefined {
  if (!values) return undefined;
  if (values.length > max) throw new AppError('VALIDATION_FAILED', `A filter list may hold at most ${max} values`);
  return values.filter((v): v is string => typeof v === 'string');
}

async function cancel(ctx: GraphQLContext, ref: string, reasonText: string) {
  const uuid = await customerUuid(ctx);
  const reason = reasonText.trim().slice(0, 500) || null;
  try {
    const row = await inTransaction(ctx.db, (tx) => ctx.services.orders.cancelByCustomer(tx, uuid, ref, reason));
    return { error: null, order: (await present(ctx, await ctx.services.orders.views(ctx.db, [row])))[0] };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ORDER_NOT_CANCELABLE') throw err;
    // Magento reports a refused cancellation in the payload, with the order as it stands.
    const view = await ctx.services.orders.viewForCustomer(uuid, ref);
    return { error: say(err, ctx.store), order: (await present(ctx, [view]))[0] };
  }
}

async function changePaymentMethod(ctx: GraphQLContext, ref: string, methodCode: string) {
  const uuid = await customerUuid(ctx);
  try {
    const row = await inTransaction(ctx.db, (tx) => ctx.services.orders.updatePaymentMethod(tx, uuid, ref, methodCode));
    return { success: true, error: null, order: (await present(ctx, await ctx.services.orders.views(ctx.db, [row])))[0] };
  } catch (err) {
    if (!(err instanceof AppError) || (err.code !== 'ORDER_NOT_PAYABLE' && err.code !== 'VALIDATION_FAILED')) throw err;
    const view = await ctx.services.orders.viewForCustomer(uuid, ref);
    return { success: false, error: say(err, ctx.store), order: (await present(ctx, [view]))[0] };
  }
}

const GUEST_LOOKUP_WINDOW_MS = 3_600_000;

/** Guest order lookups per client address and per order number, so neither facts nor numbers can be tried at scale. */
function limitGuestLookups(ctx: GraphQLContext, number: string): Promise<void> {
  return enforce(ctx.services.limiter, [
    { key: `guest-order:ip:${clientIp(ctx.request)}`, limit: Math.round(20 * ctx.config.RATE_LIMIT_IP_FACTOR), windowMs: GUEST_LOOKUP_WINDOW_MS },
    { key: `guest-order:number:${number.trim().toUpperCase().slice(0, 64)}`, limit: 10, windowMs: GUEST_LOOKUP_WINDOW_MS },
  ]);
}

function checkedText(value: string | null | undefined, field: string, max: number): string | null {
  if (value == null) return null;
  if (value.length > max) throw new AppError('VALIDATION_FAILED', `"${field}" may be at most ${max} characters.`, { fields: { [field]: 'invalid' } });
  return value;
}

/** Magento's attribute filters; an order attribute has none of these properties, so each one given is FILTER_NOT_FOUND. */
function unknownFilters(filters: Record<string, unknown> | null | undefined, entity: string) {
  return Object.entries(filters ?? {})
    .filter(([, v]) => v != null)
    .map(([name]) => ({ type: 'FILTER_NOT_FOUND' as const, message: `Cannot filter by "${name}" as that field does not belong to "${entity}".` }));
}

export const ordersResolvers = {
  Customer: {
    /** Magento's customer.orders: the signed-in customer's orders of the scope (store view by default). */
    async orders(parent: { uuid: string }, args: CustomerOrdersArgs, ctx: GraphQLContext) {
      const max = ctx.config.GRAPHQL_MAX_PAGE_SIZE;
      const pageSize = args.pageSize ?? 20;
      const currentPage = args.currentPage ?? 1;
      if (pageSize < 1) throw new AppError('VALIDATION_FAILED', 'pageSize value must be greater than 0.');
      if (pageSize > max) throw new AppError('VALIDATION_FAILED', `pageSize value must be at most ${max}.`);
      if (currentPage < 1) throw new AppError('VALIDATION_FAILED', 'currentPage value must be greater than 0.');
      const views = await ctx.services.stores.list();
      let storeCodes: string[] | null =
        args.scope === 'GLOBAL' ? null
        : args.scope === 'WEBSITE' ? views.filter((v) => v.website_code === ctx.store.website_code).map((v) => v.code)
        : [ctx.store.code];
      const type = args.filter?.order_type;
      if (type) {
        const wanted = new Set([...(type.eq ? [type.eq] : []), ...(strings(type.in, max) ?? [])].map((t) => t.toUpperCase()));
        const matching = views.filter((v) => wanted.has(v.is_trial ? 'TRIAL' : 'REGULAR')).map((v) => v.code);
        storeCodes = storeCodes ? storeCodes.filter((c) => matching.includes(c)) : matching;
      }
      const number = args.filter?.number;
      const { views: found, total } = await ctx.services.orders.listForCustomer({
        customer_uuid: parent.uuid,
        store_codes: storeCodes,
        number: number ? { eq: number.eq ?? undefined, in: strings(number.in, max), match: number.match ?? undefined } : null,
        statuses: null,
        sort_field: args.sort?.sort_field === 'NUMBER' ? 'number' : 'created_at',
        sort_direction: args.sort?.sort_direction ?? 'DESC',
        limit: pageSize,
        offset: (currentPage - 1) * pageSize,
      });
      const totalPages = Math.ceil(total / pageSize);
      return {
        items: await present(ctx, found),
        total_count: total,
        page_info: { page_size: pageSize, current_page: currentPage, total_pages: totalPages },
      };
    },
  },
  Query: {
    async orderStatuses(_: unknown, __: unknown, ctx: GraphQLContext) {
      const statuses = await ctx.services.orders.statuses(ctx.store.language);
      return statuses.map((s) => ({ status_value: s.code, status_label: s.label, cancelable: s.cancelable }));
    },
    async customerOrder(_: unknown, args: QueryCustomerOrderArgs, ctx: GraphQLContext) {
      const uuid = await customerUuid(ctx);
      return (await present(ctx, [await ctx.services.orders.viewForCustomer(uuid, args.number)]))[0];
    },
    async exportedOrder(_: unknown, args: QueryExportedOrderArgs, ctx: GraphQLContext) {
      const uuid = await customerUuid(ctx);
      return exportedOrder(await ctx.services.orders.viewForCustomer(uuid, args.orderNumber));
    },
    async orderDeliveryLimits(_: unknown, __: unknown, ctx: GraphQLContext) {
      return ctx.services.orders.deliveryLimits(ctx.store.code);
    },
    async attributesList(_: unknown, args: QueryAttributesListArgs, ctx: GraphQLContext) {
      if (args.entityType !== 'SALES_ORDER') {
        return { items: [], errors: [{ type: 'ENTITY_NOT_FOUND', message: `Entity "${args.entityType}" is not served here.` }] };
      }
      const errors = unknownFilters(args.filters, args.entityType);
      if (errors.length) return { items: [], errors };
      const attributes = await ctx.services.orders.attributes(ctx.store.code);
      return { items: attributes.map(attributeMetadata), errors: [] };
    },
    /** Magento's customAttributeMetadataV2 for the order attributes: an unknown code is ATTRIBUTE_NOT_FOUND, another entity ENTITY_NOT_FOUND. */
    async customAttributeMetadataV2(_: unknown, args: QueryCustomAttributeMetadataV2Args, ctx: GraphQLContext) {
      const asked = (args.attributes ?? []).slice(0, 1 + ctx.config.GRAPHQL_MAX_PAGE_SIZE);
      if (asked.length > ctx.config.GRAPHQL_MAX_PAGE_SIZE) throw new AppError('VALIDATION_FAILED', `At most ${ctx.config.GRAPHQL_MAX_PAGE_SIZE} attributes can be asked for at once.`);
      const attributes = await ctx.services.orders.attributes(ctx.store.code);
      const items: ReturnType<typeof attributeMetadata>[] = [];
      const errors: { type: 'ENTITY_NOT_FOUND' | 'ATTRIBUTE_NOT_FOUND'; message: string }[] = [];
      for (const a of asked) {
        const entity = (a.entity_type ?? '').trim().toLowerCase().slice(0, 64);
        const code = (a.attribute_code ?? '').trim().slice(0, 64);
        if (entity !== 'sales_order') {
          errors.push({ type: 'ENTITY_NOT_FOUND', message: `Entity "${entity}" could not be found.` });
          continue;
        }
        const found = attributes.find((x) => x.code === code);
        if (found) items.push(attributeMetadata(found));
        else errors.push({ type: 'ATTRIBUTE_NOT_FOUND', message: `Attribute code "${code}" could not be found.` });
      }
      return { items, errors };
    },
    /**
     * Magento's guestOrder: the order whose number, e-mail and billing postcode (or, as in 2.4.8, last
     * name) match; any mismatch is one ORDER_NOT_FOUND. Counted per client address and per number.
     */
    async guestOrder(_: unknown, args: QueryGuestOrderArgs, ctx: GraphQLContext) {
      const { input } = args;
      const number = checkedText(input.number, 'number', 64)!;
      const email = checkedText(input.email, 'email', 254)!;
      const postcode = checkedText(input.postcode, 'postcode', 20);
      const lastname = checkedText(input.lastname, 'lastname', 80);
      if (!postcode?.trim() && !lastname?.trim()) throw new AppError('VALIDATION_FAILED', 'Give the billing postcode or last name.', { fields: { postcode: 'required' } });
      await limitGuestLookups(ctx, number);
      return (await present(ctx, [await ctx.services.orders.viewForGuest({ number, email, postcode, lastname })]))[0];
    },
  } satisfies QueryResolvers,
  Mutation: {
    /** Magento's cancelOrder; order_id is the order's entity_id, its uid or its number. */
    async cancelOrder(_: unknown, args: MutationCancelOrderArgs, ctx: GraphQLContext) {
      return cancel(ctx, args.input.order_id, args.input.reason);
    },
    /** The spec's cancelorder(orderNumber): cancelOrder with no reason. */
    async cancelorder(_: unknown, args: MutationCancelorderArgs, ctx: GraphQLContext) {
      return cancel(ctx, args.orderNumber, '');
    },
    async setPaymentMethodOnOrder(_: unknown, args: MutationSetPaymentMethodOnOrderArgs, ctx: GraphQLContext) {
      return changePaymentMethod(ctx, args.input.order_id, args.input.payment_method.code);
    },
    /** The spec's updatePaymentMethod(orderId, methodCode) { success }. */
    async updatePaymentMethod(_: unknown, args: MutationUpdatePaymentMethodArgs, ctx: GraphQLContext) {
      return changePaymentMethod(ctx, args.orderId, args.methodCode);
    },
  } satisfies MutationResolvers,
  OrderItemInterface: { resolveType: (i: { __typename: string }) => i.__typename },
  AttributeValueInterface: { resolveType: () => 'AttributeValue' },
  CustomAttributeMetadataInterface: { resolveType: () => 'OrderAttributeMetadata' },
  CustomAttributeOptionInterface: { resolveType: () => 'AttributeOptionMetadata' },
};
