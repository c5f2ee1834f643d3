import {
  ConsoleCustomerDetailSchema, ConsoleCustomerExportSchema, ConsoleCustomerPageSchema, ConsoleErasureBodySchema, ConsoleErasureSchema, ConsolePointsBodySchema,
  ConsolePointsSchema, OperatorAccountStatusBodySchema, OperatorAccountStatusSchema, type ConsoleCustomerDetail, type ConsoleCustomerRow,
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
import { Facts, Panel, RecordTable, StatusTag } from '../components/misc';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { usePageTitle } from './layout';

const FILTERS = ['q', 'status', 'store', 'website', 'from', 'to'] as const;
const STATUSES = ['active', 'deactivated', 'cancelled'] as const;

export function CustomersPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('customers.title'));
  const lng = i18n.language;
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const customers = useQuery({
    queryKey: ['customers', query],
    queryFn: ({ signal }) => api.get(`/admin/customers${query}`, ConsoleCustomerPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<ConsoleCustomerRow>();
  const columns = useMemo(
    () => [
      column.display({ id: 'name', header: () => t('customers.name'), cell: (c) => <Link to={`/customers/${c.row.original.uuid}`}>{`${c.row.original.firstname} ${c.row.original.lastname}`}</Link> }),
      column.accessor('email', { header: () => t('customers.email') }),
      column.accessor('telephone', { header: () => t('customers.telephone'), cell: (c) => c.getValue() ?? '—' }),
      column.accessor('store_code', { header: () => t('customers.store') }),
      column.accessor('status', { header: () => t('customers.status'), cell: (c) => <StatusTag status={c.getValue()} group="customerStatus" /> }),
      column.accessor('is_age_verified', { header: () => t('customers.ageVerified'), cell: (c) => (c.getValue() ? t('common.yes') : t('common.no')) }),
      column.accessor('created_at', { header: () => t('customers.created'), cell: (c) => formatDate(c.getValue(), lng) }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <h1>{t('customers.title')}</h1>
      <ListFilters
        name="customers"
        label={t('customers.search')}
        fields={[
          { key: 'q', label: t('customers.q'), type: 'search', wide: true },
          { key: 'status', label: t('customers.status'), type: 'select', options: STATUSES.map((s) => ({ value: s, label: t(`customerStatus.${s}`) })) },
          { key: 'store', label: t('customers.store'), type: 'text' },
          { key: 'from', label: t('common.from'), type: 'datetime' },
          { key: 'to', label: t('common.to'), type: 'datetime' },
        ]}
        resetAlso={['website']}
      />
      <div className="list-tools">
        <a className="button-link" href={exportHref('customers', search)} download>
          {t('common.exportCsv')}
        </a>
      </div>
      <ErrorNotice message={customers.error ? messageOf(customers.error, t('errors.generic')) : null} />
      <DataTable caption={t('customers.caption')} columns={columns} rows={customers.data?.items} total={customers.data?.page_info.total} capped={customers.data?.page_info.total_capped ?? false} loading={customers.isFetching} />
    </section>
  );
}

function PointsForm({ uuid, onDone }: { uuid: string; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const form = useForm({ resolver: zodResolver(ConsolePointsBodySchema), defaultValues: { reason: '' } });
  const adjust = useMutation({
    mutationFn: (body: object) => api.post(`/admin/customers/${uuid}/points`, ConsolePointsSchema, { ...body, idempotency_key: key }),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: ['customer', uuid] });
      form.reset({ reason: '' });
      setKey(crypto.randomUUID());
      onDone(t('customers.pointsAdjusted', { balance: result.balance }));
    },
  });
  const errors = form.formState.errors;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((values) => adjust.mutate(values))}>
      <ErrorNotice message={adjust.error ? messageOf(adjust.error, t('errors.generic')) : null} />
      <Field id="points" label={t('customers.points')} error={errors.points} hint={t('customers.pointsHint')}>
        <input id="points" type="number" step={1} {...describedBy('points', errors.points, true)} {...form.register('points', { setValueAs: (v) => (v === '' ? undefined : Number(v)) })} />
      </Field>
      <Field id="points-reason" label={t('customers.reason')} error={errors.reason}>
        <input id="points-reason" {...describedBy('points-reason', errors.reason)} {...form.register('reason')} />
      </Field>
      <div className="form-actions">
        <button type="submit" disabled={adjust.isPending}>
          {t('customers.adjustPoints')}
        </button>
      </div>
    </form>
  );
}

function BlockForm({ customer, onDone }: { customer: ConsoleCustomerDetail; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const uuid = customer.profile.uuid;
  const target: 'active' | 'deactivated' = customer.profile.status === 'active' ? 'deactivated' : 'active';
  const form = useForm({ resolver: zodResolver(OperatorAccountStatusBodySchema), defaultValues: { status: target, reason: '' } });
  const change = useMutation({
    mutationFn: (body: object) => api.put(`/admin/customers/${uuid}/status`, OperatorAccountStatusSchema, body),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: ['customer', uuid] });
      onDone(t(result.status === 'active' ? 'customers.unblocked' : 'customers.blocked'));
    },
  });
  const errors = form.formState.errors;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((values) => change.mutate(values))}>
      <ErrorNotice message={change.error ? messageOf(change.error, t('errors.generic')) : null} />
      <input type="hidden" {...form.register('status')} />
      <Field id="block-reason" label={t('customers.reason')} error={errors.reason}>
        <input id="block-reason" {...describedBy('block-reason', errors.reason)} {...form.register('reason')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className={target === 'deactivated' ? 'danger' : ''} disabled={change.isPending}>
          {target === 'deactivated' ? t('customers.block') : t('customers.unblock')}
        </button>
      </div>
    </form>
  );
}

function EraseForm({ uuid, onDone }: { uuid: string; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({ resolver: zodResolver(ConsoleErasureBodySchema), defaultValues: { confirm: '', reason: '' } });
  const erase = useMutation({
    mutationFn: (body: object) => api.post(`/admin/customers/${uuid}/erasure`, ConsoleErasureSchema, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['customer', uuid] });
      onDone(t('customers.erased'));
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="form-grid"
      onSubmit={form.handleSubmit((values) => {
        if (values.confirm !== uuid) {
          form.setError('confirm', { type: 'mismatch' });
          return;
        }
        erase.mutate(values);
      })}
    >
      <p>{t('customers.eraseWarning')}</p>
      <ErrorNotice message={erase.error ? messageOf(erase.error, t('errors.generic')) : null} />
      <Field id="erase-confirm" label={t('customers.eraseConfirm', { uuid })} error={errors.confirm}>
        <input id="erase-confirm" autoComplete="off" spellCheck={false} {...describedBy('erase-confirm', errors.confirm)} {...form.register('confirm')} />
      </Field>
      <Field id="erase-reason" label={t('customers.reason')} error={errors.reason}>
        <input id="erase-reason" {...describedBy('erase-reason', errors.reason)} {...form.register('reason')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="danger" disabled={erase.isPending}>
          {t('customers.erase')}
        </button>
      </div>
    </form>
  );
}

function ExportButton({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const exp = useMutation({
    mutationFn: () => api.get(`/admin/customers/${uuid}/export`, ConsoleCustomerExportSchema),
    onSuccess: (data) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `customer-${uuid}.json`;
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
  return (
    <>
      <ErrorNotice message={exp.error ? messageOf(exp.error, t('errors.generic')) : null} />
      <button type="button" disabled={exp.isPending} onClick={() => exp.mutate()}>
        {t('customers.export')}
      </button>
    </>
  );
}

export function CustomerDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { uuid = '' } = useParams();
  const session = useSession();
  const perms = session.data?.permissions;
  const [done, setDone] = useState<string | null>(null);
  const customer = useQuery({ queryKey: ['customer', uuid], queryFn: () => api.get(`/admin/customers/${encodeURIComponent(uuid)}`, ConsoleCustomerDetailSchema) });
  const c = customer.data;
  const name = c ? `${c.profile.firstname} ${c.profile.lastname}` : uuid;
  usePageTitle(t('customers.detailTitle', { name }));
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/customers">{t('customers.back')}</Link>
      </p>
      <h1>{t('customers.detailTitle', { name })}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={customer.error ? messageOf(customer.error, t('errors.generic')) : null} />
      {customer.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {c ? (
        <div className="detail-grid">
          <Panel id="customer-profile" title={t('customers.profile')}>
            <Facts
              items={[
                [t('customers.email'), `${c.profile.email}${c.profile.email_verified ? ` (${t('customers.verified')})` : ''}`],
                [t('customers.telephone'), c.profile.telephone ?? '—'],
                [t('customers.status'), <StatusTag key="s" status={c.profile.status} group="customerStatus" />],
                [t('customers.statusReason'), c.profile.status_reason ?? '—'],
                [t('customers.store'), `${c.profile.store_code} (${c.profile.website_code})`],
                [t('customers.dateOfBirth'), formatDate(c.profile.date_of_birth, lng)],
                [t('customers.ageVerified'), c.age_verification.is_age_verified ? t('common.yes') : t('common.no')],
                [t('customers.created'), formatDateTime(c.profile.created_at, lng)],
                ['UUID', <code key="u">{c.profile.uuid}</code>],
              ]}
            />
          </Panel>
          <Panel id="customer-orders" title={t('customers.orders', { count: c.orders.total })}>
            <ul className="plain-list">
              {c.orders.recent.map((o) => (
                <li key={o.number}>
                  {can(perms, 'orders:read') ? <Link to={`/orders/${encodeURIComponent(o.number)}`}>{o.number}</Link> : o.number} · {formatDate(o.created_at, lng)} ·{' '}
                  <StatusTag status={o.status} group="orderStatus" /> · {formatMoney(o.grand_total.amount, o.grand_total.currency, lng, true)}
                </li>
              ))}
            </ul>
            {c.orders.total > 0 && can(perms, 'orders:read') ? <Link to={`/orders?q=${encodeURIComponent(c.profile.email)}`}>{t('customers.allOrders')}</Link> : null}
          </Panel>
          <Panel id="customer-addresses" title={t('customers.addresses')}>
            {c.addresses.length === 0 ? <p className="muted">{t('customers.none')}</p> : null}
            <div className="addresses">
              {c.addresses.map((a) => (
                <address key={a.id}>
                  {a.firstname} {a.lastname}
                  {a.street.map((line) => (
                    <span key={line}><br />{line}</span>
                  ))}
                  <br />
                  {a.postcode} {a.city}, {a.country_code}
                  {a.is_default_billing ? <><br /><em>{t('customers.defaultBilling')}</em></> : null}
                  {a.is_default_shipping ? <><br /><em>{t('customers.defaultShipping')}</em></> : null}
                </address>
              ))}
            </div>
          </Panel>
          <Panel id="customer-loyalty" title={t('customers.loyalty')}>
            <Facts
              items={[
                [t('customers.balance'), formatNumber(c.loyalty.balance, lng)],
                [t('customers.held'), formatNumber(c.loyalty.held, lng)],
                [t('customers.pending'), formatNumber(c.loyalty.pending, lng)],
              ]}
            />
            <div className="table-scroll" role="region" aria-labelledby="ledger-caption" tabIndex={0}>
              <table>
                <caption id="ledger-caption">{t('customers.ledger')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('customers.date')}</th>
                    <th scope="col">{t('customers.type')}</th>
                    <th scope="col" className="num">{t('customers.points')}</th>
                    <th scope="col" className="num">{t('customers.balance')}</th>
                    <th scope="col">{t('customers.event')}</th>
                  </tr>
                </thead>
                <tbody>
                  {c.loyalty.recent.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="empty">{t('customers.none')}</td>
                    </tr>
                  ) : null}
                  {c.loyalty.recent.map((e, i) => (
                    <tr key={i}>
                      <td>{formatDateTime(e.date, lng)}</td>
                      <td>{e.type}</td>
                      <td className="num">{formatNumber(e.points, lng)}</td>
                      <td className="num">{e.balance === null ? '—' : formatNumber(e.balance, lng)}</td>
                      <td>{e.event ?? e.order_id ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {can(perms, 'loyalty:adjust') ? (
              <>
                <h3>{t('customers.adjustPoints')}</h3>
                <PointsForm uuid={c.profile.uuid} onDone={setDone} />
              </>
            ) : null}
          </Panel>
          <Panel id="customer-devices" title={t('customers.devices')}>
            {c.devices.length === 0 ? <p className="muted">{t('customers.none')}</p> : null}
            <ul className="plain-list">
              {c.devices.map((d) => (
                <li key={d.serial}>
                  <code>{d.serial}</code> · {d.product_sku} · {d.state}
                  {d.warranty_expires_at ? ` · ${t('customers.warranty', { date: formatDate(d.warranty_expires_at, lng) })}` : ''}
                </li>
              ))}
            </ul>
          </Panel>
          <Panel id="customer-subscriptions" title={t('customers.subscriptions')}>
            {c.subscriptions.length === 0 ? <p className="muted">{t('customers.none')}</p> : null}
            <ul className="plain-list">
              {c.subscriptions.map((s) => (
                <li key={s.id}>
                  <strong>{s.plan_code}</strong> · <StatusTag status={s.status} group="subscriptionStatus" /> ·{' '}
                  {t('customers.everyWeeks', { count: s.frequency_weeks })} · {formatMoney(s.price.value, s.price.currency, lng)}
                  <br />
                  <span className="muted">
                    {s.next_delivery_date ? t('customers.nextDelivery', { date: formatDate(s.next_delivery_date, lng) }) : null}
                    {s.paused_until ? ` · ${t('customers.pausedUntil', { date: formatDate(s.paused_until, lng) })}` : null}
                  </span>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel id="customer-consents" title={t('customers.consents')}>
            {c.consents.current.length === 0 ? <p className="muted">{t('customers.none')}</p> : <RecordTable id="consents-caption" caption={t('customers.consentsCurrent')} records={c.consents.current} />}
          </Panel>
          {can(perms, 'customers:write') || can(perms, 'customers:privacy') ? (
            <Panel id="customer-actions" title={t('customers.actions')}>
              {can(perms, 'customers:write') && c.profile.status !== 'cancelled' ? (
                <>
                  <h3>{c.profile.status === 'active' ? t('customers.block') : t('customers.unblock')}</h3>
                  <BlockForm key={c.profile.status} customer={c} onDone={setDone} />
                </>
              ) : null}
              {can(perms, 'customers:privacy') ? (
                <>
                  <h3>{t('customers.export')}</h3>
                  <ExportButton uuid={c.profile.uuid} />
                  {c.profile.status !== 'cancelled' ? (
                    <>
                      <h3>{t('customers.erase')}</h3>
                      <EraseForm uuid={c.profile.uuid} onDone={setDone} />
                    </>
                  ) : null}
                </>
              ) : null}
            </Panel>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
