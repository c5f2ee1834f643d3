import { AddressInputSchema, type AddressInput, type SavedAddress } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type {
  CustomerAddressInput, MutationCreateCustomerAddressArgs, MutationDeleteCustomerAddressArgs, MutationResolvers,
  MutationUpdateCustomerAddressArgs,
} from '../../graphql/generated/schema-types.js';
import { graphqlSession } from './identity.auth.js';

async function customerUuid(ctx: GraphQLContext): Promise<string> {
  const session = await graphqlSession(ctx.services.identity, ctx.request);
  if (!session) throw new AppError('UNAUTHORISED', "The current customer isn't authorized.");
  return session.uuid;
}

/** Magento's CustomerAddress of an address-book entry. */
export function customerAddressOf(a: SavedAddress) {
  return {
    id: a.id,
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street,
    city: a.city,
    postcode: a.postcode ?? null,
    country_code: a.country_code,
    region: a.region ? { region: a.region, region_code: null, region_id: null } : null,
    telephone: a.telephone ?? null,
    default_billing: a.is_default_billing,
    default_shipping: a.is_default_shipping,
  };
}

/**
 * The address-book write a CustomerAddressInput asks for, laid over `base` (the entry as it stands, for
 * an update: Magento changes only the fields sent), checked by the same contract as the REST families.
 */
export function addressInputOf(input: CustomerAddressInput, base: Partial<AddressInput> = {}): AddressInput {
  const drop = <T>(v: T | null | undefined) => (v == null ? undefined : v);
  const street = input.street?.filter((s): s is string => s != null);
  const region = input.region ? drop(input.region.region) ?? drop(input.region.region_code) : undefined;
  const candidate = {
    ...base,
    ...(input.firstname != null ? { firstname: input.firstname } : {}),
    ...(input.lastname != null ? { lastname: input.lastname } : {}),
    ...(street ? { street } : {}),
    ...(input.city != null ? { city: input.city } : {}),
    ...(input.postcode != null ? { postcode: input.postcode } : {}),
    ...((input.country_code ?? input.country_id) != null ? { country_code: input.country_code ?? input.country_id } : {}),
    ...(region !== undefined ? { region } : {}),
    ...(input.telephone != null ? { telephone: input.telephone } : {}),
    ...(input.default_billing != null ? { is_default_billing: input.default_billing } : {}),
    ...(input.default_shipping != null ? { is_default_shipping: input.default_shipping } : {}),
  };
  const parsed = AddressInputSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'input';
    throw new AppError('VALIDATION_FAILED', `"${field}" is missing or invalid.`, { fields: { [field]: 'invalid' } });
  }
  return parsed.data;
}

/** Magento's address-book mutations for the signed-in customer; an id of another customer's entry answers like a missing one. */
export const identityAddressResolvers = {
  Mutation: {
    async createCustomerAddress(_: unknown, args: MutationCreateCustomerAddressArgs, ctx: GraphQLContext) {
      const uuid = await customerUuid(ctx);
      const input = addressInputOf(args.input);
      const saved = await inTransaction(ctx.db, (tx) => ctx.services.identity.addAddress(tx, uuid, input, ctx.store.default_country));
      return customerAddressOf(saved);
    },
    async updateCustomerAddress(_: unknown, args: MutationUpdateCustomerAddressArgs, ctx: GraphQLContext) {
      const uuid = await customerUuid(ctx);
      if (!args.input) throw new AppError('VALIDATION_FAILED', '"input" value must be specified');
      const input = args.input;
      const saved = await inTransaction(ctx.db, async (tx) => {
        const current = (await ctx.services.identity.addresses(uuid, tx)).find((a) => a.id === args.id);
        if (!current) throw new AppError('NOT_FOUND', `Could not find a address with ID "${args.id}"`);
        const { id: _id, isSubscription: _s, is_default_billing: _b, is_default_shipping: _d, ...base } = current;
        return ctx.services.identity.updateAddress(tx, uuid, args.id, addressInputOf(input, base), ctx.store.default_country);
      });
      return customerAddressOf(saved);
    },
    async deleteCustomerAddress(_: unknown, args: MutationDeleteCustomerAddressArgs, ctx: GraphQLContext) {
      const uuid = await customerUuid(ctx);
      await inTransaction(ctx.db, (tx) => ctx.services.identity.deleteAddress(tx, uuid, args.id));
      return true;
    },
  } satisfies MutationResolvers,
};
