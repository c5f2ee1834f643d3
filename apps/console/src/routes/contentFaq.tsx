import { FaqBodySchema, FaqEntrySchema, FaqPageSchema, type FaqBody, type FaqEntry } from '@ember/contracts';
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
import { Panel } from '../components/misc';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { ContentTabs, useContentLanguages, useLanguageName } from './contentShared';
import { usePageTitle } from './layout';

type FaqRow = ReturnType<typeof FaqPageSchema.parse>['items'][number];
const FILTERS = ['q', 'language', 'topic'] as const;

export function FaqListPage() {
  const { t } = useTranslation();
  usePageTitle(t('content.faq.title'));
  const session = useSession();
  const languages = useContentLanguages();
  const languageName = useLanguageName();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const list = useQuery({
    queryKey: ['content-faq', query],
    queryFn: ({ signal }) => api.get(`/admin/content/faq${query}`, FaqPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<FaqRow>();
  const columns = useMemo(
    () => [
      column.accessor('question', { header: () => t('content.faq.question'), cell: (c) => <Link to={`/content/faq/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('language', { header: () => t('content.language'), cell: (c) => languageName(c.getValue()) }),
      column.accessor('topic', { header: () => t('content.faq.topic') }),
      column.accessor('position', { header: () => t('content.position') }),
    ],
    [column, t, languageName],
  );
  return (
    <section>
      <h1>{t('content.faq.title')}</h1>
      <ContentTabs />
      {can(session.data?.permissions, 'content:write') ? (
        <p>
          <Link className="button-link primary" to="/content/faq/new">
            {t('content.faq.new')}
          </Link>
        </p>
      ) : null}
      <ListFilters
        name="faq"
        label={t('content.faq.search')}
        fields={[
          { key: 'q', label: t('content.faq.q'), type: 'search', wide: true },
          { key: 'language', label: t('content.language'), type: 'select', options: (languages.data?.languages ?? []).map((l) => ({ value: l.language, label: languageName(l.language) })) },
          { key: 'topic', label: t('content.faq.topic'), type: 'select', options: (list.data?.topics ?? []).map((topic) => ({ value: topic, label: topic })) },
        ]}
      />
      <ErrorNotice message={list.error ? messageOf(list.error, t('errors.generic')) : null} />
      <DataTable caption={t('content.faq.caption')} columns={columns} rows={list.data?.items} total={list.data?.page_info.total} loading={list.isFetching} />
    </section>
  );
}

interface FaqDraft {
  language: string;
  topic: string;
  question: string;
  answer: string;
  position: string;
}

const toBody = (d: FaqDraft) => ({ ...d, position: d.position.trim() === '' ? 0 : Number(d.position) });

function FaqForm({ entry, onSaved }: { entry: FaqEntry | null; onSaved: (e: FaqEntry) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const languages = useContentLanguages();
  const languageName = useLanguageName();
  const resolver: Resolver<FaqDraft, unknown, FaqBody> = (values, context, options) => zodResolver(FaqBodySchema)(toBody(values) as never, context, options as never) as never;
  const form = useForm<FaqDraft, unknown, FaqBody>({
    resolver,
    defaultValues: entry
      ? { language: entry.language, topic: entry.topic, question: entry.question, answer: entry.answer, position: String(entry.position) }
      : { language: '', topic: '', question: '', answer: '', position: '0' },
  });
  const save = useMutation({
    mutationFn: (body: FaqBody) => (entry ? api.put(`/admin/content/faq/${entry.id}`, FaqEntrySchema, body) : api.post('/admin/content/faq', FaqEntrySchema, body)),
    onSuccess: (saved) => {
      client.setQueryData(['content-faq-entry', String(saved.id)], saved);
      void client.invalidateQueries({ queryKey: ['content-faq'] });
      onSaved(saved);
    },
  });
  const errors = form.formState.errors;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <Field id="faq-edit-language" label={t('content.language')} error={errors.language}>
        <select id="faq-edit-language" {...describedBy('faq-edit-language', errors.language)} {...form.register('language')}>
          <option value="">{t('content.chooseLanguage')}</option>
          {(languages.data?.languages ?? []).map((l) => (
            <option key={l.language} value={l.language}>
              {languageName(l.language)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="faq-edit-topic" label={t('content.faq.topic')} error={errors.topic} hint={t('content.faq.topicHint')}>
        <input id="faq-edit-topic" {...describedBy('faq-edit-topic', errors.topic, true)} {...form.register('topic')} />
      </Field>
      <Field id="faq-edit-question" label={t('content.faq.question')} error={errors.question}>
        <input id="faq-edit-question" {...describedBy('faq-edit-question', errors.question)} {...form.register('question')} />
      </Field>
      <Field id="faq-edit-answer" label={t('content.faq.answer')} error={errors.answer} hint={t('content.markdownHint')}>
        <textarea id="faq-edit-answer" rows={6} {...describedBy('faq-edit-answer', errors.answer, true)} {...form.register('answer')} />
      </Field>
      <Field id="faq-edit-position" label={t('content.position')} error={errors.position}>
        <input id="faq-edit-position" type="number" inputMode="numeric" min={0} step={1} {...describedBy('faq-edit-position', errors.position)} {...form.register('position')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('content.save')}
        </button>
      </div>
    </form>
  );
}

export function FaqEditPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const writer = can(session.data?.permissions, 'content:write');
  const location = useLocation();
  // A record just created arrives here with the news of its saving.
  const [done, setDone] = useState<string | null>(() => ((location.state as { saved?: boolean } | null)?.saved ? t('content.saved') : null));
  const entry = useQuery({ queryKey: ['content-faq-entry', id], queryFn: () => api.get(`/admin/content/faq/${encodeURIComponent(id)}`, FaqEntrySchema), enabled: !isNew });
  const remove = useMutation({
    mutationFn: () => api.delete(`/admin/content/faq/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['content-faq'] });
      void navigate('/content/faq');
    },
  });
  const title = isNew ? t('content.faq.new') : t('content.faq.edit', { question: entry.data?.question ?? '' });
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/content/faq">{t('content.faq.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={entry.error ? messageOf(entry.error, t('errors.generic')) : remove.error ? messageOf(remove.error, t('errors.generic')) : null} />
      {!isNew && entry.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {isNew || entry.data ? (
        <div className="detail-grid">
          <Panel id="faq-form" title={t('content.faq.entry')}>
            {writer ? (
              <FaqForm
                key={entry.data?.id ?? 'new'}
                entry={entry.data ?? null}
                onSaved={(saved) => {
                  setDone(t('content.saved'));
                  if (isNew) void navigate(`/content/faq/${saved.id}`, { replace: true, state: { saved: true } });
                }}
              />
            ) : (
              <p>{entry.data?.answer}</p>
            )}
          </Panel>
          {writer && entry.data ? (
            <Panel id="faq-delete" title={t('content.delete')}>
              <p>{t('content.faq.deleteHint')}</p>
              <button type="button" className="danger" disabled={remove.isPending} onClick={() => window.confirm(t('content.confirmDelete')) && remove.mutate()}>
                {t('content.delete')}
              </button>
            </Panel>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
