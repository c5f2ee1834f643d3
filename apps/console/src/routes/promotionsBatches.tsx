import { CouponBatchCodePageSchema, CouponBatchCreateBodySchema, CouponBatchPageSchema, CouponBatchSchema, type CouponBatch, type CouponBatchCode, type CouponBatchCreateBody } from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { PromotionTabs } from '../components/PromotionTabs';
import { limitToApi } from '../couponValue';
import { formatDateTime, formatNumber } from '../format';
import { readInt } from '../listParams';
import { useSession } from '../session';
import { usePageTitle } from './layout';

/** Code batches: generated coupon codes for one coupon (docs/decisions/0087). */
export function BatchesPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('batches.title'));
  const lng = i18n.language;
  const session = useSession();
  const { search } = useListSearch();
  const query = queryString({ page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const batches = useQuery({
    queryKey: ['coupon-batches', query],
    queryFn: ({ signal }) => api.get(`/admin/promotions/batches${query}`, CouponBatchPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<CouponBatch>();
  const columns = useMemo(
    () => [
      column.accessor('id', { header: () => t('batches.id'), cell: (c) => <Link to={`/promotions/batches/${c.getValue()}`}>{t('batches.detailTitle', { id: c.getValue() })}</Link> }),
      column.accessor('rule_code', { header: () => t('batches.coupon'), cell: (c) => <Link to={`/promotions/coupons/${c.row.original.rule_id}`}>{c.getValue()}</Link> }),
      column.accessor('prefix', { header: () => t('batches.prefix'), cell: (c) => c.getValue() || '—' }),
      column.accessor('quantity', { header: () => t('batches.codes'), cell: (c) => formatNumber(c.getValue(), lng) }),
      column.accessor('codes_used', { header: () => t('batches.codesUsed'), cell: (c) => formatNumber(c.getValue(), lng) }),
      column.accessor('is_active', { header: () => t('batches.state'), cell: (c) => <StatusTag status={c.getValue() ? 'active' : 'inactive'} group="couponState" /> }),
      column.accessor('created_at', { header: () => t('batches.createdAt'), cell: (c) => formatDateTime(c.getValue(), lng) }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <PromotionTabs />
      <div className="title-row">
        <h1>{t('batches.title')}</h1>
        {can(session.data?.permissions, 'promotions:write') ? (
          <Link className="button-link primary" to="/promotions/batches/new">
            {t('batches.create')}
          </Link>
        ) : null}
      </div>
      <ErrorNotice message={batches.error ? messageOf(batches.error, t('errors.generic')) : null} />
      <DataTable caption={t('batches.caption')} columns={columns} rows={batches.data?.items} total={batches.data?.page_info.total} loading={batches.isFetching} />
    </section>
  );
}

interface BatchDraft {
  coupon_code: string;
  quantity: string;
  prefix: string;
  code_length: string;
  uses_per_code: string;
}

function batchBody(d: BatchDraft): Record<string, unknown> {
  const int = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  return { coupon_code: d.coupon_code, quantity: int(d.quantity), prefix: d.prefix, code_length: int(d.code_length), uses_per_code: limitToApi(d.uses_per_code) };
}

export function BatchCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('batches.createTitle'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const resolver: Resolver<BatchDraft, unknown, CouponBatchCreateBody> = (values, context, options) =>
    zodResolver(CouponBatchCreateBodySchema)(batchBody(values) as never, context, options as never) as never;
  const form = useForm<BatchDraft, unknown, CouponBatchCreateBody>({
    resolver,
    defaultValues: { coupon_code: search.get('coupon') ?? '', quantity: '100', prefix: '', code_length: '10', uses_per_code: '1' },
  });
  const create = useMutation({
    mutationFn: (body: CouponBatchCreateBody) => api.post('/admin/promotions/batches', CouponBatchSchema, body),
    onSuccess: (batch) => {
      void client.invalidateQueries({ queryKey: ['coupon-batches'] });
      client.setQueryData(['coupon-batch', String(batch.id)], batch);
      void navigate(`/promotions/batches/${batch.id}`, { state: { created: batch.quantity } });
    },
  });
  const errors = form.formState.errors;
  return (
    <section>
      <PromotionTabs />
      <p className="breadcrumb">
        <Link to="/promotions/batches">{t('batches.back')}</Link>
      </p>
      <h1>{t('batches.createTitle')}</h1>
      <form noValidate className="panel form-columns" onSubmit={form.handleSubmit((body) => create.mutate(body))}>
        <ErrorNotice message={create.error ? messageOf(create.error, t('errors.generic')) : null} />
        <Field id="batch-coupon" label={t('batches.coupon')} error={errors.coupon_code} hint={t('batches.couponHint')}>
          <input id="batch-coupon" autoComplete="off" spellCheck={false} {...describedBy('batch-coupon', errors.coupon_code, true)} {...form.register('coupon_code')} />
        </Field>
        <Field id="batch-quantity" label={t('batches.quantity')} error={errors.quantity} hint={t('batches.quantityHint')}>
          <input id="batch-quantity" type="number" inputMode="numeric" min={1} max={10000} step={1} {...describedBy('batch-quantity', errors.quantity, true)} {...form.register('quantity')} />
        </Field>
        <Field id="batch-prefix" label={t('batches.prefix')} error={errors.prefix} hint={t('batches.prefixHint')}>
          <input id="batch-prefix" autoComplete="off" spellCheck={false} {...describedBy('batch-prefix', errors.prefix, true)} {...form.register('prefix')} />
        </Field>
        <Field id="batch-length" label={t('batches.length')} error={errors.code_length} hint={t('batches.lengthHint')}>
          <input id="batch-length" type="number" inputMode="numeric" min={8} max={20} step={1} {...describedBy('batch-length', errors.code_length, true)} {...form.register('code_length')} />
        </Field>
        <Field id="batch-uses" label={t('batches.usesPerCode')} error={errors.uses_per_code} hint={t('batches.usesPerCodeHint')}>
          <input id="batch-uses" type="number" inputMode="numeric" min={1} step={1} {...describedBy('batch-uses', errors.uses_per_code, true)} {...form.register('uses_per_code')} />
        </Field>
        <div className="form-actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('batches.createSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

export function BatchDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const client = useQueryClient();
  const { search } = useListSearch();
  const created = (location.state as { created?: number } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('batches.created', { count: created }) : null);
  const title = t('batches.detailTitle', { id });
  usePageTitle(title);
  const batch = useQuery({ queryKey: ['coupon-batch', id], queryFn: () => api.get(`/admin/promotions/batches/${encodeURIComponent(id)}`, CouponBatchSchema) });
  const codesQuery = queryString({ page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const codes = useQuery({
    queryKey: ['coupon-batch-codes', id, codesQuery],
    queryFn: ({ signal }) => api.get(`/admin/promotions/batches/${encodeURIComponent(id)}/codes${codesQuery}`, CouponBatchCodePageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const deactivate = useMutation({
    mutationFn: () => api.post(`/admin/promotions/batches/${encodeURIComponent(id)}/deactivate`, CouponBatchSchema),
    onSuccess: (after) => {
      client.setQueryData(['coupon-batch', id], after);
      void client.invalidateQueries({ queryKey: ['coupon-batch-codes', id] });
      void client.invalidateQueries({ queryKey: ['coupon-batches'] });
      setDone(t('batches.deactivated'));
    },
  });
  const column = createColumnHelper<CouponBatchCode>();
  const columns = useMemo(
    () => [
      column.accessor('code', { header: () => t('batches.code'), cell: (c) => <code>{c.getValue()}</code> }),
      column.accessor('times_used', {
        header: () => t('batches.used'),
        cell: (c) => (c.row.original.uses_per_coupon ? `${c.getValue()} / ${c.row.original.uses_per_coupon}` : formatNumber(c.getValue(), lng)),
      }),
      column.accessor('is_active', { header: () => t('batches.state'), cell: (c) => <StatusTag status={c.getValue() ? 'active' : 'inactive'} group="couponState" /> }),
    ],
    [column, t, lng],
  );
  const b = batch.data;
  return (
    <section>
      <PromotionTabs />
      <p className="breadcrumb">
        <Link to="/promotions/batches">{t('batches.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={batch.error ? messageOf(batch.error, t('errors.generic')) : deactivate.error ? messageOf(deactivate.error, t('errors.generic')) : null} />
      {batch.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {b ? (
        <div className="detail-grid">
          <Panel id="batch-summary" title={t('batches.summary')}>
            <Facts
              items={[
                [t('batches.coupon'), <Link key="c" to={`/promotions/coupons/${b.rule_id}`}>{b.rule_code}</Link>],
                [t('batches.prefix'), b.prefix || '—'],
                [t('batches.length'), String(b.code_length)],
                [t('batches.codes'), formatNumber(b.quantity, lng)],
                [t('batches.usesPerCode'), b.uses_per_code ?? t('batches.noLimit')],
                [t('batches.codesUsed'), formatNumber(b.codes_used, lng)],
                [t('batches.totalUses'), formatNumber(b.total_uses, lng)],
                [t('batches.createdAt'), formatDateTime(b.created_at, lng)],
                [t('batches.state'), <StatusTag key="s" status={b.is_active ? 'active' : 'inactive'} group="couponState" />],
              ]}
            />
            <p>
              <a className="button-link" href={`/admin/promotions/batches/${b.id}/codes.csv`} download>
                {t('batches.export')}
              </a>
            </p>
            {b.is_active && can(session.data?.permissions, 'promotions:write') ? (
              <div className="form-actions">
                <p className="hint" id="batch-deactivate-hint">{t('batches.deactivateHint')}</p>
                <button type="button" aria-describedby="batch-deactivate-hint" disabled={deactivate.isPending} onClick={() => deactivate.mutate()}>
                  {t('batches.deactivate')}
                </button>
              </div>
            ) : null}
          </Panel>
        </div>
      ) : null}
      <DataTable caption={t('batches.codesCaption')} columns={columns} rows={codes.data?.items} total={codes.data?.page_info.total} loading={codes.isFetching} />
    </section>
  );
}
