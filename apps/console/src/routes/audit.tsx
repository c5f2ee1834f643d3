import { AuditPageSchema, OperatorListSchema, type AuditEntryView } from '@ember/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice } from '../components/fields';
import { diffRecords, showValue } from '../diff';
import { formatDateTime, isoToLocalInput, localInputToIso } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { usePageTitle } from './layout';

const FILTERS = ['q', 'action', 'entity_type', 'entity_id', 'operator', 'from', 'to'] as const;

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const lines = diffRecords(before, after);
  if (!lines.length) return <span className="muted">{t('audit.noChanges')}</span>;
  return (
    <dl className="diff">
      {lines.map((line) => (
        <div key={line.path} className={`diff-line diff-${line.kind}`}>
          <dt>{line.path}</dt>
          <dd>
            {line.kind !== 'added' ? (
              <del>
                <span className="visually-hidden">{t('audit.before')}: </span>
                {showValue(line.before)}
              </del>
            ) : null}
            {line.kind === 'changed' ? <span aria-hidden="true"> → </span> : null}
            {line.kind !== 'removed' ? (
              <ins>
                <span className="visually-hidden">{t('audit.after')}: </span>
                {showValue(line.after)}
              </ins>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function AuditPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('audit.title'));
  const { search, apply, clear } = useListSearch();
  const session = useSession();
  const filters = readParams(search, FILTERS);
  const page = readInt(search, 'page', 1);
  const pageSize = readInt(search, 'page_size', 25, 100);
  const query = queryString({ ...filters, page, page_size: pageSize });
  const audit = useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => api.get(`/admin/audit${query}`, AuditPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const operators = useQuery({
    queryKey: ['operators'],
    queryFn: () => api.get('/admin/operators', OperatorListSchema),
    enabled: can(session.data?.permissions, 'operators:manage'),
  });

  const column = createColumnHelper<AuditEntryView>();
  const columns = useMemo(
    () => [
      column.accessor('at', { header: () => t('audit.at'), cell: (c) => formatDateTime(c.getValue(), i18n.language) }),
      column.accessor('actor_label', { header: () => t('audit.actor'), cell: (c) => `${c.getValue()} (${t(`audit.actorKind.${c.row.original.actor_kind}`)})` }),
      column.accessor('action', { header: () => t('audit.action'), cell: (c) => <code>{c.getValue()}</code> }),
      column.display({ id: 'entity', header: () => t('audit.entity'), cell: (c) => `${c.row.original.entity_type} ${c.row.original.entity_id}` }),
      column.display({ id: 'change', header: () => t('audit.change'), cell: (c) => <AuditDiff before={c.row.original.before} after={c.row.original.after} /> }),
    ],
    [column, t, i18n.language],
  );

  const [draft, setDraft] = useState(() => ({ ...filters, from: isoToLocalInput(filters.from), to: isoToLocalInput(filters.to) }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply({
      q: draft.q?.trim(),
      action: draft.action?.trim(),
      entity_type: draft.entity_type?.trim(),
      entity_id: draft.entity_id?.trim(),
      operator: draft.operator,
      from: localInputToIso(draft.from),
      to: localInputToIso(draft.to),
    });
  };
  const set = (key: (typeof FILTERS)[number]) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <section>
      <h1>{t('audit.title')}</h1>
      <form className="filters" role="search" aria-label={t('audit.search')} onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="audit-q">{t('audit.q')}</label>
          <input id="audit-q" type="search" value={draft.q ?? ''} onChange={set('q')} />
        </div>
        <div className="field">
          <label htmlFor="audit-action">{t('audit.action')}</label>
          <input id="audit-action" value={draft.action ?? ''} onChange={set('action')} placeholder="order.status" />
        </div>
        <div className="field">
          <label htmlFor="audit-entity-type">{t('audit.entityType')}</label>
          <input id="audit-entity-type" value={draft.entity_type ?? ''} onChange={set('entity_type')} placeholder="order" />
        </div>
        <div className="field">
          <label htmlFor="audit-entity-id">{t('audit.entityId')}</label>
          <input id="audit-entity-id" value={draft.entity_id ?? ''} onChange={set('entity_id')} />
        </div>
        {operators.data ? (
          <div className="field">
            <label htmlFor="audit-operator">{t('audit.operator')}</label>
            <select id="audit-operator" value={draft.operator ?? ''} onChange={set('operator')}>
              <option value="">{t('common.any')}</option>
              {operators.data.items.map((o) => (
                <option key={o.uuid} value={o.uuid}>
                  {o.name} ({o.email})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="audit-from">{t('audit.from')}</label>
          <input id="audit-from" type="datetime-local" value={draft.from ?? ''} onChange={set('from')} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('audit.to')}</label>
          <input id="audit-to" type="datetime-local" value={draft.to ?? ''} onChange={set('to')} />
        </div>
        <div className="filter-actions">
          <button type="submit" className="primary">
            {t('common.search')}
          </button>
          <button
            type="button"
            onClick={() => {
              setDraft({ from: '', to: '' });
              clear(FILTERS);
            }}
          >
            {t('common.reset')}
          </button>
        </div>
      </form>
      <ErrorNotice message={audit.error ? messageOf(audit.error, t('errors.generic')) : null} />
      <DataTable caption={t('audit.caption')} columns={columns} rows={audit.data?.items} total={audit.data?.page_info.total} capped={audit.data?.page_info.total_capped ?? false} loading={audit.isFetching} />
    </section>
  );
}
