import type { TaxDisplay } from '../api/graphql.generated';

/**
 * Which of a cart amount's two figures the store view's tax display shows (spec §4,
 * docs/decisions/0074): the amount excluding tax for EXCLUDING; otherwise the amount including it,
 * with the amount excluding it to show beneath for BOTH (else null).
 */
export function taxShown<M>(display: TaxDisplay | null | undefined, incl: M, excl: M): [shown: M, beneath: M | null] {
  return display === 'EXCLUDING' ? [excl, null] : [incl, display === 'BOTH' ? excl : null];
}
