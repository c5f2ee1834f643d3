import {
  AGE_CHECK_STATUSES, AgeCheckDecisionBodySchema, AgeCheckDetailSchema, AgeCheckPageSchema, type AgeCheckDetail, type AgeCheckDecisionBody,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { ComplianceTabs } from '../components/ComplianceTabs';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice, Field, FieldError, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { formatDate, formatDateTime } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { usePageTitle } from './layout';

type AgeCheckRow = ReturnType<typeof AgeCheckPageSchema.parse>['items'][number];

const FILTERS = ['q', 'status', 'country'] as const;
const DEFAULT_STATUS = 'needs_review';
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The review queue: checks a provider could not decide (by default), or any status asked for. */
export function AgeChecksPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('ageChecks.title'));
  const lng = i18n.language;
  const session = useSession();
  const { search, apply, clear } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const checks = useQuery({
    queryKey: ['age-checks', query],
    queryFn: ({ signal }) => api.get(`/admin/compliance/age-checks${query}`, AgeCheckPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const customersReadable = can(session.data?.permissions, 'customers:read');
  const column = createColumnHelper<AgeCheckRow>();
  const columns = useMemo(
    () => [
      column.accessor('email', { header: () => t('ageChecks.email'), cell: (c) => <Link to={`/compliance/age-checks/${c.row.original.uuid}`}>{c.getValue()}</Link> }),
      column.accessor('status', { header: () => t('ageChecks.status'), cell: (c) => <StatusTag status={c.getValue()} group="ageCheckStatus" /> }),
      column.accessor('country_code', { header: () => t('ageChecks.country') }),
      column.display({ id: 'method', header: () => t('ageChecks.method'), cell: (c) => `${c.row.original.method_code} (${c.row.original.provider})` }),
      column.accessor('reason', { header: () => t('ageChecks.reason'), cell: (c) => c.getValue() ?? '—' }),
      column.accessor('customer_uuid', {
        header: () => t('ageChecks.customer'),
        cell: (c) => {
          const uuid = c.getValue();
          if (!uuid) return '—';
          return customersReadable ? <Link to={`/customers/${uuid}`} aria-label={t('ageChecks.customerOf', { email: c.row.original.email })}>{uuid.slice(0, 8)}…</Link> : <code>{uuid.slice(0, 8)}…</code>;
        },
      }),
      column.accessor('created_at', { header: () => t('ageChecks.created'), cell: (c) => formatDateTime(c.getValue(), lng) }),
    ],
    [column, t, lng, customersReadable],
  );
  const [draft, setDraft] = useState<Partial<Record<(typeof FILTERS)[number], string>>>(() => filters);
  const set = (key: (typeof FILTERS)[number]) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: draft.q?.trim(), status: draft.status === DEFAULT_STATUS ? undefined : draft.status, country: draft.country?.trim().toUpperCase() });
  };
  return (
    <section>
      <ComplianceTabs />
      <h1>{t('ageChecks.title')}</h1>
      <form className="filters" role="search" aria-label={t('ageChecks.search')} onSubmit={onSubmit}>
        <div className="field field-wide">
          <label htmlFor="age-checks-q">{t('ageChecks.q')}</label>
          <input id="age-checks-q" type="search" value={draft.q ?? ''} onChange={set('q')} />
        </div>
        <div className="field">
          <label htmlFor="age-checks-status">{t('ageChecks.status')}</label>
          <select id="age-checks-status" value={draft.status ?? DEFAULT_STATUS} onChange={set('status')}>
            {AGE_CHECK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`ageCheckStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="age-checks-country">{t('ageChecks.country')}</label>
          <input id="age-checks-country" value={draft.country ?? ''} onChange={set('country')} maxLength={2} autoCapitalize="characters" aria-describedby="age-checks-country-hint" />
          <p className="hint" id="age-checks-country-hint">{t('ageChecks.countryHint')}</p>
        </div>
        <div className="filter-actions">
          <button type="submit" className="primary">
            {t('common.search')}
          </button>
          <button
            type="button"
            onClick={() => {
              setDraft({});
              clear(FILTERS);
            }}
          >
            {t('common.reset')}
          </button>
        </div>
      </form>
      <ErrorNotice message={checks.error ? messageOf(checks.error, t('errors.generic')) : null} />
      <DataTable caption={t('ageChecks.caption')} columns={columns} rows={checks.data?.items} total={checks.data?.page_info.total} loading={checks.isFetching} />
    </section>
  );
}

/** A reviewer's verdict: approve (with the date of birth the documents show, if it differs) or reject, with a reason. */
function DecisionForm({ check, onDone }: { check: AgeCheckDetail; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<AgeCheckDecisionBody>({ resolver: zodResolver(AgeCheckDecisionBodySchema), defaultValues: { decision: 'verified', reason: '' } });
  const decide = useMutation({
    mutationFn: (body: AgeCheckDecisionBody) => api.post(`/admin/compliance/age-checks/${check.uuid}/decision`, AgeCheckDetailSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['age-check', check.uuid], after);
      void client.invalidateQueries({ queryKey: ['age-checks'] });
      onDone(t('ageChecks.decided', { status: t(`ageCheckStatus.${after.status}`, { defaultValue: after.status }) }));
    },
  });
  const decision = form.watch('decision');
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="form-grid"
      onSubmit={form.handleSubmit((values) => {
        const body = values.decision === 'verified' ? values : { decision: values.decision, reason: values.reason };
        const question = t(values.decision === 'verified' ? 'ageChecks.confirmApprove' : 'ageChecks.confirmReject', { email: check.email });
        if (window.confirm(question)) decide.mutate(body);
      })}
    >
      <ErrorNotice message={decide.error ? messageOf(decide.error, t('errors.generic')) : null} />
      <fieldset className="choice">
        <legend>{t('ageChecks.decision')}</legend>
        <label className="checkbox">
          <input type="radio" value="verified" {...form.register('decision')} /> {t('ageChecks.approve')}
        </label>
        <label className="checkbox">
          <input type="radio" value="rejected" {...form.register('decision')} /> {t('ageChecks.reject')}
        </label>
        <FieldError id="decision-error" error={errors.decision} />
      </fieldset>
      {decision === 'verified' ? (
        <Field id="decision-dob" label={t('ageChecks.documentsDateOfBirth')} error={errors.date_of_birth} hint={t('ageChecks.documentsDateOfBirthHint')}>
          <input id="decision-dob" type="date" {...describedBy('decision-dob', errors.date_of_birth, true)} {...form.register('date_of_birth', { setValueAs: emptyToUndefined })} />
        </Field>
      ) : null}
      <Field id="decision-reason" label={t('ageChecks.decisionReason')} error={errors.reason}>
        <textarea id="decision-reason" rows={2} {...describedBy('decision-reason', errors.reason)} {...form.register('reason')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className={decision === 'rejected' ? 'danger' : 'primary'} disabled={decide.isPending}>
          {decision === 'rejected' ? t('ageChecks.rejectSubmit') : t('ageChecks.approveSubmit')}
        </button>
      </div>
    </form>
  );
}

export function AgeCheckDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { uuid = '' } = useParams();
  const session = useSession();
  const perms = session.data?.permissions;
  const [done, setDone] = useState<string | null>(null);
  const check = useQuery({ queryKey: ['age-check', uuid], queryFn: () => api.get(`/admin/compliance/age-checks/${encodeURIComponent(uuid)}`, AgeCheckDetailSchema) });
  const c = check.data;
  const title = t('ageChecks.detailTitle', { name: c ? `${c.firstname} ${c.lastname}` : '…' });
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/compliance/age-checks">{t('ageChecks.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={check.error ? messageOf(check.error, t('errors.generic')) : null} />
      {check.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {c ? (
        <div className="detail-grid">
          <Panel id="age-check-person" title={t('ageChecks.claimed')}>
            <Facts
              items={[
                [t('ageChecks.name'), `${c.firstname} ${c.lastname}`],
                [t('ageChecks.email'), c.email],
                [t('ageChecks.dateOfBirth'), formatDate(c.date_of_birth, lng)],
                [t('ageChecks.ageToday'), <span key="a" className={c.age_today < c.minimum_age ? 'under-age' : undefined}>{c.age_today}{c.age_today < c.minimum_age ? ` (${t('ageChecks.underAge')})` : ''}</span>],
                [t('ageChecks.minimumAge', { country: c.country_code }), c.minimum_age],
                [t('ageChecks.verifiedDateOfBirth'), formatDate(c.verified_date_of_birth, lng)],
                [
                  t('ageChecks.customer'),
                  c.customer_uuid ? (can(perms, 'customers:read') ? <Link key="c" to={`/customers/${c.customer_uuid}`}>{c.customer_uuid}</Link> : <code key="c">{c.customer_uuid}</code>) : '—',
                ],
              ]}
            />
          </Panel>
          <Panel id="age-check-summary" title={t('ageChecks.summary')}>
            <Facts
              items={[
                [t('ageChecks.status'), <StatusTag key="s" status={c.status} group="ageCheckStatus" />],
                [t('ageChecks.reason'), c.reason ?? '—'],
                [t('ageChecks.country'), c.country_code],
                [t('ageChecks.method'), `${c.method_code} (${c.provider})`],
                [t('ageChecks.created'), formatDateTime(c.created_at, lng)],
                [t('ageChecks.completed'), formatDateTime(c.completed_at, lng)],
                ['UUID', <code key="u">{c.uuid}</code>],
              ]}
            />
          </Panel>
          <Panel id="age-check-events" title={t('ageChecks.events')}>
            {c.events.length === 0 ? <p className="muted">{t('ageChecks.noEvents')}</p> : null}
            <ol className="timeline">
              {c.events.map((e, i) => (
                <li key={i}>
                  <time dateTime={e.created_at}>{formatDateTime(e.created_at, lng)}</time> · <strong>{e.kind}</strong> · {e.outcome}
                  {Object.keys(e.detail).length ? <pre className="json">{JSON.stringify(e.detail, null, 2)}</pre> : null}
                </li>
              ))}
            </ol>
          </Panel>
          {can(perms, 'compliance:write') ? (
            <Panel id="age-check-decision" title={t('ageChecks.decide')}>
              {c.status === 'needs_review' ? <DecisionForm key={c.status} check={c} onDone={setDone} /> : <p className="muted">{t('ageChecks.notOpen')}</p>}
            </Panel>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
