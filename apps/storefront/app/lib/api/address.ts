import type { Address } from '@ember/contracts';

/**
 * The GraphQL API speaks Magento's address shapes (cart addresses with a `country` object, order
 * addresses without a country, street lines that may be null); the rest of the storefront works
 * with the one `Address` of `@ember/contracts`. These map between the two.
 */

/** What every GraphQL address of the cart and the orders carries. */
export interface GraphQLAddress {
  firstname: string;
  lastname: string;
  street: (string | null)[];
  city: string;
  postcode?: string | null;
  telephone?: string | null;
  country?: { code: string } | null;
  country_code?: string | null;
}

/** A GraphQL cart or order address as the one Address; `country` fills in when the shape has none. */
export function fromGraphQLAddress(a: GraphQLAddress, country = ''): Address {
  return {
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street.filter((line): line is string => line !== null),
    city: a.city,
    country_code: a.country?.code ?? a.country_code ?? country,
    ...(a.postcode ? { postcode: a.postcode } : {}),
    ...(a.telephone ? { telephone: a.telephone } : {}),
  };
}

/** The cart address input GraphQL takes (`CartAddressInput`), from an Address. */
export function toGraphQLAddressInput(a: Address, saveInAddressBook?: boolean) {
  return {
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street,
    city: a.city,
    ...(a.postcode ? { postcode: a.postcode } : {}),
    country_code: a.country_code,
    ...(a.telephone ? { telephone: a.telephone } : {}),
    ...(saveInAddressBook === undefined ? {} : { save_in_address_book: saveInAddressBook }),
  };
}

/** One line for lists and summaries: name, street lines, postcode and city. */
export function addressLine(a: Address): string {
  return [`${a.firstname} ${a.lastname}`, ...a.street.filter(Boolean), [a.postcode, a.city].filter(Boolean).join(' ')].join(', ');
}
