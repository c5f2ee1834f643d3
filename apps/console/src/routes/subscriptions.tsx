import {
  SUBSCRIPTION_STATUSES, SubscriptionConsoleDetailSchema, SubscriptionConsolePageSchema, TRIAL_STATUSES, TrialConsoleDetailSchema, TrialConsolePageSchema,
  SubscriptionOperatorChangeSchema, SubscriptionRenewNowAnswerSchema, SubscriptionRenewNowBodySchema, TrialOperatorAnswerSchema, TrialOperatorChangeSchema,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState,  type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { ListFilters } from '../components/ListFilters';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { formatDate, formatDateTime, formatMoney } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { usePageTitle } from './layout';

type SubscriptionRow = ReturnType<typeof SubscriptionConsolePageSchema.parse>['items'][number];
type SubscriptionDetail = ReturnType<typeof SubscriptionConsoleDetailSchema.parse>;
type TrialRow = ReturnType<typeof TrialConsolePageSchema.parse>['items'][number];
type TrialDetail = ReturnType<typeof TrialConsoleDetailSchema.parse>;
type History = SubscriptionDetail['history'];

const SubscriptionChangeAnswer = z.object({ id: z.string(), status: z.string() });

const FILTERS = ['q', 'status', 'store'] as const;

/** A customer's uuid, linked to their page when the operator may read customers. */
function CustomerLink({ uuid, short = false }: { uuid: string | null; short?: boolean }) {
  const session = useSession();
  if (!uuid) return <>—</>;
  const text = short ? `${uuid.slice(0, 8)}…` : uuid;
  return can(session.data?.permissions, 'customers:read') ? <Link to={`/customers/${uuid}`}>{text}</Link> : <code>{text}</code>;
}

/** The search form both lists share: id, customer uuid or order number; status; store view. */
function StateFilters({ prefix, statuses, statusGroup, label }: { prefix: string; statuses: readonly string[]; statusGroup: string; label: string }) {
  const { t } = useTranslation();
  return (
    <ListFilters
      name={prefix}
      label={label}
      fields={[
        { key: 'q', label: t('subscriptions.q'), type: 'search', wide: true },
        { key: 'status', label: t('subscriptions.status'), type: 'select', options: statuses.map((s) => ({ value: s, label: t(`${statusGroup}.${s}`) })) },
        { key: 'store', label: t('subscriptions.store'), type: 'text', letterCase: 'lower' },
      ]}
    />
  );
}

function useListQuery() {
  const { search } = useListSearch();
  return queryString({ ...readParams(search, FILTERS), page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
}

export function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('subscriptions.title'));
  const lng = i18n.language;
  const query = useListQuery();
  const list = useQuery({
    queryKey: ['subscriptions', query],
    queryFn: ({ signal }) => api.get(`/admin/subscriptions${query}`, SubscriptionConsolePageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<SubscriptionRow>();
  const columns = useMemo(
    () => [
      column.accessor('plan_code', { header: () => t('subscriptions.plan'), cell: (c) => <Link to={`/subscriptions/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('status', { header: () => t('subscriptions.status'), cell: (c) => <StatusTag status={c.getValue()} group="subscriptionStatus" /> }),
      column.accessor('store_code', { header: () => t('subscriptions.store') }),
      column.accessor('customer_uuid', { header: () => t('subscriptions.customer'), cell: (c) => <CustomerLink uuid={c.getValue()} short /> }),
      column.accessor('frequency_weeks', { header: () => t('subscriptions.frequency'), cell: (c) => t('subscriptions.everyWeeks', { count: c.getValue() }) }),
      column.accessor('next_delivery_date', { header: () => t('subscriptions.nextDelivery'), cell: (c) => formatDate(c.getValue(), lng) }),
      column.accessor('deliveries', { header: () => t('subscriptions.deliveries') }),
      column.accessor('created_at', { header: () => t('subscriptions.created'), cell: (c) => formatDate(c.getValue(), lng) }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <h1>{t('subscriptions.title')}</h1>
      <StateFilters prefix="subscriptions" statuses={SUBSCRIPTION_STATUSES} statusGroup="subscriptionStatus" label={t('subscriptions.search')} />
      <ErrorNotice message={list.error ? messageOf(list.error, t('errors.generic')) : null} />
      <DataTable caption={t('subscriptions.caption')} columns={columns} rows={list.data?.items} total={list.data?.page_info.total} loading={list.isFetching} />
    </section>
  );
}

export function TrialsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('trials.title'));
  const lng = i18n.language;
  const query = useListQuery();
  const list = useQuery({
    queryKey: ['trials', query],
    queryFn: ({ signal }) => api.get(`/admin/trials${query}`, TrialConsolePageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<TrialRow>();
  const columns = useMemo(
    () => [
      column.accessor('program_code', { header: () => t('trials.program'), cell: (c) => <Link to={`/trials/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('status', { header: () => t('trials.status'), cell: (c) => <StatusTag status={c.getValue()} group="trialStatus" /> }),
      column.accessor('store_code', { header: () => t('trials.store') }),
      column.accessor('order_number', { header: () => t('trials.order') }),
      column.accessor('customer_uuid', { header: () => t('trials.customer'), cell: (c) => <CustomerLink uuid={c.getValue()} short /> }),
      column.accessor('amount_after_trial', { header: () => t('trials.afterTrial'), cell: (c) => formatMoney(c.getValue(), c.row.original.currency, lng, true) }),
      column.accessor('ends_at', { header: () => t('trials.endsAt'), cell: (c) => formatDate(c.getValue(), lng) }),
      column.accessor('created_at', { header: () => t('trials.created'), cell: (c) => formatDate(c.getValue(), lng) }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <h1>{t('trials.title')}</h1>
      <StateFilters prefix="trials" statuses={TRIAL_STATUSES} statusGroup="trialStatus" label={t('trials.search')} />
      <ErrorNotice message={list.error ? messageOf(list.error, t('errors.generic')) : null} />
      <DataTable caption={t('trials.caption')} columns={columns} rows={list.data?.items} total={list.data?.page_info.total} loading={list.isFetching} />
    </section>
  );
}

function HistoryList({ history, group }: { history: History; group: string }) {
  const { t, i18n } = useTranslation();
  if (!history.length) return <p className="muted">{t('subscriptions.none')}</p>;
  return (
    <ol className="timeline">
      {history.map((h, i) => (
        <li key={i}>
          <time dateTime={h.created_at}>{formatDateTime(h.created_at, i18n.language)}</time> · {h.kind}
          {h.to_status ? (
            <>
              {' '}
              · {h.from_status ? <StatusTag status={h.from_status} group={group} /> : null}
              {h.from_status ? ' → ' : null}
              <StatusTag status={h.to_status} group={group} />
            </>
          ) : null}{' '}
          · <span className="muted">{h.actor}</span>
          {h.reason ? <p className="muted">{h.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}

interface ChangeBody {
  status: string;
  reason: string;
}

/** A change of state with its reason, asked once more before it is sent. */
function StatusChangeForm({
  idPrefix, statuses, statusLabel, schema, confirmText, submitText, run, pending, error,
}: {
  idPrefix: string;
  statuses: readonly string[];
  statusLabel: (s: string) => string;
  schema: typeof SubscriptionOperatorChangeSchema | typeof TrialOperatorChangeSchema;
  confirmText: (s: string) => string;
  submitText: string;
  run: (body: ChangeBody) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const form = useForm<ChangeBody>({ resolver: zodResolver(schema as typeof SubscriptionOperatorChangeSchema) as unknown as Resolver<ChangeBody>, defaultValues: { status: statuses[0], reason: '' } });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="form-grid"
      onSubmit={form.handleSubmit((values) => {
        if (window.confirm(confirmText(values.status))) run(values);
      })}
    >
      <ErrorNotice message={error ? messageOf(error, t('errors.generic')) : null} />
      <Field id={`${idPrefix}-status`} label={t('subscriptions.newStatus')} error={errors.status}>
        <select id={`${idPrefix}-status`} {...form.register('status')}>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${idPrefix}-reason`} label={t('subscriptions.reason')} error={errors.reason}>
        <input id={`${idPrefix}-reason`} {...describedBy(`${idPrefix}-reason`, errors.reason)} {...form.register('reason')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={pending}>
          {submitText}
        </button>
      </div>
    </form>
  );
}

const SUBSCRIPTION_TARGETS = ['active', 'paused', 'cancelled'] as const;

function SubscriptionActions({ sub, onDone }: { sub: SubscriptionDetail; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['subscription', sub.id] });
    void client.invalidateQueries({ queryKey: ['subscriptions'] });
  };
  const change = useMutation({
    mutationFn: (body: { status: string; reason: string }) => api.put(`/admin/subscriptions/${sub.id}/status`, SubscriptionChangeAnswer, body),
    onSuccess: (answer) => {
      refresh();
      onDone(t('subscriptions.statusChanged', { status: t(`subscriptionStatus.${answer.status}`, { defaultValue: answer.status }) }));
    },
  });
  const renewForm = useForm<{ reason: string }>({ resolver: zodResolver(SubscriptionRenewNowBodySchema), defaultValues: { reason: '' } });
  const renew = useMutation({
    mutationFn: (body: { reason: string }) => api.post(`/admin/subscriptions/${sub.id}/renew`, SubscriptionRenewNowAnswerSchema, body),
    onSuccess: (answer) => {
      refresh();
      renewForm.reset({ reason: '' });
      onDone(t('subscriptions.renewed', { placed: answer.placed, paid: answer.paid, declined: answer.declined }));
    },
  });
  const targets = SUBSCRIPTION_TARGETS.filter((s) => s !== sub.status);
  const renewErrors = renewForm.formState.errors;
  return (
    <>
      {sub.status !== 'cancelled' && sub.status !== 'expired' ? (
        <>
          <h3>{t('subscriptions.changeStatus')}</h3>
          <StatusChangeForm
            key={sub.status}
            idPrefix="subscription-change"
            statuses={targets}
            statusLabel={(s) => t(`subscriptionStatus.${s}`)}
            schema={SubscriptionOperatorChangeSchema}
            confirmText={(s) => t('subscriptions.confirmStatus', { status: t(`subscriptionStatus.${s}`) })}
            submitText={t('subscriptions.changeStatus')}
            run={(body) => change.mutate(body)}
            pending={change.isPending}
            error={change.error}
          />
        </>
      ) : (
        <p className="muted">{t('subscriptions.closed')}</p>
      )}
      {sub.status === 'active' ? (
        <>
          <h3>{t('subscriptions.renewNow')}</h3>
          <form
            noValidate
            className="form-grid"
            onSubmit={renewForm.handleSubmit((values) => {
              if (window.confirm(t('subscriptions.confirmRenew'))) renew.mutate(values);
            })}
          >
            <p className="muted">{t('subscriptions.renewHint')}</p>
            <ErrorNotice message={renew.error ? messageOf(renew.error, t('errors.generic')) : null} />
            <Field id="renew-reason" label={t('subscriptions.reason')} error={renewErrors.reason}>
              <input id="renew-reason" {...describedBy('renew-reason', renewErrors.reason)} {...renewForm.register('reason')} />
            </Field>
            <div className="form-actions">
              <button type="submit" disabled={renew.isPending}>
                {t('subscriptions.renewNow')}
              </button>
            </div>
          </form>
        </>
      ) : null}
    </>
  );
}

function DetailShell({ back, backText, title, done, error, pending, children }: { back: string; backText: string; title: string; done: string | null; error: unknown; pending: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to={back}>{backText}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={error ? messageOf(error, t('errors.generic')) : null} />
      {pending ? <p className="loading">{t('common.loading')}</p> : null}
      {children}
    </section>
  );
}

export function SubscriptionDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id = '' } = useParams();
  const session = useSession();
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({ queryKey: ['subscription', id], queryFn: () => api.get(`/admin/subscriptions/${encodeURIComponent(id)}`, SubscriptionConsoleDetailSchema) });
  const s = query.data;
  return (
    <DetailShell
      back="/subscriptions"
      backText={t('subscriptions.back')}
      title={t('subscriptions.detailTitle', { plan: s?.plan_code ?? '…' })}
      done={done}
      error={query.error}
      pending={query.isPending}
    >
      {s ? (
        <div className="detail-grid">
          <Panel id="subscription-summary" title={t('subscriptions.summary')}>
            <Facts
              items={[
                [t('subscriptions.status'), <StatusTag key="s" status={s.status} group="subscriptionStatus" />],
                [t('subscriptions.customer'), <CustomerLink key="c" uuid={s.customer_uuid} />],
                [t('subscriptions.store'), s.store_code],
                [t('subscriptions.planType'), s.plan_type],
                [t('subscriptions.frequency'), t('subscriptions.everyWeeks', { count: s.frequency_weeks })],
                [t('subscriptions.nextDelivery'), formatDate(s.next_delivery_date, lng)],
                [t('subscriptions.deliveries'), `${s.deliveries} (${t('subscriptions.minimum', { count: s.minimum_deliveries })})`],
                [t('subscriptions.pausedUntil'), formatDate(s.paused_until, lng)],
                [t('subscriptions.pauseReason'), s.pause_reason ?? '—'],
                [t('subscriptions.cancelledAt'), formatDateTime(s.cancelled_at, lng)],
                [t('subscriptions.cancelReason'), s.cancel_reason ?? '—'],
                [t('subscriptions.created'), formatDateTime(s.created_at, lng)],
                ['ID', <code key="i">{s.id}</code>],
              ]}
            />
          </Panel>
          <Panel id="subscription-items" title={t('subscriptions.items')}>
            {s.items.length === 0 ? <p className="muted">{t('subscriptions.none')}</p> : null}
            <ul className="plain-list">
              {s.items.map((item) => (
                <li key={item.sku}>
                  <code>{item.sku}</code> × {item.quantity}
                </li>
              ))}
            </ul>
          </Panel>
          <Panel id="subscription-renewals" title={t('subscriptions.renewals')} wide>
            <div className="table-scroll" role="region" aria-labelledby="renewals-caption" tabIndex={0}>
              <table>
                <caption id="renewals-caption" className="visually-hidden">{t('subscriptions.renewals')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('subscriptions.period')}</th>
                    <th scope="col" className="num">{t('subscriptions.attempt')}</th>
                    <th scope="col">{t('subscriptions.result')}</th>
                    <th scope="col">{t('subscriptions.order')}</th>
                    <th scope="col">{t('subscriptions.retryAt')}</th>
                    <th scope="col">{t('subscriptions.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.renewals.length === 0 ? (
                    <tr>
                      <td colSpan={6} className="empty">{t('subscriptions.none')}</td>
                    </tr>
                  ) : null}
                  {s.renewals.map((r) => (
                    <tr key={`${r.period}-${r.attempt}`}>
                      <td>{formatDate(r.period, lng)}</td>
                      <td className="num">{r.attempt}</td>
                      <td><StatusTag status={r.status} group="renewalStatus" /></td>
                      <td>{r.order_number ? (can(session.data?.permissions, 'orders:read') ? <Link to={`/orders/${encodeURIComponent(r.order_number)}`}>{r.order_number}</Link> : r.order_number) : '—'}</td>
                      <td className="nowrap">{formatDateTime(r.retry_at, lng)}</td>
                      <td>{r.reason ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
          {can(session.data?.permissions, 'subscriptions:write') ? (
            <Panel id="subscription-actions" title={t('subscriptions.actions')}>
              <SubscriptionActions sub={s} onDone={setDone} />
            </Panel>
          ) : null}
          <Panel id="subscription-history" title={t('subscriptions.history')}>
            <HistoryList history={s.history} group="subscriptionStatus" />
          </Panel>
        </div>
      ) : null}
    </DetailShell>
  );
}

type TrialTarget = 'returned' | 'return_missing' | 'cancelled';
/** The changes the server allows from each state (trials.service operatorChange); it answers why not otherwise. */
function trialTargets(status: string): TrialTarget[] {
  const out: TrialTarget[] = [];
  if (['in_trial', 'return_requested', 'payment_failed'].includes(status)) out.push('returned');
  if (status === 'return_requested') out.push('return_missing');
  if (['pending_payment', 'in_trial', 'return_requested', 'payment_failed'].includes(status)) out.push('cancelled');
  return out;
}

function TrialActions({ trial, onDone }: { trial: TrialDetail; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { status: string; reason: string }) => api.put(`/admin/trials/${trial.id}/status`, TrialOperatorAnswerSchema, body),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: ['trial', trial.id] });
      void client.invalidateQueries({ queryKey: ['trials'] });
      onDone(t('trials.statusChanged', { status: t(`trialStatus.${answer.status}`, { defaultValue: answer.status }) }));
    },
  });
  const targets = trialTargets(trial.status);
  if (!targets.length) return <p className="muted">{t('trials.closed')}</p>;
  return (
    <StatusChangeForm
      key={trial.status}
      idPrefix="trial-change"
      statuses={targets}
      statusLabel={(s) => t(`trialChange.${s}`)}
      schema={TrialOperatorChangeSchema}
      confirmText={(s) => t('trials.confirmStatus', { change: t(`trialChange.${s}`) })}
      submitText={t('trials.changeStatus')}
      run={(body) => change.mutate(body)}
      pending={change.isPending}
      error={change.error}
    />
  );
}

export function TrialDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id = '' } = useParams();
  const session = useSession();
  const perms = session.data?.permissions;
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({ queryKey: ['trial', id], queryFn: () => api.get(`/admin/trials/${encodeURIComponent(id)}`, TrialConsoleDetailSchema) });
  const tr = query.data;
  const orderLink = (n: string | null) => (n ? (can(perms, 'orders:read') ? <Link to={`/orders/${encodeURIComponent(n)}`}>{n}</Link> : n) : '—');
  return (
    <DetailShell back="/trials" backText={t('trials.back')} title={t('trials.detailTitle', { program: tr?.program_code ?? '…' })} done={done} error={query.error} pending={query.isPending}>
      {tr ? (
        <div className="detail-grid">
          <Panel id="trial-summary" title={t('trials.summary')}>
            <Facts
              items={[
                [t('trials.status'), <StatusTag key="s" status={tr.status} group="trialStatus" />],
                [t('trials.customer'), <CustomerLink key="c" uuid={tr.customer_uuid} />],
                [t('trials.store'), tr.store_code],
                [t('trials.order'), orderLink(tr.order_number)],
                [t('trials.afterTrial'), formatMoney(tr.amount_after_trial, tr.currency, lng, true)],
                [t('trials.startedAt'), formatDateTime(tr.started_at, lng)],
                [t('trials.endsAt'), formatDateTime(tr.ends_at, lng)],
                [t('trials.returnRequested'), formatDateTime(tr.return_requested_at, lng)],
                [t('trials.returnReason'), tr.return_reason ?? '—'],
                [t('trials.attempts'), tr.conversion_attempts],
                [t('trials.retryAt'), formatDateTime(tr.retry_at, lng)],
                [t('trials.conversionOrder'), orderLink(tr.conversion_order_number)],
                [t('trials.closedAt'), formatDateTime(tr.closed_at, lng)],
                ['ID', <code key="i">{tr.id}</code>],
              ]}
            />
          </Panel>
          {can(perms, 'subscriptions:write') ? (
            <Panel id="trial-actions" title={t('trials.actions')}>
              <TrialActions trial={tr} onDone={setDone} />
            </Panel>
          ) : null}
          <Panel id="trial-history" title={t('trials.history')}>
            <HistoryList history={tr.history} group="trialStatus" />
          </Panel>
        </div>
      ) : null}
    </DetailShell>
  );
}
