import { ContentPageBodySchema, ContentPageListSchema, ContentPageSchema, type ContentPage, type ContentPageBody } from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, ApiError, messageOf } from '../api';
import { can } from '../areas';
import { DataTable } from '../components/DataTable';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Panel } from '../components/misc';
import { useSession } from '../session';
import { ContentTabs, useLanguageName } from './contentShared';
import { usePageTitle } from './layout';

type PageRow = ReturnType<typeof ContentPageListSchema.parse>['items'][number];

export function ContentPagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('content.pages.title'));
  const languageName = useLanguageName();
  const pages = useQuery({ queryKey: ['content-pages'], queryFn: ({ signal }) => api.get('/admin/content/pages', ContentPageListSchema, { signal }) });
  const column = createColumnHelper<PageRow>();
  const columns = useMemo(
    () => [
      column.accessor('identifier', {
        header: () => t('content.pages.page'),
        cell: (c) => <Link to={`/content/pages/${c.getValue()}/${c.row.original.language}`}>{t(`content.pages.names.${c.getValue()}`)} · {languageName(c.row.original.language)}</Link>,
      }),
      column.accessor('title', { header: () => t('content.pages.pageTitle'), cell: (c) => c.getValue() ?? <span className="muted">{t('content.pages.missing')}</span> }),
    ],
    [column, t, languageName],
  );
  return (
    <section>
      <h1>{t('content.pages.title')}</h1>
      <ContentTabs />
      <p>{t('content.pages.intro')}</p>
      <ErrorNotice message={pages.error ? messageOf(pages.error, t('errors.generic')) : null} />
      <DataTable caption={t('content.pages.caption')} columns={columns} rows={pages.data?.items} total={pages.data?.items.length} loading={pages.isFetching} paged={false} />
    </section>
  );
}

function PageForm({ identifier, language, page, onSaved }: { identifier: string; language: string; page: ContentPage | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<ContentPageBody>({
    resolver: zodResolver(ContentPageBodySchema) as never,
    defaultValues: { title: page?.title ?? '', meta_description: page?.meta_description ?? '', body: page?.body ?? '' },
  });
  const save = useMutation({
    mutationFn: (body: ContentPageBody) => api.put(`/admin/content/pages/${identifier}/${language}`, ContentPageSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['content-page', identifier, language], after);
      void client.invalidateQueries({ queryKey: ['content-pages'] });
      onSaved();
    },
  });
  const errors = form.formState.errors;
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <Field id="page-title" label={t('content.pages.pageTitle')} error={errors.title}>
        <input id="page-title" {...describedBy('page-title', errors.title)} {...form.register('title')} />
      </Field>
      <Field id="page-meta" label={t('content.pages.metaDescription')} error={errors.meta_description}>
        <textarea id="page-meta" rows={2} {...describedBy('page-meta', errors.meta_description)} {...form.register('meta_description')} />
      </Field>
      <Field id="page-body" label={t('content.pages.body')} error={errors.body} hint={t('content.markdownHint')}>
        <textarea id="page-body" rows={12} {...describedBy('page-body', errors.body, true)} {...form.register('body')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('content.save')}
        </button>
      </div>
    </form>
  );
}

export function ContentPageEditPage() {
  const { t } = useTranslation();
  const { identifier = '', language = '' } = useParams();
  const session = useSession();
  const languageName = useLanguageName();
  const [done, setDone] = useState<string | null>(null);
  const page = useQuery({
    queryKey: ['content-page', identifier, language],
    queryFn: () => api.get(`/admin/content/pages/${encodeURIComponent(identifier)}/${encodeURIComponent(language)}`, ContentPageSchema),
  });
  // A language without a text yet is written from nothing.
  const missing = page.error instanceof ApiError && page.error.status === 404;
  const title = t('content.pages.edit', { page: t(`content.pages.names.${identifier}`, { defaultValue: identifier }), language: languageName(language) });
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/content/pages">{t('content.pages.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={page.error && !missing ? messageOf(page.error, t('errors.generic')) : null} />
      {page.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {page.data || missing ? (
        <div className="detail-grid">
          <Panel id="page-form-title" title={t('content.pages.texts')} wide>
            {can(session.data?.permissions, 'content:write') ? (
              <PageForm identifier={identifier} language={language} page={page.data ?? null} onSaved={() => setDone(t('content.saved'))} />
            ) : (
              <p>{page.data?.body}</p>
            )}
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
