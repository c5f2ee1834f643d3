import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { OrderAttributePlacement } from '@ember/contracts';
import { useTranslation } from '../../i18n/react';
import { browserClient } from '../../lib/api/clients';
import { listOrderAttributes, type OrderAttribute, type OrderAttributeValue } from '../../lib/api/checkout.api';
import { useQuery } from '../../lib/api/query';

/*
 * The store view's order attributes (spec §2): each rendered at its placement on the checkout page,
 * its value sent with placeOrder, which checks it (required, length, pattern, options). One at a
 * placement the checkout does not know is dropped before it gets here (docs/decisions/0074).
 */

interface OrderAttributesState {
  attributes: OrderAttribute[];
  values: Record<string, string>;
  setValue(code: string, value: string): void;
}

const OrderAttributesContext = createContext<OrderAttributesState | null>(null);

/** Loads the attributes once for the checkout and keeps what the shopper enters until the order is placed. */
export function OrderAttributesProvider({ store, children }: { store: string; children: ReactNode }) {
  const query = useQuery({ queryKey: ['order-attributes', store], queryFn: () => listOrderAttributes(browserClient(store)), staleTime: 60_000 });
  const [values, setValues] = useState<Record<string, string>>({});
  const state = useMemo<OrderAttributesState>(
    () => ({ attributes: query.data ?? [], values, setValue: (code, value) => setValues((v) => ({ ...v, [code]: value })) }),
    [query.data, values],
  );
  return <OrderAttributesContext.Provider value={state}>{children}</OrderAttributesContext.Provider>;
}

/** The values for placeOrder: each attribute's entry, else its default; empty ones are left out. */
export function useOrderAttributeValues(): OrderAttributeValue[] {
  const state = useContext(OrderAttributesContext);
  if (!state) return [];
  return state.attributes
    .map((a) => ({ attribute_code: a.code, value: (state.values[a.code] ?? a.default_value ?? '').trim() }))
    .filter((v) => v.value !== '');
}

/** The forms of the attributes placed here, in their sort order; nothing when there are none. */
export function OrderAttributeSlot({ placement }: { placement: OrderAttributePlacement }) {
  const state = useContext(OrderAttributesContext);
  const here = state?.attributes.filter((a) => a.placement === placement) ?? [];
  if (!state || !here.length) return null;
  return (
    <div className="checkout-attributes" data-placement={placement}>
      {here.map((a) => <AttributeField key={a.code} attribute={a} value={state.values[a.code] ?? a.default_value ?? ''} onChange={(v) => state.setValue(a.code, v)} />)}
    </div>
  );
}

function rule(a: OrderAttribute, name: string): string | undefined {
  return a.validate_rules?.find((r) => r?.name === name)?.value ?? undefined;
}

function AttributeField({ attribute: a, value, onChange }: { attribute: OrderAttribute; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = `order-attribute-${a.code}`;
  const label = a.label ?? a.code;
  const hintId = a.description ? `${id}-hint` : undefined;
  if (a.frontend_input === 'BOOLEAN') {
    return (
      <div className="field field--checkbox">
        <input id={id} type="checkbox" checked={value === '1'} required={a.is_required || undefined} aria-describedby={hintId} onChange={(e) => onChange(e.target.checked ? '1' : '')} />
        <label htmlFor={id}>{label}</label>
        {hintId && <p id={hintId} className="field__hint">{a.description}</p>}
      </div>
    );
  }
  const common = {
    id,
    className: 'field__input',
    value,
    required: a.is_required || undefined,
    'aria-describedby': hintId,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  const min = rule(a, 'MIN_TEXT_LENGTH');
  const max = rule(a, 'MAX_TEXT_LENGTH');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
        {!a.is_required && <span className="field__optional"> ({t('form.optional')})</span>}
      </label>
      {hintId && <p id={hintId} className="field__hint">{a.description}</p>}
      {a.frontend_input === 'SELECT' ? (
        <select {...common}>
          <option value="">{t('checkout.attributes.choose')}</option>
          {a.options.map((o) => o && <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      ) : a.frontend_input === 'TEXTAREA' ? (
        <textarea {...common} rows={3} placeholder={a.placeholder ?? undefined} minLength={min ? Number(min) : undefined} maxLength={max ? Number(max) : undefined} />
      ) : (
        <input
          {...common}
          type={a.frontend_input === 'DATE' ? 'date' : 'text'}
          placeholder={a.placeholder ?? undefined}
          minLength={min ? Number(min) : undefined}
          maxLength={max ? Number(max) : undefined}
        />
      )}
    </div>
  );
}
