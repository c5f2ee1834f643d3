import type { GraphqlClient } from './client';
import { gql, operation } from './gql';
import { compareNames } from '../locale';

/** A country a store view ships to, named in the store's language. */
export interface ShippingCountry {
  id: string;
  name: string;
}

/** The store view's allowed countries (Magento's `countries` answers only those), sorted by name. */
export async function listCountries(client: GraphqlClient, locale: string): Promise<ShippingCountry[]> {
  const byName = compareNames(locale);
  const data = await client.request(
    COUNTRIES_QUERY,
  );
  return (data.countries ?? [])
    .filter((c): c is { id: string; full_name_locale: string | null; full_name_english: string | null } => !!c?.id)
    .map((c) => ({ id: c.id, name: c.full_name_locale ?? c.full_name_english ?? c.id }))
    .sort((a, b) => byName(a.name, b.name));
}

const COUNTRIES_QUERY = operation('StoreCountries', gql`
  query StoreCountries {
    countries {
      id
      full_name_locale
      full_name_english
    }
  }
`);
