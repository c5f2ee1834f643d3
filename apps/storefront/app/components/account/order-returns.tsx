import type { ReturnReason } from '@ember/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { useQuery, useQueryClient } from '../../lib/api/query';
import { fetchOrderReturns, requestReturn, ReturnsApiError, type OrderReturns as OrderReturnsView, type ReturnView } from '../../lib/api/returns.api';
import { searchStores } from '../../lib/api/store-locator.api';
import type { StoreView } from '../../lib/api/store.api';
import { dateFormat } from '../../lib/locale';

// The contract's fixed list (RETURN_REASONS), kept here so the page does not load the schemas for it.
const RETURN_REASONS: readonly ReturnReason[] = ['damaged', 'wrong_item', 'not_as_described', 'changed_mind', 'other'];
const returnsKey = (store: string, number: string) => ['account', 'returns', store, number] as const;

interface ReturnFormValues {
  quantities: Record<string, string>;
  reason: ReturnReason;
  comment: string;
  method: 'label' | 'drop_off';
  store_id: string;
}

/**
 * The order detail's returns (docs/decisions/0077): the order's returns with their statuses and
 * history, and "Return items" while the order can be returned (delivered, within the window).
 */
export function OrderReturns({ store, number }: { store: StoreView; number: string }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const [open, setOpen] = useState(false);
  const returns = useQuery({ queryKey: returnsKey(code, number), queryFn: () => fetchOrderReturns(code, number), staleTime: 0 });
  if (returns.isPending || returns.isError) return null;
  const data = returns.data;
  // An order not yet delivered (or cancelled) has nothing to say about returns; a closed window does.
  if (!data.is_eligible && data.returns.length === 0 && data.ineligible_reason !== 'window_closed') return null;
  return (
    <section className="order-action order-returns" aria-label={t('returns.heading')}>
      <h3>{t('returns.heading')}</h3>
      {data.returns.length > 0 && (
        <ol className="order-returns__list">
          {data.returns.map((r) => <ReturnCard key={r.uid} value={r} locale={store.locale} />)}
        </ol>
      )}
      {data.is_eligible && data.window_ends_at && (
        <p>{t('returns.windowUntil', { date: formatDate(data.window_ends_at, store.locale) })}</p>
      )}
      {!data.is_eligible && data.ineligible_reason === 'window_closed' && <p>{t('returns.windowClosed')}</p>}
      {data.is_eligible && !open && (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>{t('returns.start')}</button>
      )}
      {data.is_eligible && open && <ReturnForm store={store} data={data} onDone={() => setOpen(false)} />}
    </section>
  );
}

function ReturnCard({ value, locale }: { value: ReturnView; locale: string }) {
  const { t } = useTranslation();
  return (
    <li className="order-returns__card" data-testid="return-card">
      <p>
        <strong>{t('returns.number', { number: value.number })}</strong>{' '}
        <span className="order-returns__status" data-testid="return-status">{t(`returns.status.${value.status}`, { defaultValue: value.status })}</span>
      </p>
      <ul className="order-returns__items">
        {value.items.map((i) => <li key={i.uid}>{i.quantity} × {i.product_name}</li>)}
      </ul>
      {value.method.type === 'label' && value.method.label_url && (
        <p><a href={value.method.label_url} download>{t('returns.downloadLabel')}</a></p>
      )}
      {value.method.type === 'drop_off' && value.method.store && (
        <p>{t('returns.dropOffAt', { store: `${value.method.store.name}, ${value.method.store.street}, ${value.method.store.city}` })}</p>
      )}
      <ol className="order-returns__history" aria-label={t('returns.history')}>
        {value.history.map((h, i) => (
          <li key={i}>
            <time dateTime={h.created_at}>{formatDate(h.created_at, locale, true)}</time>{' '}
            {t(`returns.status.${h.status}`, { defaultValue: h.status })}
            {h.comment ? ` – ${h.comment}` : ''}
          </li>
        ))}
      </ol>
    </li>
  );
}

function ReturnForm({ store, data, onDone }: { store: StoreView; data: OrderReturnsView; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const code = store.store_code;
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const returnable = data.items.filter((i) => i.returnable_quantity > 0);
  const { register, handleSubmit, watch, formState } = useForm<ReturnFormValues>({
    defaultValues: { quantities: Object.fromEntries(returnable.map((i) => [i.uid, '0'])), reason: 'changed_mind', comment: '', method: 'label', store_id: '' },
  });
  const method = watch('method');
  const stores = useQuery({
    queryKey: ['returns', 'drop-off-stores', code],
    queryFn: () => searchStores(code, {}),
    enabled: method === 'drop_off',
    staleTime: 300_000,
  });

  const submit = handleSubmit(async (values) => {
    setError(null);
    const items = returnable
      .map((i) => ({ order_item_uid: i.uid, quantity: Number(values.quantities[i.uid] ?? 0) }))
      .filter((i) => i.quantity > 0);
    if (items.length === 0) {
      setError(t('returns.chooseItems'));
      return;
    }
    try {
      await requestReturn(code, {
        order_number: data.order_number,
        items,
        reason: values.reason,
        ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
        method: values.method === 'drop_off' ? { type: 'drop_off', store_id: values.store_id } : { type: 'label' },
      });
      await queryClient.invalidateQueries({ queryKey: returnsKey(code, data.order_number) });
      onDone();
    } catch (failure) {
      setError(failure instanceof ReturnsApiError && failure.status < 500 ? failure.message : t('returns.error'));
    }
  });

  return (
    <form className="order-returns__form" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h4 id={`${id}-heading`}>{t('returns.formHeading')}</h4>
      {error && <p role="alert" className="form-alert form-alert--error">{error}</p>}
      <fieldset className="field">
        <legend className="field__label">{t('returns.items')}</legend>
        {returnable.map((i) => (
          <div key={i.uid} className="field order-returns__item">
            <label htmlFor={`${id}-q-${i.uid}`} className="field__label">{i.product_name}</label>
            <select id={`${id}-q-${i.uid}`} className="field__input" {...register(`quantities.${i.uid}`)}>
              {Array.from({ length: i.returnable_quantity + 1 }, (_, n) => <option key={n} value={String(n)}>{n}</option>)}
            </select>
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-reason`} className="field__label">{t('returns.reason')}</label>
        <select id={`${id}-reason`} className="field__input" {...register('reason', { required: true })}>
          {RETURN_REASONS.map((r) => <option key={r} value={r}>{t(`returns.reasons.${r}`)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-comment`} className="field__label">{t('returns.comment')}</label>
        <textarea id={`${id}-comment`} className="field__input" rows={3} maxLength={1000} {...register('comment', { maxLength: 1000 })} />
      </div>
      <fieldset className="field">
        <legend className="field__label">{t('returns.method')}</legend>
        <label className="choice"><input type="radio" value="label" {...register('method')} /> {t('returns.methods.label')}</label>
        <label className="choice"><input type="radio" value="drop_off" {...register('method')} /> {t('returns.methods.drop_off')}</label>
      </fieldset>
      {method === 'drop_off' && (
        <div className="field">
          <label htmlFor={`${id}-store`} className="field__label">{t('returns.store')}</label>
          <select id={`${id}-store`} className="field__input" aria-invalid={formState.errors.store_id ? true : undefined} {...register('store_id', { required: method === 'drop_off' })}>
            <option value="">{stores.isPending ? t('account.loading') : t('returns.chooseStore')}</option>
            {(stores.data?.items ?? []).map((s) => <option key={s.id} value={s.id}>{`${s.name}, ${s.city}`}</option>)}
          </select>
          {formState.errors.store_id && <p className="field__error">{t('returns.chooseStore')}</p>}
        </div>
      )}
      <button type="submit" className="button" disabled={formState.isSubmitting}>{t('returns.submit')}</button>{' '}
      <button type="button" className="button button--secondary" onClick={onDone}>{t('returns.cancel')}</button>
    </form>
  );
}

function formatDate(value: string, locale: string, withTime = false): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}
