import { LoyaltyQrCodeAdminSchema, LoyaltyQrCodeCreateBodySchema, LoyaltyQrCodeDetailSchema, LoyaltyQrCodePageSchema, type LoyaltyQrCodeAdmin } from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { ListFilters } from '../components/ListFilters';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { LoyaltyTabs } from '../components/LoyaltyTabs';
import { Facts, Panel, StatusTag } from '../components/misc';
import { svgDataUrl } from '../enrolment';
import { formatDateTime, formatNumber, localInputToIso } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { usePageTitle } from './layout';
import { errorAt, wholeOrEmpty } from './loyaltyClubForm';

const FILTERS = ['state'] as const;

export function QrCodesPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  usePageTitle(t('loyaltyAdmin.qr.title'));
  const session = useSession();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const codes = useQuery({
    queryKey: ['loyalty-qr-codes', query],
    queryFn: ({ signal }) => api.get(`/admin/loyalty/qr-codes${query}`, LoyaltyQrCodePageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<LoyaltyQrCodeAdmin>();
  const columns = useMemo(
    () => [
      column.accessor('description', { header: () => t('loyaltyAdmin.qr.description'), cell: (c) => <Link to={`/promotions/loyalty/qr-codes/${c.row.original.id}`}>{c.getValue() || c.row.original.id}</Link> }),
      column.accessor('id', { header: () => t('loyaltyAdmin.qr.code'), cell: (c) => <code>{c.getValue()}</code> }),
      column.accessor('points', { header: () => t('loyaltyAdmin.qr.points'), cell: (c) => formatNumber(c.getValue(), lng) }),
      column.display({ id: 'validity', header: () => t('loyaltyAdmin.qr.validity'), cell: (c) => `${formatDateTime(c.row.original.valid_from, lng)} – ${formatDateTime(c.row.original.valid_to, lng)}` }),
      column.accessor('state', { header: () => t('loyaltyAdmin.qr.state'), cell: (c) => <StatusTag status={c.getValue()} group="loyaltyAdmin.qrState" /> }),
      column.accessor('scans', { header: () => t('loyaltyAdmin.qr.scans'), cell: (c) => formatNumber(c.getValue(), lng) }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <LoyaltyTabs />
      <div className="title-row">
        <h1>{t('loyaltyAdmin.qr.title')}</h1>
        {can(session.data?.permissions, 'promotions:write') ? (
          <Link className="button-link primary" to="/promotions/loyalty/qr-codes/new">
            {t('loyaltyAdmin.qr.create')}
          </Link>
        ) : null}
      </div>
      <ListFilters
        name="qr"
        label={t('loyaltyAdmin.qr.search')}
        fields={[{ key: 'state', label: t('loyaltyAdmin.qr.state'), type: 'select', options: (['scheduled', 'active', 'ended'] as const).map((s) => ({ value: s, label: t(`loyaltyAdmin.qrState.${s}`) })) }]}
      />
      <ErrorNotice message={codes.error ? messageOf(codes.error, t('errors.generic')) : null} />
      <DataTable caption={t('loyaltyAdmin.qr.caption')} columns={columns} rows={codes.data?.items} total={codes.data?.page_info.total} loading={codes.isFetching} />
    </section>
  );
}

interface QrDraft {
  points: string;
  description: string;
  valid_from: string;
  valid_to: string;
}

function qrBody(d: QrDraft): Record<string, unknown> {
  return {
    points: wholeOrEmpty(d.points) ?? Number.NaN,
    description: d.description,
    ...(d.valid_from ? { valid_from: localInputToIso(d.valid_from) ?? d.valid_from } : {}),
    valid_to: d.valid_to ? (localInputToIso(d.valid_to) ?? d.valid_to) : undefined,
  };
}

export function QrCodeCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('loyaltyAdmin.qr.createTitle'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const resolver: Resolver<QrDraft> = (values, context, options) => zodResolver(LoyaltyQrCodeCreateBodySchema as never)(qrBody(values) as never, context, options as never) as never;
  const form = useForm<QrDraft>({ resolver, defaultValues: { points: '', description: '', valid_from: '', valid_to: '' } });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post('/admin/loyalty/qr-codes', LoyaltyQrCodeAdminSchema, body),
    onSuccess: (code) => {
      void client.invalidateQueries({ queryKey: ['loyalty-qr-codes'] });
      void navigate(`/promotions/loyalty/qr-codes/${code.id}`, { state: { created: code.description } });
    },
  });
  const errors = form.formState.errors;
  const e = (path: string) => errorAt(errors, path);
  return (
    <section>
      <LoyaltyTabs />
      <p className="breadcrumb">
        <Link to="/promotions/loyalty/qr-codes">{t('loyaltyAdmin.qr.back')}</Link>
      </p>
      <h1>{t('loyaltyAdmin.qr.createTitle')}</h1>
      <form noValidate className="panel form-columns" onSubmit={form.handleSubmit((body) => create.mutate(body as unknown as Record<string, unknown>))}>
        <ErrorNotice message={create.error ? messageOf(create.error, t('errors.generic')) : null} />
        <p className="hint">{t('loyaltyAdmin.qr.valueHint')}</p>
        <Field id="qr-description" label={t('loyaltyAdmin.qr.description')} error={e('description')}>
          <input id="qr-description" {...describedBy('qr-description', e('description'))} {...form.register('description')} />
        </Field>
        <Field id="qr-points" label={t('loyaltyAdmin.qr.points')} error={e('points')}>
          <input id="qr-points" type="number" inputMode="numeric" min={1} step={1} {...describedBy('qr-points', e('points'))} {...form.register('points')} />
        </Field>
        <Field id="qr-from" label={t('loyaltyAdmin.qr.validFrom')} error={e('valid_from')} hint={t('loyaltyAdmin.qr.validFromHint')}>
          <input id="qr-from" type="datetime-local" {...describedBy('qr-from', e('valid_from'), true)} {...form.register('valid_from')} />
        </Field>
        <Field id="qr-to" label={t('loyaltyAdmin.qr.validTo')} error={e('valid_to')}>
          <input id="qr-to" type="datetime-local" {...describedBy('qr-to', e('valid_to'))} {...form.register('valid_to')} />
        </Field>
        <div className="form-actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('loyaltyAdmin.qr.createSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

export function QrCodeDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const client = useQueryClient();
  const created = (location.state as { created?: string } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('loyaltyAdmin.qr.created', { name: created }) : null);
  const query = useQuery({ queryKey: ['loyalty-qr-code', id], queryFn: () => api.get(`/admin/loyalty/qr-codes/${encodeURIComponent(id)}`, LoyaltyQrCodeDetailSchema) });
  const disable = useMutation({
    mutationFn: () => api.post(`/admin/loyalty/qr-codes/${encodeURIComponent(id)}/disable`, LoyaltyQrCodeAdminSchema, {}),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['loyalty-qr-code', id] });
      void client.invalidateQueries({ queryKey: ['loyalty-qr-codes'] });
      setDone(t('loyaltyAdmin.qr.disabled'));
    },
  });
  const q = query.data;
  const title = t('loyaltyAdmin.qr.detailTitle', { name: q?.description || id });
  usePageTitle(title);
  return (
    <section>
      <LoyaltyTabs />
      <p className="breadcrumb">
        <Link to="/promotions/loyalty/qr-codes">{t('loyaltyAdmin.qr.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={query.error ? messageOf(query.error, t('errors.generic')) : disable.error ? messageOf(disable.error, t('errors.generic')) : null} />
      {query.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {q ? (
        <div className="detail-grid">
          <Panel id="qr-summary" title={t('loyaltyAdmin.form.summary')}>
            <Facts
              items={[
                [t('loyaltyAdmin.qr.code'), <code key="c" data-testid="qr-code-value">{q.id}</code>],
                [t('loyaltyAdmin.qr.points'), formatNumber(q.points, lng)],
                [t('loyaltyAdmin.qr.validFrom'), formatDateTime(q.valid_from, lng)],
                [t('loyaltyAdmin.qr.validTo'), formatDateTime(q.valid_to, lng)],
                [t('loyaltyAdmin.qr.state'), <StatusTag key="s" status={q.state} group="loyaltyAdmin.qrState" />],
                [t('loyaltyAdmin.qr.scans'), formatNumber(q.scans, lng)],
              ]}
            />
            {can(session.data?.permissions, 'promotions:write') && q.state !== 'ended' ? (
              <div className="form-actions">
                <button
                  type="button"
                  className="danger"
                  disabled={disable.isPending}
                  onClick={() => {
                    if (window.confirm(t('loyaltyAdmin.qr.confirmDisable'))) disable.mutate();
                  }}
                >
                  {t('loyaltyAdmin.qr.disable')}
                </button>
              </div>
            ) : null}
          </Panel>
          <Panel id="qr-picture" title={t('loyaltyAdmin.qr.picture')}>
            <img src={svgDataUrl(q.qr_svg)} alt={t('loyaltyAdmin.qr.pictureAlt', { code: q.id })} width={240} height={240} style={{ maxWidth: '100%', height: 'auto', background: '#fff' }} />
            <p className="hint">{t('loyaltyAdmin.qr.printHint')}</p>
            <div className="form-actions">
              <button type="button" onClick={() => window.print()}>
                {t('loyaltyAdmin.qr.print')}
              </button>
            </div>
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
