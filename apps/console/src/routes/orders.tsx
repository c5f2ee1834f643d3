import {
  ConsoleOrderCancelBodySchema, ConsoleOrderDetailSchema, ConsoleOrderEmailSchema, ConsoleOrderPageSchema, ConsoleRefundBodySchema, ConsoleRefundSchema,
  ORDER_PAYMENT_STATUSES, OrderStatusChangeSchema, OrderSummarySchema, currencyExponent, toMinor, type ConsoleOrderDetail, type ConsoleOrderRow,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { ListFilters } from '../components/ListFilters';
import { DataTable, useListSearch } from '../components/DataTable';
import { exportHref } from '../exportLinks';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { formatDateTime, formatMoney } from '../format';
import { readInt, readParams, readSort } from '../listParams';
import { useSession } from '../session';
import en from '../i18n/en.json';
import { usePageTitle } from './layout';

const FILTERS = ['q', 'status', 'store', 'payment_status', 'from', 'to'] as const;
const SORTABLE = ['created_at', 'number', 'grand_total'] as const;
const SHIPPING_STATUSES = new Set(['shipped', 'shipped_to_warehouse']);
/** The shop's order statuses (db/migrations/0009_orders.sql), for the list's filter. */
const ORDER_STATUSES: readonly string[] = Object.keys(en.orderStatus);
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export function OrdersPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('orders.title'));
  const lng = i18n.language;
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const sort = readSort(search, SORTABLE);
  const query = queryString({
    ...filters,
    page: readInt(search, 'page', 1),
    page_size: readInt(search, 'page_size', 25, 100),
    sort: sort?.id,
    direction: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
  });
  const orders = useQuery({
    queryKey: ['orders', query],
    queryFn: ({ signal }) => api.get(`/admin/orders${query}`, ConsoleOrderPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<ConsoleOrderRow>();
  const columns = useMemo(
    () => [
      column.accessor('number', { header: () => t('orders.number'), cell: (c) => <Link to={`/orders/${encodeURIComponent(c.getValue())}`}>{c.getValue()}</Link> }),
      column.accessor('created_at', { header: () => t('orders.created'), cell: (c) => formatDateTime(c.getValue(), lng) }),
      column.accessor('store_code', { header: () => t('orders.store') }),
      column.display({
        id: 'customer',
        header: () => t('orders.customer'),
        cell: (c) => (
          <>
            {c.row.original.customer_name ?? t('orders.guest')}
            <br />
            <span className="muted">{c.row.original.email}</span>
          </>
        ),
      }),
      column.accessor('status', { header: () => t('orders.status'), cell: (c) => <StatusTag status={c.getValue()} group="orderStatus" /> }),
      column.accessor('payment_status', { header: () => t('orders.payment'), cell: (c) => <StatusTag status={c.getValue()} group="paymentStatus" /> }),
      column.accessor('items_count', { header: () => t('orders.items') }),
      column.accessor('grand_total', { header: () => t('orders.total'), cell: (c) => formatMoney(c.getValue().amount, c.getValue().currency, lng, true) }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <h1>{t('orders.title')}</h1>
      <ListFilters
        name="orders"
        label={t('orders.search')}
        fields={[
          { key: 'q', label: t('orders.q'), type: 'search', wide: true },
          { key: 'status', label: t('orders.status'), type: 'select', options: ORDER_STATUSES.map((s) => ({ value: s, label: t(`orderStatus.${s}`) })) },
          { key: 'payment_status', label: t('orders.payment'), type: 'select', options: ORDER_PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`paymentStatus.${s}`) })) },
          { key: 'store', label: t('orders.store'), type: 'text' },
          { key: 'from', label: t('common.from'), type: 'datetime' },
          { key: 'to', label: t('common.to'), type: 'datetime' },
        ]}
        resetAlso={['sort']}
      />
      <div className="list-tools">
        <a className="button-link" href={exportHref('orders', search)} download>
          {t('common.exportCsv')}
        </a>
      </div>
      <ErrorNotice message={orders.error ? messageOf(orders.error, t('errors.generic')) : null} />
      <DataTable caption={t('orders.caption')} columns={columns} rows={orders.data?.items} total={orders.data?.page_info.total} capped={orders.data?.page_info.total_capped ?? false} loading={orders.isFetching} sortable={SORTABLE} />
    </section>
  );
}

function StatusForm({ order, onDone }: { order: ConsoleOrderDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({
    resolver: zodResolver(OrderStatusChangeSchema),
    shouldUnregister: true,
    defaultValues: { status: order.next_statuses[0] ?? '' },
  });
  const change = useMutation({
    mutationFn: (body: unknown) => api.post(`/admin/orders/${encodeURIComponent(order.number)}/status`, OrderSummarySchema, body),
    onSuccess: (summary) => {
      void client.invalidateQueries({ queryKey: ['order', order.number] });
      void client.invalidateQueries({ queryKey: ['orders'] });
      onDone(t('orders.statusChanged', { status: t(`orderStatus.${summary.status}`, { defaultValue: summary.status }) }));
    },
  });
  const status = form.watch('status');
  const errors = form.formState.errors;
  if (!order.next_statuses.length) return <p className="muted">{t('orders.noNextStatus')}</p>;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((values) => change.mutate(values))}>
      <ErrorNotice message={change.error ? messageOf(change.error, t('errors.generic')) : null} />
      <Field id="next-status" label={t('orders.newStatus')} error={errors.status}>
        <select id="next-status" {...form.register('status')}>
          {order.next_statuses.map((s) => (
            <option key={s} value={s}>
              {t(`orderStatus.${s}`, { defaultValue: s })}
            </option>
          ))}
        </select>
      </Field>
      {SHIPPING_STATUSES.has(status) ? (
        <>
          <Field id="carrier" label={t('orders.carrier')} error={errors.tracking?.carrier}>
            <input id="carrier" {...describedBy('carrier', errors.tracking?.carrier)} {...form.register('tracking.carrier')} />
          </Field>
          <Field id="tracking-number" label={t('orders.trackingNumber')} error={errors.tracking?.number}>
            <input id="tracking-number" {...describedBy('tracking-number', errors.tracking?.number)} {...form.register('tracking.number')} />
          </Field>
          <Field id="track-url" label={t('orders.trackUrl')} error={errors.tracking?.track_url}>
            <input id="track-url" type="url" {...describedBy('track-url', errors.tracking?.track_url)} {...form.register('tracking.track_url', { setValueAs: emptyToUndefined })} />
          </Field>
        </>
      ) : null}
      <Field id="status-comment" label={t('orders.comment')} error={errors.comment}>
        <textarea id="status-comment" rows={2} {...describedBy('status-comment', errors.comment)} {...form.register('comment', { setValueAs: emptyToUndefined })} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={change.isPending}>
          {t('orders.changeStatus')}
        </button>
      </div>
    </form>
  );
}

function CancelForm({ order, onDone }: { order: ConsoleOrderDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({ resolver: zodResolver(ConsoleOrderCancelBodySchema), defaultValues: {} });
  const cancel = useMutation({
    mutationFn: (body: unknown) => api.post(`/admin/orders/${encodeURIComponent(order.number)}/cancel`, null, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['order', order.number] });
      onDone(t('orders.canceled'));
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="form-grid"
      onSubmit={form.handleSubmit((values) => {
        if (window.confirm(t('orders.cancelConfirm', { number: order.number }))) cancel.mutate(values);
      })}
    >
      <ErrorNotice message={cancel.error ? messageOf(cancel.error, t('errors.generic')) : null} />
      <Field id="cancel-comment" label={t('orders.comment')} error={errors.comment}>
        <textarea id="cancel-comment" rows={2} {...describedBy('cancel-comment', errors.comment)} {...form.register('comment', { setValueAs: emptyToUndefined })} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="danger" disabled={cancel.isPending}>
          {t('orders.cancel')}
        </button>
      </div>
    </form>
  );
}

function RefundForm({ order, onDone }: { order: ConsoleOrderDetail; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const currency = order.totals.currency;
  const [key] = useState(() => crypto.randomUUID());
  const form = useForm({ resolver: zodResolver(ConsoleRefundBodySchema) });
  const refund = useMutation({
    mutationFn: (body: object) => api.post(`/admin/orders/${encodeURIComponent(order.number)}/refunds`, ConsoleRefundSchema, { ...body, idempotency_key: key }),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: ['order', order.number] });
      onDone(t('orders.refunded', { amount: formatMoney(result.refunded, result.currency, i18n.language, true) }));
    },
  });
  const errors = form.formState.errors;
  const toMinorUnits = (v: unknown) => {
    const text = String(v ?? '').trim().replace(',', '.');
    if (!text) return undefined;
    const n = Number(text);
    return Number.isFinite(n) ? toMinor(n, currency) : Number.NaN;
  };
  const step = 1 / 10 ** currencyExponent(currency);
  return (
    <form
      noValidate
      className="form-grid"
      onSubmit={form.handleSubmit((values) => {
        if (values.amount > order.payment.refundable) {
          form.setError('amount', { type: 'too_big' });
          return;
        }
        refund.mutate(values);
      })}
    >
      <ErrorNotice message={refund.error ? messageOf(refund.error, t('errors.generic')) : null} />
      <Field id="refund-amount" label={t('orders.refundAmount', { currency })} error={errors.amount} hint={t('orders.refundable', { amount: formatMoney(order.payment.refundable, currency, i18n.language, true) })}>
        <input id="refund-amount" type="number" inputMode="decimal" min={step} step={step} {...describedBy('refund-amount', errors.amount, true)} {...form.register('amount', { setValueAs: toMinorUnits })} />
      </Field>
      <Field id="refund-comment" label={t('orders.comment')} error={errors.comment}>
        <textarea id="refund-comment" rows={2} {...describedBy('refund-comment', errors.comment)} {...form.register('comment', { setValueAs: emptyToUndefined })} />
      </Field>
      <div className="form-actions">
        <button type="submit" disabled={refund.isPending}>
          {t('orders.refund')}
        </button>
      </div>
    </form>
  );
}

function EmailActions({ order, onDone }: { order: ConsoleOrderDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: (kind: 'confirmation' | 'shipment') => api.post(`/admin/orders/${encodeURIComponent(order.number)}/emails`, ConsoleOrderEmailSchema, { kind }),
    onSuccess: () => onDone(t('orders.emailQueued')),
  });
  return (
    <div className="button-row">
      <ErrorNotice message={send.error ? messageOf(send.error, t('errors.generic')) : null} />
      <button type="button" disabled={send.isPending} onClick={() => send.mutate('confirmation')}>
        {t('orders.resendConfirmation')}
      </button>
      <button type="button" disabled={send.isPending || order.shipments.length === 0} onClick={() => send.mutate('shipment')}>
        {t('orders.resendShipment')}
      </button>
    </div>
  );
}

export function OrderDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { number = '' } = useParams();
  usePageTitle(t('orders.detailTitle', { number }));
  const session = useSession();
  const perms = session.data?.permissions;
  const [done, setDone] = useState<string | null>(null);
  const order = useQuery({ queryKey: ['order', number], queryFn: () => api.get(`/admin/orders/${encodeURIComponent(number)}/detail`, ConsoleOrderDetailSchema) });
  const o = order.data;
  const money = (amount: number) => formatMoney(amount, o?.totals.currency ?? 'EUR', lng, true);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/orders">{t('orders.back')}</Link>
      </p>
      <h1>{t('orders.detailTitle', { number })}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={order.error ? messageOf(order.error, t('errors.generic')) : null} />
      {order.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {o ? (
        <div className="detail-grid">
          <Panel id="order-summary" title={t('orders.summary')}>
            <Facts
              items={[
                [t('orders.status'), <StatusTag key="s" status={o.status} group="orderStatus" />],
                [t('orders.created'), formatDateTime(o.created_at, lng)],
                [t('orders.store'), `${o.store_code} (${o.website_code}, ${o.language})`],
                [t('orders.customer'), o.customer.uuid ? <Link to={`/customers/${o.customer.uuid}`}>{o.customer.email}</Link> : `${o.customer.email} (${t('orders.guest')})`],
                [t('orders.payment'), <StatusTag key="p" status={o.payment.status} group="paymentStatus" />],
                [t('orders.paymentMethod'), o.payment.method_code],
                [t('orders.shippingMethod'), o.shipping_method?.title ?? o.shipping_method?.carrier_code ?? '—'],
                [t('orders.coupons'), o.coupon_codes.join(', ') || '—'],
              ]}
            />
          </Panel>
          {can(perms, 'orders:write') ? (
            <Panel id="order-actions" title={t('orders.actions')}>
              <h3>{t('orders.changeStatus')}</h3>
              <StatusForm key={o.status} order={o} onDone={setDone} />
              {o.can_cancel ? (
                <>
                  <h3>{t('orders.cancel')}</h3>
                  <CancelForm order={o} onDone={setDone} />
                </>
              ) : null}
              {o.can_refund && can(perms, 'orders:refund') ? (
                <>
                  <h3>{t('orders.refund')}</h3>
                  <RefundForm key={o.payment.refunded_total} order={o} onDone={setDone} />
                </>
              ) : null}
              <h3>{t('orders.emails')}</h3>
              <EmailActions order={o} onDone={setDone} />
            </Panel>
          ) : null}
          <Panel id="order-items" title={t('orders.itemsTitle')}>
            <div className="table-scroll" role="region" aria-labelledby="order-items-caption" tabIndex={0}>
              <table>
                <caption id="order-items-caption" className="visually-hidden">{t('orders.itemsTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('orders.sku')}</th>
                    <th scope="col">{t('orders.product')}</th>
                    <th scope="col" className="num">{t('orders.qty')}</th>
                    <th scope="col" className="num">{t('orders.shippedQty')}</th>
                    <th scope="col" className="num">{t('orders.unitPrice')}</th>
                    <th scope="col" className="num">{t('orders.rowTotal')}</th>
                  </tr>
                </thead>
                <tbody>
                  {o.items.map((item, i) => (
                    <tr key={`${item.sku}-${i}`}>
                      <th scope="row">{item.sku}</th>
                      <td>{item.name}{item.is_gift ? ` (${t('orders.gift')})` : ''}</td>
                      <td className="num">{item.qty_ordered}</td>
                      <td className="num">{item.qty_shipped}</td>
                      <td className="num">{money(item.unit_price_incl_tax)}</td>
                      <td className="num">{money(item.row_total_incl_tax)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Facts
              items={[
                [t('orders.subtotal'), money(o.totals.subtotal_incl_tax)],
                [t('orders.discount'), money(o.totals.discount_total)],
                [t('orders.shipping'), money(o.totals.shipping_incl_tax)],
                [t('orders.tax'), money(o.totals.tax_total)],
                [t('orders.total'), money(o.totals.grand_total)],
                [t('orders.refundedTotal'), money(o.totals.refunded_total)],
              ]}
            />
          </Panel>
          <Panel id="order-addresses" title={t('orders.addresses')}>
            <div className="addresses">
              {o.addresses.map((a) => (
                <address key={a.kind}>
                  <strong>{t(`orders.address.${a.kind}`)}</strong>
                  <br />
                  {a.firstname} {a.lastname}
                  {a.pickup_name ? <><br />{a.pickup_name}</> : null}
                  {a.street.map((line) => (
                    <span key={line}><br />{line}</span>
                  ))}
                  <br />
                  {a.postcode} {a.city}
                  <br />
                  {a.country_code}
                  {a.telephone ? <><br />{a.telephone}</> : null}
                </address>
              ))}
            </div>
          </Panel>
          <Panel id="order-shipments" title={t('orders.shipments')}>
            {o.shipments.length === 0 ? <p className="muted">{t('orders.noShipments')}</p> : null}
            <ul className="plain-list">
              {o.shipments.map((s) => (
                <li key={s.number}>
                  <strong>{s.number}</strong> · {formatDateTime(s.created_at, lng)}
                  <ul>
                    {s.tracks.map((tr) => (
                      <li key={tr.number}>
                        {tr.carrier}: {tr.track_url ? <a href={tr.track_url} rel="noreferrer noopener" target="_blank">{tr.number}</a> : tr.number}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel id="order-history" title={t('orders.history')}>
            <ol className="timeline">
              {o.history.map((h, i) => (
                <li key={i}>
                  <time dateTime={h.created_at}>{formatDateTime(h.created_at, lng)}</time>{' '}
                  {h.from_status ? `${t(`orderStatus.${h.from_status}`, { defaultValue: h.from_status })} → ` : ''}
                  <strong>{t(`orderStatus.${h.to_status}`, { defaultValue: h.to_status })}</strong> · {h.actor}
                  {h.reason_code ? ` · ${h.reason_code}` : ''}
                  {h.comment ? <p className="muted">{h.comment}</p> : null}
                </li>
              ))}
            </ol>
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
