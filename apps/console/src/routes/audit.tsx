import { AuditPageSchema, OperatorListSchema, type AuditEntryView } from '@ember/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { ListFilters } from '../components/ListFilters';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice } from '../components/fields';
import { diffRecords, showValue } from '../diff';
import { formatDateTime } from '../format';
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
  const { search } = useListSearch();
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

  return (
    <section>
      <h1>{t('audit.title')}</h1>
      <ListFilters
        name="audit"
        label={t('audit.search')}
        fields={[
          { key: 'q', label: t('audit.q'), type: 'search' },
          { key: 'action', label: t('audit.action'), type: 'text', placeholder: 'order.status' },
          { key: 'entity_type', label: t('audit.entityType'), type: 'text', placeholder: 'order' },
          { key: 'entity_id', label: t('audit.entityId'), type: 'text' },
          ...(operators.data ? [{ key: 'operator', label: t('audit.operator'), type: 'select' as const, options: operators.data.items.map((o) => ({ value: o.uuid, label: `${o.name} (${o.email})` })) }] : []),
          { key: 'from', label: t('audit.from'), type: 'datetime' },
          { key: 'to', label: t('audit.to'), type: 'datetime' },
        ]}
      />
      <ErrorNotice message={audit.error ? messageOf(audit.error, t('errors.generic')) : null} />
      <DataTable caption={t('audit.caption')} columns={columns} rows={audit.data?.items} total={audit.data?.page_info.total} capped={audit.data?.page_info.total_capped ?? false} loading={audit.isFetching} />
    </section>
  );
}
