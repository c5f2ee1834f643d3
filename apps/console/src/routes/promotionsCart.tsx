import {
  CART_PROMOTION_TYPES, CartPromotionCreateBodySchema, CartPromotionPageSchema, CartPromotionSchema, CartPromotionUpdateBodySchema, toMajor,
  type CartPromotion, type CartPromotionCreateBody, type CartPromotionType, type CartPromotionUpdateBody,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { ListFilters } from '../components/ListFilters';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { PromotionTabs } from '../components/PromotionTabs';
import { limitToApi, moneyStep, moneyToMinor } from '../couponValue';
import { formatDateTime, formatMoney, isoToLocalInput, localInputToIso } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { useStoreViews, type StoreView } from '../stores';
import { usePageTitle } from './layout';

/** Free-gift and conditional promotions (docs/decisions/0017, 0087). */

const FILTERS = ['q', 'store', 'type', 'active'] as const;
const LANGUAGES = ['en', 'de'] as const;
const TEXT_FIELDS = ['title', 'description', 'hint', 'label'] as const;

function currencyOf(stores: StoreView[] | undefined, storeCode: string | null | undefined): string | null {
  return stores?.find((s) => s.store_code === storeCode)?.base_currency_code ?? null;
}

export function CartPromotionsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('promotionsArea.title'));
  const lng = i18n.language;
  const session = useSession();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const promotions = useQuery({
    queryKey: ['cart-promotions', query],
    queryFn: ({ signal }) => api.get(`/admin/promotions/cart-promotions${query}`, CartPromotionPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<CartPromotion>();
  const columns = useMemo(
    () => [
      column.accessor('code', { header: () => t('promotionsArea.code'), cell: (c) => <Link to={`/promotions/cart-promotions/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('type', { header: () => t('promotionsArea.type'), cell: (c) => t(`promotionType.${c.getValue()}`) }),
      column.accessor('store_code', { header: () => t('promotionsArea.store') }),
      column.accessor('trigger_skus', { header: () => t('promotionsArea.triggers'), cell: (c) => c.getValue().join(', ') || '—' }),
      column.accessor('skus', { header: () => t('promotionsArea.skus'), cell: (c) => c.getValue().join(', ') }),
      column.accessor('is_active', { header: () => t('promotionsArea.state'), cell: (c) => <StatusTag status={c.getValue() ? 'active' : 'inactive'} group="couponState" /> }),
      column.display({
        id: 'validity',
        header: () => t('promotionsArea.validity'),
        cell: (c) => (c.row.original.from_at || c.row.original.to_at ? `${formatDateTime(c.row.original.from_at, lng)} – ${formatDateTime(c.row.original.to_at, lng)}` : t('promotionsArea.always')),
      }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <PromotionTabs />
      <div className="title-row">
        <h1>{t('promotionsArea.title')}</h1>
        {can(session.data?.permissions, 'promotions:write') ? (
          <Link className="button-link primary" to="/promotions/cart-promotions/new">
            {t('promotionsArea.create')}
          </Link>
        ) : null}
      </div>
      <ListFilters
        name="promotions"
        label={t('promotionsArea.search')}
        fields={[
          { key: 'q', label: t('promotionsArea.q'), type: 'search', wide: true, letterCase: 'upper' },
          { key: 'store', label: t('promotionsArea.store'), type: 'text', letterCase: 'lower' },
          { key: 'type', label: t('promotionsArea.type'), type: 'select', options: CART_PROMOTION_TYPES.map((type) => ({ value: type, label: t(`promotionType.${type}`) })) },
          {
            key: 'active',
            label: t('promotionsArea.state'),
            type: 'select',
            options: [
              { value: 'true', label: t('couponState.active') },
              { value: 'false', label: t('couponState.inactive') },
            ],
          },
        ]}
      />
      <ErrorNotice message={promotions.error ? messageOf(promotions.error, t('errors.generic')) : null} />
      <DataTable caption={t('promotionsArea.caption')} columns={columns} rows={promotions.data?.items} total={promotions.data?.page_info.total} loading={promotions.isFetching} />
    </section>
  );
}

/** The form as typed: SKUs as text, money in the store view's currency, times in local time. */
interface PromotionDraft {
  code: string;
  store_code: string;
  type: CartPromotionType;
  is_active: boolean;
  from_at: string;
  to_at: string;
  trigger_skus: string;
  skus: string;
  allowed_qty: string;
  min_qty: string;
  min_subtotal: string;
  texts: Record<(typeof LANGUAGES)[number], Record<(typeof TEXT_FIELDS)[number], string>>;
}

const skuList = (text: string) => text.split(/[\s,;]+/).map((s) => s.trim().toUpperCase()).filter(Boolean);

function draftBody(d: PromotionDraft, currency: string | null): Omit<Record<string, unknown>, 'code'> {
  const count = (v: string) => (v.trim() === '' ? 0 : /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN);
  const texts: Record<string, Record<string, string>> = {};
  for (const language of LANGUAGES) {
    const kept = Object.fromEntries(TEXT_FIELDS.map((f) => [f, d.texts[language][f].trim()]).filter(([, v]) => v));
    if (Object.keys(kept).length) texts[language] = kept;
  }
  return {
    store_code: d.store_code,
    type: d.type,
    is_active: d.is_active,
    from_at: d.from_at ? (localInputToIso(d.from_at) ?? d.from_at) : null,
    to_at: d.to_at ? (localInputToIso(d.to_at) ?? d.to_at) : null,
    trigger_skus: skuList(d.trigger_skus),
    skus: skuList(d.skus),
    allowed_qty: limitToApi(d.allowed_qty),
    min_qty: count(d.min_qty),
    min_subtotal_minor: moneyToMinor(d.min_subtotal, currency ?? 'EUR'),
    texts,
  };
}

function draftOf(p: CartPromotion | null, currency: string | null): PromotionDraft {
  const text = (language: string, field: (typeof TEXT_FIELDS)[number]) => p?.texts[language]?.[field] ?? '';
  return {
    code: p?.code ?? '',
    store_code: p?.store_code ?? '',
    type: p?.type ?? 'free_gift_fixed',
    is_active: p?.is_active ?? true,
    from_at: isoToLocalInput(p?.from_at ?? null),
    to_at: isoToLocalInput(p?.to_at ?? null),
    trigger_skus: p?.trigger_skus.join(', ') ?? '',
    skus: p?.skus.join(', ') ?? '',
    allowed_qty: p?.allowed_qty == null ? (p ? '' : '1') : String(p.allowed_qty),
    min_qty: String(p?.min_qty ?? 0),
    min_subtotal: p && p.min_subtotal_minor && currency ? String(toMajor(p.min_subtotal_minor, currency)) : '',
    texts: Object.fromEntries(LANGUAGES.map((l) => [l, Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(l, f)]))])) as PromotionDraft['texts'],
  };
}

/** The fields shared by the create and change forms. */
function PromotionFields({ form, idPrefix, withCode }: { form: UseFormReturn<PromotionDraft, unknown, never>; idPrefix: string; withCode: boolean }) {
  const { t } = useTranslation();
  const stores = useStoreViews();
  const errors = form.formState.errors as Record<string, { type?: string; message?: string } | undefined>;
  const type = form.watch('type');
  const currency = currencyOf(stores.data, form.watch('store_code'));
  const id = (name: string) => `${idPrefix}-${name}`;
  const fieldError = (name: string) => errors[name] as never;
  return (
    <>
      {withCode ? (
        <Field id={id('code')} label={t('promotionsArea.code')} error={fieldError('code')} hint={t('promotionsArea.codeHint')}>
          <input id={id('code')} autoComplete="off" spellCheck={false} {...describedBy(id('code'), errors.code, true)} {...form.register('code')} />
        </Field>
      ) : null}
      <Field id={id('store')} label={t('promotionsArea.store')} error={fieldError('store_code')}>
        <select id={id('store')} {...describedBy(id('store'), errors.store_code)} {...form.register('store_code')}>
          <option value="" />
          {(stores.data ?? []).map((s) => (
            <option key={s.store_code} value={s.store_code}>
              {s.store_name} ({s.store_code}, {s.base_currency_code})
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('type')} label={t('promotionsArea.type')} error={fieldError('type')}>
        <select id={id('type')} {...describedBy(id('type'), errors.type)} {...form.register('type')}>
          {CART_PROMOTION_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(`promotionType.${v}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('triggers')} label={t('promotionsArea.triggers')} error={fieldError('trigger_skus')} hint={t('promotionsArea.triggersHint')}>
        <textarea id={id('triggers')} rows={2} spellCheck={false} {...describedBy(id('triggers'), errors.trigger_skus, true)} {...form.register('trigger_skus')} />
      </Field>
      <Field id={id('skus')} label={type === 'conditional_purchase' ? t('promotionsArea.skusConditional') : t('promotionsArea.skus')} error={fieldError('skus')} hint={t('promotionsArea.skusHint')}>
        <textarea id={id('skus')} rows={2} spellCheck={false} {...describedBy(id('skus'), errors.skus, true)} {...form.register('skus')} />
      </Field>
      <Field id={id('allowed')} label={t('promotionsArea.allowedQty')} error={fieldError('allowed_qty')} hint={t('promotionsArea.allowedQtyHint')}>
        <input id={id('allowed')} type="number" inputMode="numeric" min={1} max={99} step={1} {...describedBy(id('allowed'), errors.allowed_qty, true)} {...form.register('allowed_qty')} />
      </Field>
      <Field id={id('min-qty')} label={t('promotionsArea.minQty')} error={fieldError('min_qty')} hint={t('promotionsArea.conditionHint')}>
        <input id={id('min-qty')} type="number" inputMode="numeric" min={0} step={1} {...describedBy(id('min-qty'), errors.min_qty, true)} {...form.register('min_qty')} />
      </Field>
      <Field id={id('min-subtotal')} label={t('promotionsArea.minSubtotal', { currency: currency ? `(${currency})` : '' }).trim()} error={fieldError('min_subtotal_minor')} hint={t('promotionsArea.conditionHint')}>
        <input id={id('min-subtotal')} type="number" inputMode="decimal" min={0} step={moneyStep(currency)} {...describedBy(id('min-subtotal'), errors.min_subtotal_minor, true)} {...form.register('min_subtotal')} />
      </Field>
      <Field id={id('from')} label={t('promotionsArea.fromAt')} error={fieldError('from_at')} hint={t('promotionsArea.datesHint')}>
        <input id={id('from')} type="datetime-local" {...describedBy(id('from'), errors.from_at, true)} {...form.register('from_at')} />
      </Field>
      <Field id={id('to')} label={t('promotionsArea.toAt')} error={fieldError('to_at')} hint={t('promotionsArea.datesHint')}>
        <input id={id('to')} type="datetime-local" {...describedBy(id('to'), errors.to_at, true)} {...form.register('to_at')} />
      </Field>
      <div className="field">
        <label className="checkbox" htmlFor={id('active')}>
          <input id={id('active')} type="checkbox" {...form.register('is_active')} /> {t('promotionsArea.isActive')}
        </label>
      </div>
      {LANGUAGES.map((language) => (
        <fieldset key={language} className="language-texts language-texts-row">
          <legend>
            {t('promotionsArea.texts')}: {t(language === 'en' ? 'promotionsArea.textsEn' : 'promotionsArea.textsDe')}
          </legend>
          {TEXT_FIELDS.map((field) => {
            const fid = id(`text-${language}-${field}`);
            const label = t(`promotionsArea.text${field[0]!.toUpperCase()}${field.slice(1)}`);
            return (
              <div className="field" key={field}>
                <label htmlFor={fid}>{label}</label>
                <input id={fid} lang={language} {...form.register(`texts.${language}.${field}`)} />
              </div>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}

export function CartPromotionCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('promotionsArea.createTitle'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const stores = useStoreViews();
  const storesRef = useRef(stores.data);
  storesRef.current = stores.data;
  const resolver: Resolver<PromotionDraft, unknown, CartPromotionCreateBody> = (values, context, options) =>
    zodResolver(CartPromotionCreateBodySchema)({ code: values.code, ...draftBody(values, currencyOf(storesRef.current, values.store_code)) } as never, context, options as never) as never;
  const form = useForm<PromotionDraft, unknown, CartPromotionCreateBody>({ resolver, defaultValues: draftOf(null, null) });
  const create = useMutation({
    mutationFn: (body: CartPromotionCreateBody) => api.post('/admin/promotions/cart-promotions', CartPromotionSchema, body),
    onSuccess: (p) => {
      void client.invalidateQueries({ queryKey: ['cart-promotions'] });
      client.setQueryData(['cart-promotion', String(p.id)], p);
      void navigate(`/promotions/cart-promotions/${p.id}`, { state: { created: p.code } });
    },
  });
  return (
    <section>
      <PromotionTabs />
      <p className="breadcrumb">
        <Link to="/promotions/cart-promotions">{t('promotionsArea.back')}</Link>
      </p>
      <h1>{t('promotionsArea.createTitle')}</h1>
      <form noValidate className="panel form-columns" onSubmit={form.handleSubmit((body) => create.mutate(body))}>
        <ErrorNotice message={create.error ? messageOf(create.error, t('errors.generic')) : null} />
        <PromotionFields form={form as never} idPrefix="promotion" withCode />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('promotionsArea.createSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function EditForm({ promotion, currency, onDone }: { promotion: CartPromotion; currency: string | null; onDone: (p: CartPromotion, message: string) => void }) {
  const { t } = useTranslation();
  const stores = useStoreViews();
  const storesRef = useRef(stores.data);
  storesRef.current = stores.data;
  const resolver: Resolver<PromotionDraft, unknown, CartPromotionUpdateBody> = (values, context, options) =>
    zodResolver(CartPromotionUpdateBodySchema)(draftBody(values, currencyOf(storesRef.current, values.store_code)) as never, context, options as never) as never;
  const form = useForm<PromotionDraft, unknown, CartPromotionUpdateBody>({ resolver, defaultValues: draftOf(promotion, currency) });
  const save = useMutation({
    mutationFn: (body: CartPromotionUpdateBody) => api.patch(`/admin/promotions/cart-promotions/${promotion.id}`, CartPromotionSchema, body),
    onSuccess: (after) => onDone(after, t('promotionsArea.saved', { code: after.code })),
  });
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <PromotionFields form={form as never} idPrefix="edit" withCode={false} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('promotionsArea.save')}
        </button>
      </div>
    </form>
  );
}

export function CartPromotionDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const client = useQueryClient();
  const stores = useStoreViews();
  const created = (location.state as { created?: string } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('promotionsArea.created', { code: created }) : null);
  const query = useQuery({ queryKey: ['cart-promotion', id], queryFn: () => api.get(`/admin/promotions/cart-promotions/${encodeURIComponent(id)}`, CartPromotionSchema) });
  const p = query.data;
  const title = t('promotionsArea.detailTitle', { code: p?.code ?? '…' });
  usePageTitle(title);
  const currency = p ? currencyOf(stores.data, p.store_code) : null;
  const changed = (after: CartPromotion, message: string) => {
    client.setQueryData(['cart-promotion', id], after);
    void client.invalidateQueries({ queryKey: ['cart-promotions'] });
    setDone(message);
  };
  const toggle = useMutation({
    mutationFn: (active: boolean) => api.patch(`/admin/promotions/cart-promotions/${encodeURIComponent(id)}`, CartPromotionSchema, { is_active: active }),
    onSuccess: (after) => changed(after, t('promotionsArea.saved', { code: after.code })),
  });
  const writable = can(session.data?.permissions, 'promotions:write');
  return (
    <section>
      <PromotionTabs />
      <p className="breadcrumb">
        <Link to="/promotions/cart-promotions">{t('promotionsArea.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={query.error ? messageOf(query.error, t('errors.generic')) : toggle.error ? messageOf(toggle.error, t('errors.generic')) : null} />
      {query.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {p ? (
        <div className="detail-grid">
          <Panel id="promotion-summary" title={t('promotionsArea.summary')}>
            <Facts
              items={[
                [t('promotionsArea.code'), <code key="c">{p.code}</code>],
                [t('promotionsArea.type'), t(`promotionType.${p.type}`)],
                [t('promotionsArea.store'), p.store_code],
                [t('promotionsArea.triggers'), p.trigger_skus.join(', ') || '—'],
                [p.type === 'conditional_purchase' ? t('promotionsArea.skusConditional') : t('promotionsArea.skus'), p.skus.join(', ')],
                [t('promotionsArea.allowedQty'), p.allowed_qty ?? t('promotionsArea.noLimit')],
                [t('promotionsArea.minQty'), String(p.min_qty)],
                [t('promotionsArea.minSubtotal', { currency: '' }).trim(), p.min_subtotal_minor && currency ? formatMoney(p.min_subtotal_minor, currency, lng, true) : '—'],
                [t('promotionsArea.fromAt'), formatDateTime(p.from_at, lng)],
                [t('promotionsArea.toAt'), formatDateTime(p.to_at, lng)],
                [t('promotionsArea.state'), <StatusTag key="s" status={p.is_active ? 'active' : 'inactive'} group="couponState" />],
              ]}
            />
            {writable ? (
              <div className="form-actions">
                <button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate(!p.is_active)}>
                  {p.is_active ? t('promotionsArea.switchOff') : t('promotionsArea.switchOn')}
                </button>
              </div>
            ) : null}
          </Panel>
          {writable ? (
            <Panel id="promotion-edit" title={t('promotionsArea.edit')}>
              <EditForm key={JSON.stringify(p)} promotion={p} currency={currency} onDone={changed} />
            </Panel>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
