import { AppError } from '../../platform/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { QueryResolvers } from '../../graphql/generated/schema-types.js';
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
        addresses: p.addresses.map((a) => ({
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
        })),
      };
    },
  } satisfies QueryResolvers,
};
