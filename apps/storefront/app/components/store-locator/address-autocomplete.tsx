import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { suggestAddresses, type AddressSuggestion } from '../../lib/api/store-locator.api';

const DEBOUNCE_MS = 250;
const MIN_CHARS = 3;

/**
 * "Find your address": a combobox (WAI-ARIA 1.2 pattern with aria-activedescendant) over the shop's
 * address suggestions. Typing asks after a pause; arrows move through the list, Enter picks, Escape
 * closes. Picking hands the address to `onPick`, which fills the form's fields; the fields stay
 * editable and the form works the same without a suggestion.
 */
export function AddressAutocomplete({ id, store, onPick }: { id: string; store: string; onPick: (s: AddressSuggestion) => void }) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const [items, setItems] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    const query = text.trim();
    if (query.length < MIN_CHARS) {
      setItems([]);
      setSearched(false);
      return;
    }
    const ticket = ++asked.current;
    const timer = setTimeout(() => {
      void suggestAddresses(store, query).then((found) => {
        // An answer to an older text is dropped.
        if (ticket !== asked.current) return;
        setItems(found);
        setActive(-1);
        setSearched(true);
        setOpen(true);
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, store]);

  const pick = (s: AddressSuggestion) => {
    onPick(s);
    setText(s.label);
    setOpen(false);
    setItems([]);
    setActive(-1);
    asked.current++;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open && items.length) setOpen(true);
      setActive((a) => (items.length ? (a + 1) % items.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (items.length ? (a <= 0 ? items.length - 1 : a - 1) : -1));
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && items[active]) {
        e.preventDefault();
        pick(items[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const expanded = open && items.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="field address-autocomplete">
      <label className="field__label" htmlFor={id}>{t('addressSuggestions.label')}</label>
      <div className="address-autocomplete__box">
        <input
          id={id}
          className="field__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul id={listId} role="listbox" aria-label={t('addressSuggestions.listLabel')} className="address-autocomplete__list" hidden={!expanded}>
          {items.map((s, i) => (
            <li
              key={s.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'address-autocomplete__option address-autocomplete__option--active' : 'address-autocomplete__option'}
              // Before the input's blur, so the pick lands.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
            >
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className="field__hint">{t('addressSuggestions.hint')}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {searched && open ? t('addressSuggestions.count', { count: items.length }) : ''}
      </p>
    </div>
  );
}
