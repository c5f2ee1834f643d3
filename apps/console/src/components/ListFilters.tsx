import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToLocalInput, localInputToIso } from '../format';
import { readParams } from '../listParams';
import { useListSearch } from './DataTable';

/** One filter of a list: free text, a choice, or a moment (typed in local time, sent as ISO 8601). */
export type FilterField =
  | { key: string; label: string; type: 'search' | 'text'; wide?: boolean; placeholder?: string; letterCase?: 'lower' | 'upper' }
  | { key: string; label: string; type: 'date' | 'datetime' }
  | { key: string; label: string; type: 'select'; options: readonly { value: string; label: string }[] };

export interface ListFiltersProps {
  /** Prefix of the fields' ids, unique on the page. */
  name: string;
  /** The search form's accessible name. */
  label: string;
  fields: readonly FilterField[];
  /** Query parameters reset with the filters (e.g. `sort`). */
  resetAlso?: readonly string[];
}

const fromQuery = (field: FilterField, value: string | undefined) => (field.type === 'datetime' ? isoToLocalInput(value) : (value ?? ''));
function toQuery(field: FilterField, value: string | undefined): string | undefined {
  if (field.type === 'datetime') return localInputToIso(value);
  const text = value?.trim();
  if (!text) return undefined;
  if ((field.type === 'search' || field.type === 'text') && field.letterCase) return field.letterCase === 'lower' ? text.toLowerCase() : text.toUpperCase();
  return text;
}

/**
 * A list's filter form. Its values live in the query string (the list's own API parameters), so a
 * reload or a shared link shows the same list: the form starts from them, Search writes them (and
 * goes back to the first page), Reset removes them.
 */
export function ListFilters({ name, label, fields, resetAlso = [] }: ListFiltersProps) {
  const { t } = useTranslation();
  const { search, apply, clear } = useListSearch();
  const keys = fields.map((f) => f.key);
  // What the operator typed; a field not touched shows the query string's value (a field may appear
  // later, once its choices have loaded).
  const [draft, setDraft] = useState<Record<string, string>>({});
  const current = readParams(search, keys);
  const valueOf = (field: FilterField) => draft[field.key] ?? fromQuery(field, current[field.key]);
  const set = (key: string) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply(Object.fromEntries(fields.map((f) => [f.key, toQuery(f, valueOf(f))])));
  };
  return (
    <form className="filters" role="search" aria-label={label} onSubmit={onSubmit}>
      {fields.map((field) => {
        const id = `${name}-${field.key}`;
        const value = valueOf(field);
        return (
          <div key={field.key} className={(field.type === 'search' || field.type === 'text') && field.wide ? 'field field-wide' : 'field'}>
            <label htmlFor={id}>{field.label}</label>
            {field.type === 'select' ? (
              <select id={id} value={value} onChange={set(field.key)}>
                <option value="">{t('common.any')}</option>
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
                {/* A value from a shared link the list does not offer stays chosen, as it was asked for. */}
                {value && !field.options.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
              </select>
            ) : (
              <input
                id={id}
                type={field.type === 'datetime' ? 'datetime-local' : field.type}
                value={value}
                onChange={set(field.key)}
                placeholder={field.type === 'search' || field.type === 'text' ? field.placeholder : undefined}
              />
            )}
          </div>
        );
      })}
      <div className="filter-actions">
        <button type="submit" className="primary">
          {t('common.search')}
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(Object.fromEntries(keys.map((k) => [k, ''])));
            clear([...keys, ...resetAlso]);
          }}
        >
          {t('common.reset')}
        </button>
      </div>
    </form>
  );
}
