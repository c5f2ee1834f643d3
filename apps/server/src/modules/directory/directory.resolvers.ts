import { AppError } from '../../platform/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { QueryCountryArgs, QueryResolvers } from '../../graphql/generated/schema-types.js';
import { findStoreCountries, type CountryRow } from './directory.store.js';

function toCountry(c: CountryRow) {
  return {
    id: c.id,
    two_letter_abbreviation: c.id,
    three_letter_abbreviation: c.three_letter_abbreviation,
    full_name_english: c.full_name_english,
    full_name_locale: c.full_name_locale,
    available_regions: c.regions ?? null,
  };
}

function currencySymbol(currency: string, locale: string): string {
  const part = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}

export const directoryResolvers = {
  Query: {
    async countries(_: unknown, __: unknown, ctx: GraphQLContext) {
      return (await findStoreCountries(ctx.db, ctx.store.code, ctx.store.language)).map(toCountry);
    },
    async country(_: unknown, args: QueryCountryArgs, ctx: GraphQLContext) {
      const id = (args.id ?? '').toUpperCase();
      const found = (await findStoreCountries(ctx.db, ctx.store.code, ctx.store.language)).find((c) => c.id === id);
      if (!found) throw new AppError('ENTITY_NOT_FOUND', "The country isn't available.");
      return toCountry(found);
    },
    currency(_: unknown, __: unknown, ctx: GraphQLContext) {
      const code = ctx.store.base_currency_code;
      const symbol = currencySymbol(code, ctx.store.locale);
      return {
        base_currency_code: code,
        base_currency_symbol: symbol,
        default_display_currency_code: code,
        default_display_currency_symbol: symbol,
        available_currency_codes: [code],
        exchange_rates: [{ currency_to: code, rate: 1 }],
      };
    },
  } satisfies QueryResolvers,
};
