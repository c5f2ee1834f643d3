import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { Form, Link, useSubmit } from 'react-router';
import type { Facet, ListingFilters as Filters, ListingSort } from '../../lib/api/catalog.api';
import { FACET_PARAMS, LISTING_SORTS, listingSearch, tidyListingSearch, type FacetParam } from '../../lib/catalog/listing-params';

interface ListingFiltersProps {
  /** The listing's own path: the form asks it again with the choices in the query string. */
  action: string;
  facets: Facet[];
  sort: ListingSort;
  /** The filters in force (undefined when the URL's could not be applied). */
  filters: Filters | undefined;
  currency: string;
  locale: string;
}

const EMPTY: Filters = { flavor: [], intensity: [], color: [], priceFrom: null, priceTo: null };
const PARAM_OF = Object.fromEntries(Object.entries(FACET_PARAMS).map(([param, code]) => [code, param])) as Record<string, FacetParam>;

/**
 * Sorting and filtering as a plain GET form: without JavaScript "Apply" reloads the listing with
 * the choices in the URL; with it, a changed box or order applies at once through the router.
 * Each chosen value also shows as a link that removes it, and the whole URL can be shared.
 */
export function ListingFilters({ action, facets, sort, filters = EMPTY, currency, locale }: ListingFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const submit = useSubmit();
  const active = facets.flatMap((facet) => {
    const chosen = (filters as unknown as Record<string, string[]>)[facet.attribute_code] ?? [];
    return chosen.map((value) => ({ facet, value, label: optionLabel(facet, value) }));
  });
  const priceActive = filters.priceFrom !== null || filters.priceTo !== null;
  const chosenCount = active.length + (priceActive ? 1 : 0);
  const symbol = currencySymbol(currency, locale);

  function optionLabel(facet: Facet, value: string): string {
    if (facet.attribute_code === 'intensity') return t(`catalog.filters.intensityValue.${value}`, { defaultValue: value });
    return facet.options.find((o) => o.value === value)?.label ?? value;
  }

  const without = (code: string, value: string | null) => {
    const next: Filters = { ...filters, flavor: [...filters.flavor], intensity: [...filters.intensity], color: [...filters.color] };
    if (code === 'price') {
      next.priceFrom = null;
      next.priceTo = null;
    } else {
      const key = code as 'flavor' | 'intensity' | 'color';
      next[key] = next[key].filter((v) => v !== value);
    }
    const qs = listingSearch({ sort, filters: next }).toString();
    return qs ? `${action}?${qs}` : action;
  };

  // With JavaScript, a ticked box or a new order applies at once; typed prices wait for "Apply".
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.type === 'checkbox' || target.tagName === 'SELECT') {
      const fields = new URLSearchParams();
      for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') fields.append(key, value);
      submit(tidyListingSearch(fields), { method: 'get', action, preventScrollReset: true });
    }
  };

  return (
    <Form method="get" action={action} className="listing-filters" onChange={onChange} aria-label={t('catalog.filters.formLabel')}>
      <div className="listing-filters__bar">
        <div className="listing-filters__sort">
          <label htmlFor={`${id}-sort`}>{t('catalog.sort.label')}</label>
          <select id={`${id}-sort`} name="sort" defaultValue={sort} key={sort} className="field__input">
            {LISTING_SORTS.map((s) => (
              <option key={s} value={s}>{t(`catalog.sort.${s}`)}</option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="button button--secondary">{t('catalog.sort.apply')}</button>
        </noscript>
      </div>
      <details className="listing-filters__panel">
        <summary>
          {t('catalog.filters.toggle')}
          {chosenCount > 0 && <span className="listing-filters__count"> ({chosenCount})</span>}
        </summary>
        <div className="listing-filters__groups">
          {facets.map((facet) => {
            const param = PARAM_OF[facet.attribute_code];
            if (!param) return null;
            const chosen = (filters as unknown as Record<string, string[]>)[facet.attribute_code] ?? [];
            return (
              <fieldset key={facet.attribute_code} className="listing-filters__group">
                <legend>{t(`catalog.filters.facet.${facet.attribute_code}`, { defaultValue: facet.label ?? facet.attribute_code })}</legend>
                <ul>
                  {facet.options.map((option) => (
                    <li key={option.value}>
                      <label className="listing-filters__option">
                        <input
                          type="checkbox"
                          name={param}
                          value={option.value}
                          defaultChecked={chosen.includes(option.value)}
                          key={`${option.value}-${chosen.includes(option.value)}`}
                        />
                        <span>{optionLabel(facet, option.value)}</span>
                        <span className="listing-filters__n">({option.count ?? 0})</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            );
          })}
          <fieldset className="listing-filters__group listing-filters__price">
            <legend>{t('catalog.filters.price', { symbol })}</legend>
            <div className="listing-filters__range">
              <label>
                <span>{t('catalog.filters.priceFrom')}</span>
                <input
                  type="number" name="price_min" min={0} step="any" inputMode="decimal" className="field__input"
                  defaultValue={filters.priceFrom ?? ''} key={`min-${filters.priceFrom}`}
                />
              </label>
              <label>
                <span>{t('catalog.filters.priceTo')}</span>
                <input
                  type="number" name="price_max" min={0} step="any" inputMode="decimal" className="field__input"
                  defaultValue={filters.priceTo ?? ''} key={`max-${filters.priceTo}`}
                />
              </label>
            </div>
          </fieldset>
        </div>
        <p className="listing-filters__actions">
          <button type="submit" className="button">{t('catalog.filters.apply')}</button>
          {chosenCount > 0 && (
            <Link className="text-link" to={sort === 'position' ? action : `${action}?${listingSearch({ sort, filters: EMPTY })}`}>
              {t('catalog.filters.clear')}
            </Link>
          )}
        </p>
      </details>
      {chosenCount > 0 && (
        <ul className="listing-filters__chips" aria-label={t('catalog.filters.active')}>
          {active.map(({ facet, value, label }) => (
            <li key={`${facet.attribute_code}-${value}`}>
              <Link to={without(facet.attribute_code, value)} className="chip" preventScrollReset>
                {label} <span aria-hidden="true">×</span>
                <span className="visually-hidden"> {t('catalog.filters.remove')}</span>
              </Link>
            </li>
          ))}
          {priceActive && (
            <li>
              <Link to={without('price', null)} className="chip" preventScrollReset>
                {priceLabel(filters, symbol)} <span aria-hidden="true">×</span>
                <span className="visually-hidden"> {t('catalog.filters.remove')}</span>
              </Link>
            </li>
          )}
        </ul>
      )}
    </Form>
  );
}

function priceLabel(f: Filters, symbol: string): string {
  if (f.priceFrom !== null && f.priceTo !== null) return `${symbol}${f.priceFrom}–${symbol}${f.priceTo}`;
  if (f.priceFrom !== null) return `≥ ${symbol}${f.priceFrom}`;
  return `≤ ${symbol}${f.priceTo}`;
}

function currencySymbol(currency: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
