import { CouponCreateBodySchema, CouponPageSchema, CouponRuleSchema, CouponUpdateBodySchema, type CouponCreateBody, type CouponRule, type CouponUpdateBody } from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { ListFilters } from '../components/ListFilters';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { PromotionTabs } from '../components/PromotionTabs';
import { discountFromApi, discountToApi, limitToApi, moneyStep, moneyToMinor, type DiscountType } from '../couponValue';
import { formatDateTime, formatMoney, formatNumber, isoToLocalInput, localeOf, localInputToIso } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { useStoreViews, type StoreView } from '../stores';
import { usePageTitle } from './layout';

const FILTERS = ['q', 'store', 'active'] as const;

/** The currency of a store view, when the coupon has one and the shop lists it. */
function currencyOf(stores: StoreView[] | undefined, storeCode: string | null | undefined): string | null {
  if (!storeCode) return null;
  return stores?.find((s) => s.store_code === storeCode)?.base_currency_code ?? null;
}

/** A coupon's discount as people read it: "10 %" or "£5.00". */
function useDiscountText() {
  const { i18n } = useTranslation();
  const stores = useStoreViews();
  const lng = i18n.language;
  return (c: Pick<CouponRule, 'discount_type' | 'discount_value' | 'store_code'>) => {
    if (c.discount_type === 'percent') return new Intl.NumberFormat(localeOf(lng), { style: 'percent', maximumFractionDigits: 2 }).format(c.discount_value / 10_000);
    const currency = currencyOf(stores.data, c.store_code);
    return currency ? formatMoney(c.discount_value, currency, lng, true) : formatNumber(c.discount_value, lng);
  };
}

export function CouponsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('coupons.title'));
  const lng = i18n.language;
  const session = useSession();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const coupons = useQuery({
    queryKey: ['coupons', query],
    queryFn: ({ signal }) => api.get(`/admin/promotions/coupons${query}`, CouponPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const discountText = useDiscountText();
  const column = createColumnHelper<CouponRule>();
  const columns = useMemo(
    () => [
      column.accessor('code', { header: () => t('coupons.code'), cell: (c) => <Link to={`/promotions/coupons/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('label', { header: () => t('coupons.label') }),
      column.display({ id: 'discount', header: () => t('coupons.discount'), cell: (c) => discountText(c.row.original) }),
      column.accessor('store_code', { header: () => t('coupons.store'), cell: (c) => c.getValue() ?? t('coupons.allStores') }),
      column.accessor('is_active', { header: () => t('coupons.state'), cell: (c) => <StatusTag status={c.getValue() ? 'active' : 'inactive'} group="couponState" /> }),
      column.display({
        id: 'validity',
        header: () => t('coupons.validity'),
        cell: (c) => (c.row.original.from_at || c.row.original.to_at ? `${formatDateTime(c.row.original.from_at, lng)} – ${formatDateTime(c.row.original.to_at, lng)}` : t('coupons.always')),
      }),
      column.display({
        id: 'used',
        header: () => t('coupons.used'),
        cell: (c) => (c.row.original.uses_per_coupon ? `${c.row.original.times_used} / ${c.row.original.uses_per_coupon}` : String(c.row.original.times_used)),
      }),
    ],
    [column, t, lng, discountText],
  );
  return (
    <section>
      <PromotionTabs />
      <div className="title-row">
        <h1>{t('coupons.title')}</h1>
        {can(session.data?.permissions, 'promotions:write') ? (
          <Link className="button-link primary" to="/promotions/coupons/new">
            {t('coupons.create')}
          </Link>
        ) : null}
      </div>
      <ListFilters
        name="coupons"
        label={t('coupons.search')}
        fields={[
          { key: 'q', label: t('coupons.q'), type: 'search', wide: true },
          { key: 'store', label: t('coupons.store'), type: 'text', letterCase: 'lower' },
          {
            key: 'active',
            label: t('coupons.state'),
            type: 'select',
            options: [
              { value: 'true', label: t('couponState.active') },
              { value: 'false', label: t('couponState.inactive') },
            ],
          },
        ]}
      />
      <ErrorNotice message={coupons.error ? messageOf(coupons.error, t('errors.generic')) : null} />
      <DataTable caption={t('coupons.caption')} columns={columns} rows={coupons.data?.items} total={coupons.data?.page_info.total} loading={coupons.isFetching} />
    </section>
  );
}

/** The create form as typed: amounts and percentages as text, times in local time, limits empty for none. */
interface CouponDraft {
  code: string;
  label: string;
  discount_type: DiscountType;
  discount_value: string;
  store_code: string;
  min_subtotal_minor: string;
  from_at: string;
  to_at: string;
  uses_per_coupon: string;
  uses_per_customer: string;
  is_active: boolean;
}

/** The draft as the API's body: a percentage in basis points, money in minor units of the store view's currency. */
function couponBody(d: CouponDraft, currency: string | null): Record<string, unknown> {
  return {
    code: d.code,
    label: d.label,
    discount_type: d.discount_type,
    discount_value: discountToApi(d.discount_value, d.discount_type, currency),
    ...(d.store_code ? { store_code: d.store_code } : {}),
    // Without a store view the amount is in the shop's two-decimal currencies.
    min_subtotal_minor: moneyToMinor(d.min_subtotal_minor, currency ?? 'EUR'),
    ...(d.from_at ? { from_at: localInputToIso(d.from_at) ?? d.from_at } : {}),
    ...(d.to_at ? { to_at: localInputToIso(d.to_at) ?? d.to_at } : {}),
    uses_per_coupon: limitToApi(d.uses_per_coupon),
    uses_per_customer: limitToApi(d.uses_per_customer),
    is_active: d.is_active,
  };
}

export function CouponCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('coupons.createTitle'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const stores = useStoreViews();
  const storesRef = useRef(stores.data);
  storesRef.current = stores.data;
  const resolver: Resolver<CouponDraft, unknown, CouponCreateBody> = (values, context, options) =>
    zodResolver(CouponCreateBodySchema)(couponBody(values, currencyOf(storesRef.current, values.store_code)) as never, context, options as never) as never;
  const form = useForm<CouponDraft, unknown, CouponCreateBody>({
    resolver,
    defaultValues: { code: '', label: '', discount_type: 'percent', discount_value: '', store_code: '', min_subtotal_minor: '', from_at: '', to_at: '', uses_per_coupon: '', uses_per_customer: '', is_active: true },
  });
  const create = useMutation({
    mutationFn: (body: CouponCreateBody) => api.post('/admin/promotions/coupons', CouponRuleSchema, body),
    onSuccess: (coupon) => {
      void client.invalidateQueries({ queryKey: ['coupons'] });
      client.setQueryData(['coupon', String(coupon.id)], coupon);
      void navigate(`/promotions/coupons/${coupon.id}`, { state: { created: coupon.code } });
    },
  });
  const type = form.watch('discount_type');
  const storeCode = form.watch('store_code');
  const currency = currencyOf(stores.data, storeCode);
  const errors = form.formState.errors;
  return (
    <section>
      <PromotionTabs />
      <p className="breadcrumb">
        <Link to="/promotions/coupons">{t('coupons.back')}</Link>
      </p>
      <h1>{t('coupons.createTitle')}</h1>
      <form noValidate className="panel form-columns" onSubmit={form.handleSubmit((body) => create.mutate(body))}>
        <ErrorNotice message={create.error ? messageOf(create.error, t('errors.generic')) : null} />
        <Field id="coupon-code" label={t('coupons.code')} error={errors.code} hint={t('coupons.codeHint')}>
          <input id="coupon-code" autoComplete="off" spellCheck={false} {...describedBy('coupon-code', errors.code, true)} {...form.register('code')} />
        </Field>
        <Field id="coupon-label" label={t('coupons.label')} error={errors.label}>
          <input id="coupon-label" {...describedBy('coupon-label', errors.label)} {...form.register('label')} />
        </Field>
        <Field id="coupon-store" label={t('coupons.store')} error={errors.store_code}>
          <select id="coupon-store" {...describedBy('coupon-store', errors.store_code)} {...form.register('store_code')}>
            <option value="">{t('coupons.allStores')}</option>
            {(stores.data ?? []).map((s) => (
              <option key={s.store_code} value={s.store_code}>
                {s.store_name} ({s.store_code}, {s.base_currency_code})
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="choice">
          <legend>{t('coupons.discountType')}</legend>
          <label className="checkbox">
            <input type="radio" value="percent" {...form.register('discount_type')} /> {t('coupons.percent')}
          </label>
          <label className="checkbox">
            <input type="radio" value="fixed" {...form.register('discount_type')} /> {t('coupons.fixed')}
          </label>
        </fieldset>
        <Field
          id="coupon-value"
          label={type === 'percent' ? t('coupons.valuePercent') : currency ? t('coupons.valueFixed', { currency }) : t('coupons.valueFixedNone')}
          error={errors.discount_value}
          hint={type === 'fixed' && !currency ? t('coupons.fixedNeedsStore') : undefined}
        >
          <span className="input-affix">
            <input
              id="coupon-value"
              type="number"
              inputMode="decimal"
              min={0}
              step={type === 'percent' ? 0.01 : moneyStep(currency)}
              {...describedBy('coupon-value', errors.discount_value, type === 'fixed' && !currency)}
              {...form.register('discount_value')}
            />
            <span aria-hidden="true">{type === 'percent' ? '%' : (currency ?? '')}</span>
          </span>
        </Field>
        <Field id="coupon-min" label={t('coupons.minSubtotal', { currency: currency ? `(${currency})` : '' }).trim()} error={errors.min_subtotal_minor} hint={t('coupons.minSubtotalHint')}>
          <input id="coupon-min" type="number" inputMode="decimal" min={0} step={moneyStep(currency)} {...describedBy('coupon-min', errors.min_subtotal_minor, true)} {...form.register('min_subtotal_minor')} />
        </Field>
        <Field id="coupon-from" label={t('coupons.fromAt')} error={errors.from_at}>
          <input id="coupon-from" type="datetime-local" {...describedBy('coupon-from', errors.from_at)} {...form.register('from_at')} />
        </Field>
        <Field id="coupon-to" label={t('coupons.toAt')} error={errors.to_at}>
          <input id="coupon-to" type="datetime-local" {...describedBy('coupon-to', errors.to_at)} {...form.register('to_at')} />
        </Field>
        <Field id="coupon-uses" label={t('coupons.usesPerCoupon')} error={errors.uses_per_coupon} hint={t('coupons.limitHint')}>
          <input id="coupon-uses" type="number" inputMode="numeric" min={1} step={1} {...describedBy('coupon-uses', errors.uses_per_coupon, true)} {...form.register('uses_per_coupon')} />
        </Field>
        <Field id="coupon-uses-customer" label={t('coupons.usesPerCustomer')} error={errors.uses_per_customer} hint={t('coupons.limitHint')}>
          <input
            id="coupon-uses-customer"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...describedBy('coupon-uses-customer', errors.uses_per_customer, true)}
            {...form.register('uses_per_customer')}
          />
        </Field>
        <div className="field">
          <label className="checkbox" htmlFor="coupon-active">
            <input id="coupon-active" type="checkbox" {...form.register('is_active')} /> {t('coupons.isActive')}
          </label>
        </div>
        <div className="form-actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('coupons.createSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

interface EditDraft {
  label: string;
  to_at: string;
  uses_per_coupon: string;
  uses_per_customer: string;
  is_active: boolean;
}

function editBody(d: EditDraft): Record<string, unknown> {
  return {
    label: d.label,
    to_at: d.to_at ? (localInputToIso(d.to_at) ?? d.to_at) : null,
    uses_per_coupon: limitToApi(d.uses_per_coupon),
    uses_per_customer: limitToApi(d.uses_per_customer),
    is_active: d.is_active,
  };
}

function EditForm({ coupon, onDone }: { coupon: CouponRule; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const resolver: Resolver<EditDraft, unknown, CouponUpdateBody> = (values, context, options) =>
    zodResolver(CouponUpdateBodySchema)(editBody(values) as never, context, options as never) as never;
  const form = useForm<EditDraft, unknown, CouponUpdateBody>({
    resolver,
    defaultValues: {
      label: coupon.label,
      to_at: isoToLocalInput(coupon.to_at),
      uses_per_coupon: coupon.uses_per_coupon === null ? '' : String(coupon.uses_per_coupon),
      uses_per_customer: coupon.uses_per_customer === null ? '' : String(coupon.uses_per_customer),
      is_active: coupon.is_active,
    },
  });
  const save = useMutation({
    mutationFn: (body: CouponUpdateBody) => api.patch(`/admin/promotions/coupons/${coupon.id}`, CouponRuleSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['coupon', String(coupon.id)], after);
      void client.invalidateQueries({ queryKey: ['coupons'] });
      onDone(t('coupons.saved', { code: after.code }));
    },
  });
  const errors = form.formState.errors;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <Field id="edit-label" label={t('coupons.label')} error={errors.label}>
        <input id="edit-label" {...describedBy('edit-label', errors.label)} {...form.register('label')} />
      </Field>
      <Field id="edit-to" label={t('coupons.toAt')} error={errors.to_at} hint={t('coupons.toAtHint')}>
        <input id="edit-to" type="datetime-local" {...describedBy('edit-to', errors.to_at, true)} {...form.register('to_at')} />
      </Field>
      <Field id="edit-uses" label={t('coupons.usesPerCoupon')} error={errors.uses_per_coupon} hint={t('coupons.limitHint')}>
        <input id="edit-uses" type="number" inputMode="numeric" min={1} step={1} {...describedBy('edit-uses', errors.uses_per_coupon, true)} {...form.register('uses_per_coupon')} />
      </Field>
      <Field id="edit-uses-customer" label={t('coupons.usesPerCustomer')} error={errors.uses_per_customer} hint={t('coupons.limitHint')}>
        <input id="edit-uses-customer" type="number" inputMode="numeric" min={1} step={1} {...describedBy('edit-uses-customer', errors.uses_per_customer, true)} {...form.register('uses_per_customer')} />
      </Field>
      <div className="field">
        <label className="checkbox" htmlFor="edit-active">
          <input id="edit-active" type="checkbox" {...form.register('is_active')} /> {t('coupons.isActive')}
        </label>
      </div>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('coupons.save')}
        </button>
      </div>
    </form>
  );
}

export function CouponDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const stores = useStoreViews();
  const created = (location.state as { created?: string } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('coupons.created', { code: created }) : null);
  const query = useQuery({ queryKey: ['coupon', id], queryFn: () => api.get(`/admin/promotions/coupons/${encodeURIComponent(id)}`, CouponRuleSchema) });
  const discountText = useDiscountText();
  const c = query.data;
  const title = t('coupons.detailTitle', { code: c?.code ?? '…' });
  usePageTitle(title);
  const currency = c ? currencyOf(stores.data, c.store_code) : null;
  return (
    <section>
      <PromotionTabs />
      <p className="breadcrumb">
        <Link to="/promotions/coupons">{t('coupons.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={query.error ? messageOf(query.error, t('errors.generic')) : null} />
      {query.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {c ? (
        <div className="detail-grid">
          <Panel id="coupon-summary" title={t('coupons.summary')}>
            <Facts
              items={[
                [t('coupons.code'), <code key="c">{c.code}</code>],
                [t('coupons.label'), c.label],
                [t('coupons.discount'), discountText(c)],
                [t('coupons.store'), c.store_code ?? t('coupons.allStores')],
                [t('coupons.minSubtotal', { currency: '' }).trim(), c.min_subtotal_minor ? (currency ? formatMoney(c.min_subtotal_minor, currency, lng, true) : discountFromApi(c.min_subtotal_minor, 'fixed', 'EUR')) : '—'],
                [t('coupons.fromAt'), formatDateTime(c.from_at, lng)],
                [t('coupons.toAt'), formatDateTime(c.to_at, lng)],
                [t('coupons.usesPerCoupon'), c.uses_per_coupon ?? t('coupons.noLimit')],
                [t('coupons.usesPerCustomer'), c.uses_per_customer ?? t('coupons.noLimit')],
                [t('coupons.used'), formatNumber(c.times_used, lng)],
                [t('coupons.state'), <StatusTag key="s" status={c.is_active ? 'active' : 'inactive'} group="couponState" />],
              ]}
            />
          </Panel>
          {can(session.data?.permissions, 'promotions:write') ? (
            <p>
              <Link className="button-link" to={`/promotions/batches/new?coupon=${encodeURIComponent(c.code)}`}>
                {t('batches.fromCoupon')}
              </Link>
            </p>
          ) : null}
          {can(session.data?.permissions, 'promotions:write') ? (
            <Panel id="coupon-edit" title={t('coupons.edit')}>
              <EditForm key={JSON.stringify(c)} coupon={c} onDone={setDone} />
            </Panel>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
