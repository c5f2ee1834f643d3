import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isSearchable, searchShop, type SearchResult } from '../../lib/api/search.api';
import { storePath } from '../../lib/store-paths';
import { MarkedText } from './marked-text';

const DEBOUNCE_MS = 200;
const SUGGESTIONS = 6;

interface Props {
  id: string;
  store: string;
  /** The header's search input: these suggestions listen to it and keep its combobox state. */
  input: RefObject<HTMLInputElement | null>;
}

/**
 * The header search's suggestions while typing: six results and "see all", debounced, the newest
 * answer wins. They take over the box's input (its typing, keys and ARIA state) and its form's
 * submit, which opens the chosen suggestion or the results page without reloading the shop.
 */
export default function SearchSuggestions({ id, store, input }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(() => input.current?.value ?? '');
  const [result, setResult] = useState<SearchResult | null>(null);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const listId = `${id}-list`;
  const resultsPath = (q: string) => `${storePath(store, '/search')}?${new URLSearchParams({ q: q.trim() })}`;

  // A navigation closes the suggestions (not the page they were opened on).
  const here = `${location.pathname}${location.search}`;
  const openedOn = useRef(here);
  useEffect(() => {
    if (openedOn.current === here) return;
    openedOn.current = here;
    setOpen(false);
    setActive(-1);
  }, [here]);

  useEffect(() => {
    if (!isSearchable(value)) {
      asked.current++;
      setResult(null);
      return;
    }
    const call = ++asked.current;
    const timer = setTimeout(() => {
      searchShop(store, { q: value, perPage: SUGGESTIONS })
        .then((r) => {
          if (call !== asked.current) return;
          setResult(r);
          setActive(-1);
        })
        .catch(() => {
          if (call === asked.current) setResult(null);
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, store]);

  const items = result?.items ?? [];
  // The last option opens every result.
  const optionCount = items.length > 0 ? items.length + 1 : 0;
  const showing = open && optionCount > 0 && isSearchable(value);
  const optionId = (i: number) => `${id}-option-${i}`;

  const openOption = (i: number) => {
    setOpen(false);
    void navigate(i < items.length ? items[i]!.url : resultsPath(value));
  };

  // The input's combobox state follows the list.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(showing));
    if (showing && active >= 0) el.setAttribute('aria-activedescendant', optionId(active));
    else el.removeAttribute('aria-activedescendant');
  });

  // The latest state for the input's and the form's listeners.
  const latest = useRef({ showing, active, optionCount, openOption, value });
  latest.current = { showing, active, optionCount, openOption, value };

  // Listeners read the latest state through `latest`, so they are added once.
  useEffect(() => {
    const el = input.current;
    const form = el?.form;
    if (!el || !form) return;
    const onInput = () => {
      setValue(el.value);
      setOpen(true);
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => setOpen(false);
    const onKeyDown = (event: KeyboardEvent) => {
      const s = latest.current;
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && s.optionCount > 0) {
        event.preventDefault();
        setOpen(true);
        setActive((a) => (event.key === 'ArrowDown' ? (a + 1) % s.optionCount : a <= 0 ? s.optionCount - 1 : a - 1));
      } else if (event.key === 'Escape' && s.showing) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    };
    const onSubmit = (event: SubmitEvent) => {
      const s = latest.current;
      event.preventDefault();
      if (s.showing && s.active >= 0) s.openOption(s.active);
      else if (isSearchable(el.value)) {
        setOpen(false);
        void navigate(resultsPath(el.value));
      }
    };
    el.addEventListener('input', onInput);
    el.addEventListener('focus', onFocus);
    el.addEventListener('blur', onBlur);
    el.addEventListener('keydown', onKeyDown);
    form.addEventListener('submit', onSubmit);
    // What was typed while this code loaded, with the box still focused.
    setValue(el.value);
    setOpen(document.activeElement === el);
    return () => {
      el.removeEventListener('input', onInput);
      el.removeEventListener('focus', onFocus);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('keydown', onKeyDown);
      form.removeEventListener('submit', onSubmit);
    };
  }, [input, navigate, store]);

  return (
    <>
      <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className="site-search__list" hidden={!showing}>
        {showing && items.map((item, i) => (
          <li
            key={`${item.type}-${item.id}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="site-search__option"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => openOption(i)}
          >
            <MarkedText html={item.title_html} text={item.title} className="site-search__title" />
            <span className="site-search__type">{t(`search.types.${item.type}`)}</span>
          </li>
        ))}
        {showing && (
          <li
            id={optionId(items.length)}
            role="option"
            aria-selected={active === items.length}
            className="site-search__option site-search__option--all"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => openOption(items.length)}
          >
            {t('search.allResults', { count: result?.total ?? 0, query: value.trim() })}
          </li>
        )}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {open && result && isSearchable(value) ? t('search.suggestionCount', { count: items.length }) : ''}
      </p>
    </>
  );
}
