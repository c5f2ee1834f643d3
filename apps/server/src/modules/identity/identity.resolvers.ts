import { AppError } from '../../platform/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { MutationGenerateCustomerTokenArgs, MutationResolvers, QueryResolvers } from '../../graphql/generated/schema-types.js';
import { clientIp } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import { customerAddressOf, identityAddressResolvers } from './identity.address-resolvers.js';
import { graphqlSession } from './identity.auth.js';

const GENDER_CODES: Record<string, number> = { male: 1, female: 2, unspecified: 3, diverse: 3 };

/** Magento's `customer` query: the signed-in customer of the bearer token (the login's magento_token) or the session cookie. */
export const identityResolvers = {
  Query: {
    async customer(_: unknown, __: unknown, ctx: GraphQLContext) {
      const session = await graphqlSession(ctx.services.identity, ctx.request);
      if (!session) throw new AppError('UNAUTHORISED', "The current customer isn't authorized.");
      const p = await ctx.services.identity.profile(session.uuid);
      const billing = p.addresses.find((a) => a.is_default_billing);
      const shipping = p.addresses.find((a) => a.is_default_shipping);
      return {
        uuid: p.uuid,
        firstname: p.personalInfo.firstname,
        lastname: p.personalInfo.lastname,
        email: p.personalInfo.email,
        date_of_birth: p.personalInfo.dob,
        gender: p.personalInfo.gender ? GENDER_CODES[p.personalInfo.gender] : null,
        telephone: p.personalInfo.telephone,
        is_age_verified: p.is_age_verified,
        created_at: null,
        confirmation_status: 'ACCOUNT_CONFIRMATION_NOT_REQUIRED',
        default_billing: billing ? String(billing.id) : null,
        default_shipping: shipping ? String(shipping.id) : null,
        addresses: p.addresses.map(customerAddressOf),
      };
    },
  } satisfies QueryResolvers,
  Mutation: {
    ...identityAddressResolvers.Mutation,
    /**
     * Magento's generateCustomerToken: the same sign-in as the account families (one attempt budget,
     * one answer for an unknown address and a wrong password, INACTIVE only after the right password);
     * the token is a bearer token, no cookie is set.
     */
    async generateCustomerToken(_: unknown, args: MutationGenerateCustomerTokenArgs, ctx: GraphQLContext) {
      const email = args.email.trim().toLowerCase().slice(0, 254);
      await ctx.services.limits.login(ctx.request, email);
      const checked = await ctx.services.identity.checkCredentials(email, args.password.slice(0, 1024));
      const session = await inTransaction(ctx.db, (tx) => ctx.services.identity.login(tx, checked, {
        ip: clientIp(ctx.request), userAgent: ctx.request.headers['user-agent'] ?? null,
      }));
      return { token: session.token };
    },
    /** Magento's revokeCustomerToken: ends the session of the token (or cookie) the call carries. */
    async revokeCustomerToken(_: unknown, __: unknown, ctx: GraphQLContext) {
      const session = await graphqlSession(ctx.services.identity, ctx.request);
      if (!session) throw new AppError('UNAUTHORISED', "The current customer isn't authorized.");
      await inTransaction(ctx.db, (tx) => ctx.services.identity.logout(tx, session));
      return { result: true };
    },
  } satisfies MutationResolvers,
};
