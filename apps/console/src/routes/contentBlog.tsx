import { BLOG_STATES, BlogArticleSchema, BlogBodySchema, BlogPageSchema, type BlogArticle, type BlogBody } from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm, type FieldError as RhfFieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, messageOf, queryString } from '../api';
import { can } from '../areas';
import { ListFilters } from '../components/ListFilters';
import { DataTable, useListSearch } from '../components/DataTable';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { formatDateTime } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { ContentTabs, useContentLanguages, useLanguageName } from './contentShared';
import { usePageTitle } from './layout';

type BlogRow = ReturnType<typeof BlogPageSchema.parse>['items'][number];
const FILTERS = ['q', 'language', 'state'] as const;

export function BlogListPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('content.blog.title'));
  const session = useSession();
  const languages = useContentLanguages();
  const languageName = useLanguageName();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const list = useQuery({
    queryKey: ['content-blog', query],
    queryFn: ({ signal }) => api.get(`/admin/content/blog${query}`, BlogPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<BlogRow>();
  const columns = useMemo(
    () => [
      column.accessor('title', { header: () => t('content.blog.articleTitle'), cell: (c) => <Link to={`/content/blog/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('language', { header: () => t('content.language'), cell: (c) => languageName(c.getValue()) }),
      column.accessor('state', { header: () => t('content.blog.state'), cell: (c) => <StatusTag status={c.getValue()} group="content.blog.states" /> }),
      column.accessor('published_at', { header: () => t('content.blog.publishedAt'), cell: (c) => (c.getValue() ? formatDateTime(c.getValue()!, i18n.language) : '—') }),
      column.accessor('author', { header: () => t('content.blog.author') }),
    ],
    [column, t, i18n.language, languageName],
  );
  return (
    <section>
      <h1>{t('content.blog.title')}</h1>
      <ContentTabs />
      {can(session.data?.permissions, 'content:write') ? (
        <p>
          <Link className="button-link primary" to="/content/blog/new">
            {t('content.blog.new')}
          </Link>
        </p>
      ) : null}
      <ListFilters
        name="blog"
        label={t('content.blog.search')}
        fields={[
          { key: 'q', label: t('content.blog.q'), type: 'search', wide: true },
          { key: 'language', label: t('content.language'), type: 'select', options: (languages.data?.languages ?? []).map((l) => ({ value: l.language, label: languageName(l.language) })) },
          { key: 'state', label: t('content.blog.state'), type: 'select', options: BLOG_STATES.map((s) => ({ value: s, label: t(`content.blog.states.${s}`) })) },
        ]}
      />
      <ErrorNotice message={list.error ? messageOf(list.error, t('errors.generic')) : null} />
      <DataTable caption={t('content.blog.caption')} columns={columns} rows={list.data?.items} total={list.data?.page_info.total} loading={list.isFetching} />
    </section>
  );
}

type BlogDraft = Record<'language' | 'slug' | 'title' | 'summary' | 'body' | 'author' | 'hero_image' | 'hero_image_alt' | 'categories' | 'seo_title' | 'seo_description' | 'products', string>;
const list = (s: string) => s.split(/[\s,]+/).map((x) => x.trim()).filter(Boolean);
const toBody = (d: BlogDraft) => ({ ...d, categories: list(d.categories), products: list(d.products) });
const toDraft = (a: BlogArticle | null): BlogDraft => ({
  language: a?.language ?? '', slug: a?.slug ?? '', title: a?.title ?? '', summary: a?.summary ?? '', body: a?.body ?? '', author: a?.author ?? '',
  hero_image: a?.hero_image ?? '', hero_image_alt: a?.hero_image_alt ?? '', categories: a?.categories.join(', ') ?? '', seo_title: a?.seo_title ?? '',
  seo_description: a?.seo_description ?? '', products: a?.products.join(', ') ?? '',
});

function BlogForm({ article, onSaved }: { article: BlogArticle | null; onSaved: (a: BlogArticle) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const languages = useContentLanguages();
  const languageName = useLanguageName();
  const resolver: Resolver<BlogDraft, unknown, BlogBody> = (values, context, options) => zodResolver(BlogBodySchema)(toBody(values) as never, context, options as never) as never;
  const form = useForm<BlogDraft, unknown, BlogBody>({ resolver, defaultValues: toDraft(article) });
  const save = useMutation({
    mutationFn: (body: BlogBody) => (article ? api.put(`/admin/content/blog/${article.id}`, BlogArticleSchema, body) : api.post('/admin/content/blog', BlogArticleSchema, body)),
    onSuccess: (saved) => {
      client.setQueryData(['content-blog-article', String(saved.id)], saved);
      void client.invalidateQueries({ queryKey: ['content-blog'] });
      onSaved(saved);
    },
  });
  const errors = form.formState.errors as Partial<Record<keyof BlogDraft, RhfFieldError>>;
  const text = (name: keyof BlogDraft, label: string, opts: { hint?: string; rows?: number } = {}) => {
    const id = `blog-edit-${name}`;
    return (
      <Field id={id} label={label} error={errors[name]} hint={opts.hint}>
        {opts.rows ? (
          <textarea id={id} rows={opts.rows} {...describedBy(id, errors[name], !!opts.hint)} {...form.register(name)} />
        ) : (
          <input id={id} {...describedBy(id, errors[name], !!opts.hint)} {...form.register(name)} />
        )}
      </Field>
    );
  };
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <Field id="blog-edit-language" label={t('content.language')} error={errors.language}>
        <select id="blog-edit-language" {...describedBy('blog-edit-language', errors.language)} {...form.register('language')}>
          <option value="">{t('content.chooseLanguage')}</option>
          {(languages.data?.languages ?? []).map((l) => (
            <option key={l.language} value={l.language}>
              {languageName(l.language)}
            </option>
          ))}
        </select>
      </Field>
      {text('title', t('content.blog.articleTitle'))}
      {text('slug', t('content.blog.slug'), { hint: t('content.blog.slugHint') })}
      {text('summary', t('content.blog.summary'), { rows: 2 })}
      {text('body', t('content.blog.body'), { rows: 12, hint: t('content.markdownHint') })}
      {text('author', t('content.blog.author'))}
      {text('hero_image', t('content.blog.heroImage'), { hint: t('content.blog.heroImageHint') })}
      {text('hero_image_alt', t('content.blog.heroImageAlt'))}
      {text('categories', t('content.blog.categories'), { hint: t('content.blog.listHint') })}
      {text('products', t('content.blog.products'), { hint: t('content.blog.listHint') })}
      {text('seo_title', t('content.blog.seoTitle'))}
      {text('seo_description', t('content.blog.seoDescription'), { rows: 2 })}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('content.save')}
        </button>
      </div>
    </form>
  );
}

/** Publish now, at a time, or take back to a draft; a draft may be deleted. */
function Publication({ article, onDone }: { article: BlogArticle; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [at, setAt] = useState('');
  const change = useMutation({
    mutationFn: (body: { published: boolean; at?: string }) => api.post(`/admin/content/blog/${article.id}/publication`, BlogArticleSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['content-blog-article', String(after.id)], after);
      void client.invalidateQueries({ queryKey: ['content-blog'] });
      onDone(t(`content.blog.became.${after.state}`));
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`/admin/content/blog/${article.id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['content-blog'] });
      void navigate('/content/blog');
    },
  });
  const error = change.error ?? remove.error;
  return (
    <>
      <ErrorNotice message={error ? messageOf(error, t('errors.generic')) : null} />
      <div className="button-row">
        {article.state !== 'published' ? (
          <button type="button" className="primary" disabled={change.isPending} onClick={() => change.mutate({ published: true })}>
            {t('content.blog.publishNow')}
          </button>
        ) : null}
        {article.state !== 'draft' ? (
          <button type="button" disabled={change.isPending} onClick={() => change.mutate({ published: false })}>
            {t('content.blog.unpublish')}
          </button>
        ) : null}
      </div>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          if (at) change.mutate({ published: true, at: new Date(at).toISOString() });
        }}
      >
        <Field id="blog-schedule" label={t('content.blog.scheduleAt')}>
          <input id="blog-schedule" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </Field>
        <div className="form-actions">
          <button type="submit" disabled={change.isPending || !at}>
            {t('content.blog.schedule')}
          </button>
        </div>
      </form>
      {article.state === 'draft' ? (
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => window.confirm(t('content.confirmDelete')) && remove.mutate()}>
          {t('content.delete')}
        </button>
      ) : (
        <p className="muted">{t('content.blog.deleteHint')}</p>
      )}
    </>
  );
}

export function BlogEditPage() {
  const { t, i18n } = useTranslation();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const session = useSession();
  const writer = can(session.data?.permissions, 'content:write');
  const languageName = useLanguageName();
  const location = useLocation();
  // A record just created arrives here with the news of its saving.
  const [done, setDone] = useState<string | null>(() => ((location.state as { saved?: boolean } | null)?.saved ? t('content.blog.savedDraft') : null));
  const article = useQuery({ queryKey: ['content-blog-article', id], queryFn: () => api.get(`/admin/content/blog/${encodeURIComponent(id)}`, BlogArticleSchema), enabled: !isNew });
  const a = article.data;
  const title = isNew ? t('content.blog.new') : t('content.blog.edit', { title: a?.title ?? '' });
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/content/blog">{t('content.blog.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={article.error ? messageOf(article.error, t('errors.generic')) : null} />
      {!isNew && article.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {isNew || a ? (
        <div className="detail-grid">
          {a ? (
            <Panel id="blog-summary" title={t('content.blog.publication')}>
              <Facts
                items={[
                  [t('content.blog.state'), <StatusTag key="s" status={a.state} group="content.blog.states" />],
                  [t('content.blog.publishedAt'), a.published_at ? formatDateTime(a.published_at, i18n.language) : '—'],
                  [t('content.language'), languageName(a.language)],
                  [t('content.blog.slug'), <code key="c">{a.slug}</code>],
                ]}
              />
              {writer ? <Publication article={a} onDone={setDone} /> : null}
            </Panel>
          ) : null}
          <Panel id="blog-form" title={t('content.blog.article')} wide>
            {writer ? (
              <BlogForm
                key={a ? `${a.id}-${a.title}` : 'new'}
                article={a ?? null}
                onSaved={(saved) => {
                  setDone(isNew ? t('content.blog.savedDraft') : t('content.saved'));
                  if (isNew) void navigate(`/content/blog/${saved.id}`, { replace: true, state: { saved: true } });
                }}
              />
            ) : (
              <Facts items={[[t('content.blog.summary'), a?.summary], [t('content.blog.author'), a?.author]]} />
            )}
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
