import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { storePath } from '../../lib/store-paths';

// The suggestions (their calls, list, keys and the form's navigation) load with the first focus on the box.
const SearchSuggestions = lazy(() => import('./search-suggestions'));

/**
 * The header's search: a plain GET form to the results page, which works before any script runs
 * and is all every page carries; focusing it loads the suggestions while typing (combobox pattern:
 * arrows move through them, Enter opens the chosen one or the results page, Escape closes them).
 */
export function SearchBox({ store }: { store: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const action = storePath(store, '/search');
  // Focused before this code arrived (the form is in the server's HTML): take over at once.
  useEffect(() => {
    if (document.activeElement === input.current) setEnhanced(true);
  }, []);
  // The results page shows its own query in the box.
  const query = location.pathname === action ? new URLSearchParams(location.search).get('q') ?? '' : '';
  const list = <ul id={`${id}-list`} role="listbox" aria-label={t('search.suggestions')} className="site-search__list" hidden />;

  return (
    <form role="search" action={action} method="get" className="site-search">
      <label htmlFor={`${id}-input`} className="visually-hidden">{t('search.label')}</label>
      <div className="site-search__field">
        <Search aria-hidden="true" size={18} className="site-search__icon" />
        <input
          key={query}
          ref={input}
          id={`${id}-input`}
          name="q"
          type="search"
          role="combobox"
          aria-expanded="false"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          autoComplete="off"
          maxLength={100}
          placeholder={t('search.placeholder')}
          defaultValue={query}
          onFocus={() => setEnhanced(true)}
        />
        <button type="submit" className="site-search__submit">{t('search.submit')}</button>
      </div>
      {enhanced ? (
        <Suspense fallback={list}>
          <SearchSuggestions id={id} store={store} input={input} />
        </Suspense>
      ) : list}
    </form>
  );
}
