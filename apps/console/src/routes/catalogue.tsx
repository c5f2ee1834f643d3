import {
  CatalogueDetailSchema, CataloguePageSchema, PRODUCT_KINDS, PriceSetBodySchema, StockChangeBodySchema, toMajor, type CatalogueDetail, type PriceSetBody, type StockChangeBody,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { useForm, type FieldError as RhfFieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { isLowStock, minorToInput, priceBody, wholeNumber } from '../catalogue';
import { ListFilters } from '../components/ListFilters';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice, Field, FieldError, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel } from '../components/misc';
import { moneyStep } from '../couponValue';
import { formatDateTime, formatMoney, formatNumber } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { useStoreViews, type StoreView } from '../stores';
import { usePageTitle } from './layout';

type CatalogueRow = ReturnType<typeof CataloguePageSchema.parse>['items'][number];
type Price = CatalogueRow['prices'][number];

const FILTERS = ['q', 'kind', 'store', 'low_stock'] as const;

function useMoney() {
  const { i18n } = useTranslation();
  return (minor: number, currency: string) => formatMoney(toMajor(minor, currency), currency, i18n.language);
}

/** A price as read: the special price beside the struck regular one when there is one. */
function PriceText({ price }: { price: Price }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (price.special_minor === null) return <>{money(price.regular_minor, price.currency)}</>;
  return (
    <>
      {money(price.special_minor, price.currency)}{' '}
      <s aria-label={t('catalogue.regularWas', { price: money(price.regular_minor, price.currency) })}>{money(price.regular_minor, price.currency)}</s>
    </>
  );
}

function StockText({ quantity, threshold }: { quantity: number | null; threshold: number | null }) {
  const { t, i18n } = useTranslation();
  if (quantity === null) return <span className="muted">{t('catalogue.notStocked')}</span>;
  if (isLowStock(quantity, threshold)) {
    return (
      <span className="tag tag-needs_review">
        {formatNumber(quantity, i18n.language)} · {t('catalogue.lowStock')}
      </span>
    );
  }
  return <>{formatNumber(quantity, i18n.language)}</>;
}

export function CataloguePage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogue.title'));
  const mayEdit = can(useSession().data?.permissions, 'catalogue:write');
  const stores = useStoreViews();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const products = useQuery({
    queryKey: ['catalogue', query],
    queryFn: ({ signal }) => api.get(`/admin/catalogue/products${query}`, CataloguePageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<CatalogueRow>();
  const columns = useMemo(
    () => [
      column.accessor('sku', { header: () => t('catalogue.sku'), cell: (c) => <Link to={`/catalogue/${encodeURIComponent(c.getValue())}`}>{c.getValue()}</Link> }),
      column.accessor('name', { header: () => t('catalogue.name'), cell: (c) => (c.row.original.is_active ? c.getValue() : `${c.getValue()} (${t('catalogue.inactive')})`) }),
      column.accessor('kind', { header: () => t('catalogue.kind'), cell: (c) => t(`productKind.${c.getValue()}`, { defaultValue: c.getValue() }) }),
      column.accessor('quantity', { header: () => t('catalogue.stock'), cell: (c) => <StockText quantity={c.getValue()} threshold={c.row.original.low_stock_threshold} /> }),
      column.accessor('prices', {
        header: () => t('catalogue.prices'),
        cell: (c) =>
          c.getValue().length === 0 ? (
            '—'
          ) : (
            <ul className="plain-list">
              {c.getValue().map((p) => (
                <li key={p.store_code}>
                  <span className="label">{p.store_code}</span> <PriceText price={p} />
                </li>
              ))}
            </ul>
          ),
      }),
    ],
    [column, t],
  );
  return (
    <section>
      <h1>{t('catalogue.title')}</h1>
      <p className="button-row">
        {mayEdit ? <Link className="button-link primary" to="/catalogue/new">{t('catalogueEditor.newProduct')}</Link> : null}
        <Link className="button-link" to="/catalogue/categories">{t('catalogueEditor.categories')}</Link>
      </p>
      <ListFilters
        name="catalogue"
        label={t('catalogue.search')}
        fields={[
          { key: 'q', label: t('catalogue.q'), type: 'search', wide: true },
          { key: 'kind', label: t('catalogue.kind'), type: 'select', options: PRODUCT_KINDS.map((k) => ({ value: k, label: t(`productKind.${k}`) })) },
          { key: 'store', label: t('catalogue.store'), type: 'select', options: (stores.data ?? []).map((s) => ({ value: s.store_code, label: `${s.store_name} (${s.store_code})` })) },
          { key: 'low_stock', label: t('catalogue.stock'), type: 'select', options: [{ value: 'true', label: t('catalogue.lowStockOnly') }] },
        ]}
      />
      <ErrorNotice message={products.error ? messageOf(products.error, t('errors.generic')) : null} />
      <DataTable caption={t('catalogue.caption')} columns={columns} rows={products.data?.items} total={products.data?.page_info.total} loading={products.isFetching} />
    </section>
  );
}

interface PriceDraft {
  store: string;
  regular: string;
  special: string;
}

const currencyOf = (stores: StoreView[] | undefined, code: string) => stores?.find((s) => s.store_code === code)?.base_currency_code ?? null;

/** A price per store view, typed in that store view's currency. */
function PriceForm({ product, onDone }: { product: CatalogueDetail; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const stores = useStoreViews();
  const storesRef = useRef(stores.data);
  storesRef.current = stores.data;
  const resolver: Resolver<PriceDraft, unknown, PriceSetBody> = (values, context, options) =>
    zodResolver(PriceSetBodySchema)(priceBody(values.regular, values.special, currencyOf(storesRef.current, values.store)) as never, context, options as never) as never;
  const first = product.prices[0];
  const form = useForm<PriceDraft, unknown, PriceSetBody>({
    resolver,
    defaultValues: { store: first?.store_code ?? '', regular: first ? minorToInput(first.regular_minor, first.currency) : '', special: first ? minorToInput(first.special_minor, first.currency) : '' },
  });
  const store = form.watch('store');
  const currency = currencyOf(stores.data, store);
  const save = useMutation({
    mutationFn: (body: PriceSetBody) => api.put(`/admin/catalogue/products/${encodeURIComponent(product.sku)}/prices/${encodeURIComponent(store)}`, CatalogueDetailSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['product', product.sku], after);
      void client.invalidateQueries({ queryKey: ['catalogue'] });
      onDone(t('catalogue.priceSaved', { store }));
    },
  });
  const onStore = (code: string) => {
    const p = product.prices.find((x) => x.store_code === code);
    const cur = currencyOf(stores.data, code) ?? p?.currency ?? 'EUR';
    form.setValue('regular', p ? minorToInput(p.regular_minor, cur) : '');
    form.setValue('special', p ? minorToInput(p.special_minor, cur) : '');
  };
  // The resolver checks the API's body, so the errors are named by its fields.
  const errors = form.formState.errors as unknown as Partial<Record<'regular_minor' | 'special_minor', RhfFieldError>>;
  const storeField = form.register('store');
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <Field id="price-store" label={t('catalogue.store')}>
        <select
          id="price-store"
          {...storeField}
          onChange={(e) => {
            void storeField.onChange(e);
            onStore(e.target.value);
          }}
        >
          <option value="">{t('catalogue.chooseStore')}</option>
          {(stores.data ?? []).map((s) => (
            <option key={s.store_code} value={s.store_code}>
              {s.store_name} ({s.store_code}, {s.base_currency_code})
            </option>
          ))}
        </select>
      </Field>
      <Field id="price-regular" label={t('catalogue.regularPrice', { currency: currency ?? '' })} error={errors.regular_minor}>
        <input id="price-regular" type="number" inputMode="decimal" min={0} step={moneyStep(currency)} {...describedBy('price-regular', errors.regular_minor)} {...form.register('regular')} />
      </Field>
      <Field id="price-special" label={t('catalogue.specialPrice', { currency: currency ?? '' })} error={errors.special_minor} hint={t('catalogue.specialHint')}>
        <input id="price-special" type="number" inputMode="decimal" min={0} step={moneyStep(currency)} {...describedBy('price-special', errors.special_minor, true)} {...form.register('special')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending || !store}>
          {t('catalogue.savePrice')}
        </button>
      </div>
    </form>
  );
}

interface StockDraft {
  mode: 'set' | 'adjust';
  quantity: string;
  reason: string;
  low_stock_threshold: string;
}

function stockBody(d: StockDraft): Record<string, unknown> {
  const threshold = wholeNumber(d.low_stock_threshold);
  return { mode: d.mode, quantity: wholeNumber(d.quantity) ?? Number.NaN, reason: d.reason, ...(threshold === undefined ? {} : { low_stock_threshold: threshold }) };
}

/** A count of the shelf (the quantity there is) or goods booked in or out (a change), with a reason. */
function StockForm({ product, onDone }: { product: CatalogueDetail; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const resolver: Resolver<StockDraft, unknown, StockChangeBody> = (values, context, options) =>
    zodResolver(StockChangeBodySchema)(stockBody(values) as never, context, options as never) as never;
  const form = useForm<StockDraft, unknown, StockChangeBody>({
    resolver,
    defaultValues: { mode: 'set', quantity: '', reason: '', low_stock_threshold: product.low_stock_threshold === null ? '' : String(product.low_stock_threshold) },
  });
  const save = useMutation({
    mutationFn: (body: StockChangeBody) => api.post(`/admin/catalogue/products/${encodeURIComponent(product.sku)}/stock`, CatalogueDetailSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['product', product.sku], after);
      void client.invalidateQueries({ queryKey: ['catalogue'] });
      form.reset({ mode: 'set', quantity: '', reason: '', low_stock_threshold: after.low_stock_threshold === null ? '' : String(after.low_stock_threshold) });
      onDone(t('catalogue.stockSaved', { quantity: after.quantity ?? 0 }));
    },
  });
  const mode = form.watch('mode');
  const errors = form.formState.errors;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <fieldset className="choice">
        <legend>{t('catalogue.stockMode')}</legend>
        <label className="checkbox">
          <input type="radio" value="set" {...form.register('mode')} /> {t('catalogue.modeSet')}
        </label>
        <label className="checkbox">
          <input type="radio" value="adjust" {...form.register('mode')} /> {t('catalogue.modeAdjust')}
        </label>
        <FieldError id="stock-mode-error" error={errors.mode} />
      </fieldset>
      <Field id="stock-quantity" label={mode === 'set' ? t('catalogue.countedQuantity') : t('catalogue.adjustBy')} error={errors.quantity} hint={mode === 'adjust' ? t('catalogue.adjustHint') : undefined}>
        <input id="stock-quantity" type="number" inputMode="numeric" step={1} min={mode === 'set' ? 0 : undefined} {...describedBy('stock-quantity', errors.quantity, mode === 'adjust')} {...form.register('quantity')} />
      </Field>
      <Field id="stock-reason" label={t('catalogue.reason')} error={errors.reason}>
        <textarea id="stock-reason" rows={2} {...describedBy('stock-reason', errors.reason)} {...form.register('reason')} />
      </Field>
      <Field id="stock-threshold" label={t('catalogue.threshold')} error={errors.low_stock_threshold} hint={t('catalogue.thresholdHint')}>
        <input id="stock-threshold" type="number" inputMode="numeric" min={0} step={1} {...describedBy('stock-threshold', errors.low_stock_threshold, true)} {...form.register('low_stock_threshold')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('catalogue.saveStock')}
        </button>
      </div>
    </form>
  );
}

export function ProductDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { sku = '' } = useParams();
  const session = useSession();
  const perms = session.data?.permissions;
  const stores = useStoreViews();
  const [done, setDone] = useState<string | null>(null);
  const product = useQuery({ queryKey: ['product', sku], queryFn: () => api.get(`/admin/catalogue/products/${encodeURIComponent(sku)}`, CatalogueDetailSchema) });
  const p = product.data;
  const title = t('catalogue.detailTitle', { name: p?.name ?? sku });
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/catalogue">{t('catalogue.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={product.error ? messageOf(product.error, t('errors.generic')) : null} />
      {product.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {p ? (
        <div className="detail-grid">
          <Panel id="product-summary" title={t('catalogue.summary')}>
            <p>
              <Link to={`/catalogue/${encodeURIComponent(p.sku)}/edit`}>{can(perms, 'catalogue:write') ? t('catalogueEditor.edit') : t('catalogueEditor.texts')}</Link>
            </p>
            <Facts
              items={[
                [t('catalogue.sku'), <code key="s">{p.sku}</code>],
                [t('catalogue.name'), p.name],
                [t('catalogue.kind'), t(`productKind.${p.kind}`, { defaultValue: p.kind })],
                [t('catalogue.state'), p.is_active ? t('catalogue.active') : t('catalogue.inactive')],
                [t('catalogue.stock'), <StockText key="q" quantity={p.quantity} threshold={p.low_stock_threshold} />],
                [t('catalogue.threshold'), p.low_stock_threshold === null ? '—' : formatNumber(p.low_stock_threshold, lng)],
              ]}
            />
          </Panel>
          <Panel id="product-prices" title={t('catalogue.prices')}>
            {p.prices.length === 0 ? (
              <p className="muted">{t('catalogue.noPrices')}</p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="product-prices-caption" tabIndex={0}>
                <table>
                  <caption id="product-prices-caption">{t('catalogue.pricesCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('catalogue.store')}</th>
                      <th scope="col">{t('catalogue.currency')}</th>
                      <th scope="col">{t('catalogue.regular')}</th>
                      <th scope="col">{t('catalogue.special')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.prices.map((x) => (
                      <tr key={x.store_code}>
                        <td>{x.store_code}</td>
                        <td>{x.currency}</td>
                        <td>{formatMoney(toMajor(x.regular_minor, x.currency), x.currency, lng)}</td>
                        <td>{x.special_minor === null ? '—' : formatMoney(toMajor(x.special_minor, x.currency), x.currency, lng)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
          {can(perms, 'catalogue:write') ? (
            <Panel id="product-price-form" title={t('catalogue.setPrice')}>
              {/* The store views are the select's options: the form starts once they are known. */}
              {stores.data ? <PriceForm product={p} onDone={setDone} /> : <p className="loading">{t('common.loading')}</p>}
            </Panel>
          ) : null}
          {can(perms, 'stock:write') ? (
            <Panel id="product-stock-form" title={t('catalogue.changeStock')}>
              <StockForm product={p} onDone={setDone} />
            </Panel>
          ) : null}
          <Panel id="product-movements" title={t('catalogue.movements')} wide>
            {p.movements.length === 0 ? (
              <p className="muted">{t('catalogue.noMovements')}</p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="product-movements-caption" tabIndex={0}>
                <table>
                  <caption id="product-movements-caption">{t('catalogue.movementsCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('catalogue.when')}</th>
                      <th scope="col">{t('catalogue.delta')}</th>
                      <th scope="col">{t('catalogue.quantityAfter')}</th>
                      <th scope="col">{t('catalogue.source')}</th>
                      <th scope="col">{t('catalogue.who')}</th>
                      <th scope="col">{t('catalogue.reason')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.movements.map((m, i) => (
                      <tr key={i}>
                        <td>{formatDateTime(m.at, lng)}</td>
                        <td>{m.delta > 0 ? `+${formatNumber(m.delta, lng)}` : formatNumber(m.delta, lng)}</td>
                        <td>{formatNumber(m.quantity_after, lng)}</td>
                        <td>{t(`stockSource.${m.source}`, { defaultValue: m.source })}</td>
                        <td>{m.actor ?? '—'}</td>
                        <td>{m.reason ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
