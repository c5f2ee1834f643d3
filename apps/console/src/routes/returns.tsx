import {
  AdminReturnListSchema, AdminReturnSchema, AuthorizeReturnBodySchema, CloseReturnBodySchema, DenyReturnBodySchema, RETURN_STATUSES, ReceiveReturnBodySchema,
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
import { ErrorNotice, Field, FieldError, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { formatDate, formatDateTime, formatMoney } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { usePageTitle } from './layout';

type AdminReturn = ReturnType<typeof AdminReturnSchema.parse>;
const FILTERS = ['status', 'store', 'order_number', 'from', 'to'] as const;
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export function ReturnsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('returns.title'));
  const lng = i18n.language;
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const list = useQuery({
    queryKey: ['returns', query],
    queryFn: ({ signal }) => api.get(`/admin/returns${query}`, AdminReturnListSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<AdminReturn>();
  const columns = useMemo(
    () => [
      column.accessor('number', { header: () => t('returns.number'), cell: (c) => <Link to={`/returns/${encodeURIComponent(c.getValue())}`}>{c.getValue()}</Link> }),
      column.accessor('order_number', { header: () => t('returns.order') }),
      column.accessor('created_at', { header: () => t('returns.created'), cell: (c) => formatDateTime(c.getValue(), lng) }),
      column.accessor('store_code', { header: () => t('returns.store') }),
      column.accessor('status', { header: () => t('returns.status'), cell: (c) => <StatusTag status={c.getValue()} group="returnStatus" /> }),
      column.accessor('reason', { header: () => t('returns.reason'), cell: (c) => t(`returnReason.${c.getValue()}`, { defaultValue: c.getValue() }) }),
      column.display({ id: 'items', header: () => t('returns.items'), cell: (c) => c.row.original.items.reduce((n, i) => n + i.request_quantity, 0) }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <h1>{t('returns.title')}</h1>
      <ListFilters
        name="returns"
        label={t('returns.search')}
        fields={[
          { key: 'order_number', label: t('returns.order'), type: 'search', wide: true },
          { key: 'status', label: t('returns.status'), type: 'select', options: RETURN_STATUSES.map((s) => ({ value: s, label: t(`returnStatus.${s}`, { defaultValue: s }) })) },
          { key: 'store', label: t('returns.store'), type: 'text' },
          { key: 'from', label: t('common.from'), type: 'date' },
          { key: 'to', label: t('common.to'), type: 'date' },
        ]}
      />
      <ErrorNotice message={list.error ? messageOf(list.error, t('errors.generic')) : null} />
      <DataTable caption={t('returns.caption')} columns={columns} rows={list.data?.items} total={list.data?.total} loading={list.isFetching} />
    </section>
  );
}

function useReturnAction(number: string, onDone: (m: string) => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: string; body: object }) => api.post(`/admin/returns/${encodeURIComponent(number)}/${action}`, AdminReturnSchema, body),
    onSuccess: (ret) => {
      client.setQueryData(['return', number], ret);
      void client.invalidateQueries({ queryKey: ['returns'] });
      onDone(t('returns.updated', { status: t(`returnStatus.${ret.status}`, { defaultValue: ret.status }) }));
    },
  });
}

/** Quantities per item (authorize: 0 denies that item; receive: what arrived). */
function QuantityForm({ ret, action, label, quantityOf, onDone }: { ret: AdminReturn; action: 'authorize' | 'receive'; label: string; quantityOf: (i: AdminReturn['items'][number]) => number; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const schema = action === 'authorize' ? AuthorizeReturnBodySchema : ReceiveReturnBodySchema;
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { items: ret.items.map((i) => ({ uid: i.uid, quantity: quantityOf(i) })) } });
  const run = useReturnAction(ret.number, onDone);
  const errors = form.formState.errors;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => run.mutate({ action, body }))}>
      <ErrorNotice message={run.error ? messageOf(run.error, t('errors.generic')) : null} />
      {ret.items.map((item, index) => {
        const id = `${action}-qty-${index}`;
        const err = errors.items?.[index]?.quantity;
        return (
          <div className="field" key={item.uid}>
            <label htmlFor={id}>{t('returns.quantityFor', { name: item.product_name, sku: item.product_sku, requested: item.request_quantity })}</label>
            <input type="hidden" {...form.register(`items.${index}.uid`)} />
            <input id={id} type="number" min={0} max={item.request_quantity} {...describedBy(id, err)} {...form.register(`items.${index}.quantity`, { valueAsNumber: true })} />
            <FieldError id={`${id}-error`} error={err} />
          </div>
        );
      })}
      <Field id={`${action}-comment`} label={t('returns.comment')} error={errors.comment}>
        <input id={`${action}-comment`} {...form.register('comment', { setValueAs: emptyToUndefined })} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={run.isPending}>
          {label}
        </button>
      </div>
    </form>
  );
}

function DenyForm({ ret, onDone }: { ret: AdminReturn; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(DenyReturnBodySchema), defaultValues: { reason: '' } });
  const run = useReturnAction(ret.number, onDone);
  const errors = form.formState.errors;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => run.mutate({ action: 'deny', body }))}>
      <ErrorNotice message={run.error ? messageOf(run.error, t('errors.generic')) : null} />
      <Field id="deny-reason" label={t('returns.denyReason')} error={errors.reason}>
        <input id="deny-reason" {...describedBy('deny-reason', errors.reason)} {...form.register('reason')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="danger" disabled={run.isPending}>
          {t('returns.deny')}
        </button>
      </div>
    </form>
  );
}

/** Approve (resellable or not) or reject each received item. */
function ItemDecisions({ ret, onDone }: { ret: AdminReturn; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const run = useReturnAction(ret.number, onDone);
  const [resellable, setResellable] = useState<Record<string, boolean>>({});
  const open = ret.items.filter((i) => i.status === 'RECEIVED');
  if (!open.length) return <p className="muted">{t('returns.nothingToDecide')}</p>;
  return (
    <>
      <ErrorNotice message={run.error ? messageOf(run.error, t('errors.generic')) : null} />
      <ul className="plain-list decisions">
        {open.map((item) => {
          const id = `resellable-${item.uid}`;
          return (
            <li key={item.uid}>
              <strong>{item.product_name}</strong> ({item.product_sku}) × {item.received_quantity ?? item.quantity}
              <div className="button-row">
                <label htmlFor={id} className="checkbox">
                  <input id={id} type="checkbox" checked={resellable[item.uid] ?? true} onChange={(e) => setResellable((r) => ({ ...r, [item.uid]: e.target.checked }))} />{' '}
                  {t('returns.resellable')}
                </label>
                <button
                  type="button"
                  disabled={run.isPending}
                  onClick={() => run.mutate({ action: 'approve', body: { items: [{ uid: item.uid, condition: resellable[item.uid] ?? true ? 'resellable' : 'not_resellable' }] } })}
                >
                  {t('returns.approve')}
                </button>
                <button type="button" className="danger" disabled={run.isPending} onClick={() => run.mutate({ action: 'reject', body: { items: [{ uid: item.uid }] } })}>
                  {t('returns.reject')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function CloseForm({ ret, onDone }: { ret: AdminReturn; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(CloseReturnBodySchema), defaultValues: {} });
  const run = useReturnAction(ret.number, onDone);
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => run.mutate({ action: 'close', body }))}>
      <ErrorNotice message={run.error ? messageOf(run.error, t('errors.generic')) : null} />
      <Field id="close-comment" label={t('returns.comment')} error={form.formState.errors.comment}>
        <input id="close-comment" {...form.register('comment', { setValueAs: emptyToUndefined })} />
      </Field>
      <div className="form-actions">
        <button type="submit" disabled={run.isPending}>
          {t('returns.close')}
        </button>
      </div>
    </form>
  );
}

const FINAL = new Set(['DENIED', 'CLOSED', 'PROCESSED_AND_CLOSED']);

export function ReturnDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { number = '' } = useParams();
  usePageTitle(t('returns.detailTitle', { number }));
  const session = useSession();
  const [done, setDone] = useState<string | null>(null);
  const ret = useQuery({ queryKey: ['return', number], queryFn: () => api.get(`/admin/returns/${encodeURIComponent(number)}`, AdminReturnSchema) });
  const r = ret.data;
  const writable = can(session.data?.permissions, 'returns:write') && r && !FINAL.has(r.status);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/returns">{t('returns.back')}</Link>
      </p>
      <h1>{t('returns.detailTitle', { number })}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={ret.error ? messageOf(ret.error, t('errors.generic')) : null} />
      {ret.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {r ? (
        <div className="detail-grid">
          <Panel id="return-summary" title={t('returns.summary')}>
            <Facts
              items={[
                [t('returns.status'), <StatusTag key="s" status={r.status} group="returnStatus" />],
                [t('returns.order'), can(session.data?.permissions, 'orders:read') ? <Link key="o" to={`/orders/${encodeURIComponent(r.order_number)}`}>{r.order_number}</Link> : r.order_number],
                [t('returns.created'), formatDateTime(r.created_at, lng)],
                [t('returns.reason'), t(`returnReason.${r.reason}`, { defaultValue: r.reason })],
                [t('returns.customerComment'), r.comment ?? '—'],
                [t('returns.method'), r.method.type === 'drop_off' ? `${t('returns.dropOff')}: ${r.method.store?.name ?? ''}` : `${t('returns.label')} ${r.method.label_reference ?? ''}`],
                [t('returns.refunded'), formatMoney(r.refunded_total, r.currency, lng, true)],
              ]}
            />
          </Panel>
          <Panel id="return-items" title={t('returns.items')}>
            <div className="table-scroll" role="region" aria-labelledby="return-items-caption" tabIndex={0}>
              <table>
                <caption id="return-items-caption" className="visually-hidden">{t('returns.items')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('returns.product')}</th>
                    <th scope="col" className="num">{t('returns.requested')}</th>
                    <th scope="col" className="num">{t('returns.authorized')}</th>
                    <th scope="col" className="num">{t('returns.received')}</th>
                    <th scope="col" className="num">{t('returns.approved')}</th>
                    <th scope="col">{t('returns.status')}</th>
                    <th scope="col">{t('returns.condition')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.items.map((i) => (
                    <tr key={i.uid}>
                      <th scope="row">{i.product_name} <span className="muted">({i.product_sku})</span></th>
                      <td className="num">{i.request_quantity}</td>
                      <td className="num">{i.authorized_quantity ?? '—'}</td>
                      <td className="num">{i.received_quantity ?? '—'}</td>
                      <td className="num">{i.approved_quantity ?? '—'}</td>
                      <td><StatusTag status={i.status} group="returnItemStatus" /></td>
                      <td>{i.condition ? t(`returns.conditions.${i.condition}`) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
          {writable ? (
            <Panel id="return-actions" title={t('returns.actions')}>
              {r.status === 'PENDING' ? (
                <>
                  <h3>{t('returns.authorize')}</h3>
                  <QuantityForm ret={r} action="authorize" label={t('returns.authorize')} quantityOf={(i) => i.request_quantity} onDone={setDone} />
                  <h3>{t('returns.deny')}</h3>
                  <DenyForm ret={r} onDone={setDone} />
                </>
              ) : null}
              {r.status === 'AUTHORIZED' || r.status === 'PARTIALLY_AUTHORIZED' || r.status === 'PARTIALLY_RECEIVED' ? (
                <>
                  <h3>{t('returns.receive')}</h3>
                  <QuantityForm ret={r} action="receive" label={t('returns.receive')} quantityOf={(i) => i.authorized_quantity ?? 0} onDone={setDone} />
                </>
              ) : null}
              {r.items.some((i) => i.status === 'RECEIVED') ? (
                <>
                  <h3>{t('returns.decide')}</h3>
                  <ItemDecisions ret={r} onDone={setDone} />
                </>
              ) : null}
              <h3>{t('returns.close')}</h3>
              <CloseForm ret={r} onDone={setDone} />
            </Panel>
          ) : null}
          <Panel id="return-history" title={t('returns.history')}>
            <ol className="timeline">
              {r.history.map((h, i) => (
                <li key={i}>
                  <time dateTime={h.created_at}>{formatDateTime(h.created_at, lng)}</time> <StatusTag status={h.status} group="returnStatus" /> ·{' '}
                  {h.actor_label ?? t(`returns.author.${h.author}`)}
                  {h.comment ? <p className="muted">{h.comment}</p> : null}
                </li>
              ))}
            </ol>
            <p className="muted">{t('returns.createdOn', { date: formatDate(r.created_at, lng) })}</p>
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
