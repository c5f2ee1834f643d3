import {
  LoyaltyArticleAdminSchema, LoyaltyArticleCreateBodySchema, LoyaltyArticlePageSchema, LoyaltyArticleUpdateBodySchema, type LoyaltyArticleAdmin,
} from '@ember/contracts';
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
import { formatDateTime, formatNumber, localInputToIso } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { usePageTitle } from './layout';
import { draftTexts, errorAt, TextsFieldsets, textsOf, useLoyaltyChoices, wholeOrEmpty } from './loyaltyClubForm';

const FILTERS = ['q', 'state'] as const;
const TEXT_FIELDS = ['title', 'summary', 'body'];

export function ArticlesPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  usePageTitle(t('loyaltyAdmin.articles.title'));
  const session = useSession();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const articles = useQuery({
    queryKey: ['loyalty-articles', query],
    queryFn: ({ signal }) => api.get(`/admin/loyalty/articles${query}`, LoyaltyArticlePageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<LoyaltyArticleAdmin>();
  const columns = useMemo(
    () => [
      column.display({ id: 'title', header: () => t('loyaltyAdmin.articles.articleTitle'), cell: (c) => <Link to={`/promotions/loyalty/articles/${c.row.original.article_id}`}>{c.row.original.texts.en?.title}</Link> }),
      column.accessor('article_id', { header: () => t('loyaltyAdmin.articles.id'), cell: (c) => <code>{c.getValue()}</code> }),
      column.accessor('points', { header: () => t('loyaltyAdmin.articles.points'), cell: (c) => formatNumber(c.getValue(), lng) }),
      column.accessor('state', { header: () => t('loyaltyAdmin.articles.state'), cell: (c) => <StatusTag status={c.getValue()} group="loyaltyAdmin.articleState" /> }),
      column.accessor('published_at', { header: () => t('loyaltyAdmin.articles.publishedAt'), cell: (c) => formatDateTime(c.getValue(), lng) }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <LoyaltyTabs />
      <div className="title-row">
        <h1>{t('loyaltyAdmin.articles.title')}</h1>
        {can(session.data?.permissions, 'promotions:write') ? (
          <Link className="button-link primary" to="/promotions/loyalty/articles/new">
            {t('loyaltyAdmin.articles.create')}
          </Link>
        ) : null}
      </div>
      <ListFilters
        name="articles"
        label={t('loyaltyAdmin.articles.search')}
        fields={[
          { key: 'q', label: t('loyaltyAdmin.articles.q'), type: 'search', wide: true },
          { key: 'state', label: t('loyaltyAdmin.articles.state'), type: 'select', options: (['draft', 'scheduled', 'published'] as const).map((s) => ({ value: s, label: t(`loyaltyAdmin.articleState.${s}`) })) },
        ]}
      />
      <ErrorNotice message={articles.error ? messageOf(articles.error, t('errors.generic')) : null} />
      <DataTable caption={t('loyaltyAdmin.articles.caption')} columns={columns} rows={articles.data?.items} total={articles.data?.page_info.total} loading={articles.isFetching} />
    </section>
  );
}

interface ArticleDraft {
  article_id: string;
  points: string;
  levels: string[];
  image_url: string;
  is_available: boolean;
  en_title: string;
  en_summary: string;
  en_body: string;
  de_title: string;
  de_summary: string;
  de_body: string;
}

function articleBody(d: ArticleDraft, creating: boolean): Record<string, unknown> {
  return {
    ...(creating ? { article_id: d.article_id.trim() } : {}),
    points: wholeOrEmpty(d.points) ?? Number.NaN,
    levels: Array.isArray(d.levels) ? d.levels : [],
    image_url: d.image_url || null,
    is_available: d.is_available,
    texts: textsOf(d as unknown as Record<string, unknown>, TEXT_FIELDS),
  };
}

function ArticleForm({ article, onSaved }: { article?: LoyaltyArticleAdmin; onSaved: (a: LoyaltyArticleAdmin) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const choices = useLoyaltyChoices();
  const creating = !article;
  const schema = creating ? LoyaltyArticleCreateBodySchema : LoyaltyArticleUpdateBodySchema;
  const resolver: Resolver<ArticleDraft> = (values, context, options) => zodResolver(schema as never)(articleBody(values, creating) as never, context, options as never) as never;
  const form = useForm<ArticleDraft>({
    resolver,
    defaultValues: {
      article_id: article?.article_id ?? '',
      points: article ? String(article.points) : '',
      levels: article?.levels ?? [],
      image_url: article?.image_url ?? '',
      is_available: article?.is_available ?? true,
      ...(draftTexts(article?.texts ?? {}, TEXT_FIELDS) as Pick<ArticleDraft, 'en_title' | 'en_summary' | 'en_body' | 'de_title' | 'de_summary' | 'de_body'>),
    },
  });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      article ? api.put(`/admin/loyalty/articles/${article.article_id}`, LoyaltyArticleAdminSchema, body) : api.post('/admin/loyalty/articles', LoyaltyArticleAdminSchema, body),
    onSuccess: (saved) => {
      client.setQueryData(['loyalty-article', saved.article_id], saved);
      void client.invalidateQueries({ queryKey: ['loyalty-articles'] });
      onSaved(saved);
    },
  });
  const errors = form.formState.errors;
  const e = (path: string) => errorAt(errors, path);
  const prefix = creating ? 'article-new' : 'article-edit';
  return (
    <form noValidate className={creating ? 'panel form-columns' : 'form-grid'} onSubmit={form.handleSubmit((body) => save.mutate(body as unknown as Record<string, unknown>))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      {creating ? (
        <Field id={`${prefix}-id`} label={t('loyaltyAdmin.articles.id')} error={e('article_id')} hint={t('loyaltyAdmin.articles.idHint')}>
          <input id={`${prefix}-id`} autoComplete="off" spellCheck={false} {...describedBy(`${prefix}-id`, e('article_id'), true)} {...form.register('article_id')} />
        </Field>
      ) : null}
      <Field id={`${prefix}-points`} label={t('loyaltyAdmin.articles.points')} error={e('points')}>
        <input id={`${prefix}-points`} type="number" inputMode="numeric" min={0} step={1} {...describedBy(`${prefix}-points`, e('points'))} {...form.register('points')} />
      </Field>
      <fieldset className="choice">
        <legend>{t('loyaltyAdmin.articles.levels')}</legend>
        <p className="hint">{t('loyaltyAdmin.articles.levelsHint')}</p>
        {(choices.data?.tiers ?? []).map((tier) => (
          <label key={tier.code} className="checkbox">
            <input type="checkbox" value={tier.code} {...form.register('levels')} /> {tier.name}
          </label>
        ))}
      </fieldset>
      <Field id={`${prefix}-image`} label={t('loyaltyAdmin.form.image')} error={e('image_url')}>
        <select id={`${prefix}-image`} {...describedBy(`${prefix}-image`, e('image_url'))} {...form.register('image_url')}>
          <option value="">{t('loyaltyAdmin.form.noImage')}</option>
          {(choices.data?.images ?? []).map((url) => (
            <option key={url} value={url}>
              {url.replace('/media/loyalty/', '')}
            </option>
          ))}
        </select>
      </Field>
      <div className="field">
        <label className="checkbox" htmlFor={`${prefix}-available`}>
          <input id={`${prefix}-available`} type="checkbox" {...form.register('is_available')} /> {t('loyaltyAdmin.articles.isAvailable')}
        </label>
      </div>
      <TextsFieldsets
        idPrefix={prefix}
        register={form.register}
        errors={errors}
        fields={[
          { name: 'title', label: t('loyaltyAdmin.articles.articleTitle') },
          { name: 'summary', label: t('loyaltyAdmin.articles.summary'), multiline: true },
          { name: 'body', label: t('loyaltyAdmin.articles.body'), multiline: true },
        ]}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {creating ? t('loyaltyAdmin.articles.createSubmit') : t('loyaltyAdmin.form.save')}
        </button>
      </div>
    </form>
  );
}

export function ArticleCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('loyaltyAdmin.articles.createTitle'));
  const navigate = useNavigate();
  return (
    <section>
      <LoyaltyTabs />
      <p className="breadcrumb">
        <Link to="/promotions/loyalty/articles">{t('loyaltyAdmin.articles.back')}</Link>
      </p>
      <h1>{t('loyaltyAdmin.articles.createTitle')}</h1>
      <ArticleForm onSaved={(a) => void navigate(`/promotions/loyalty/articles/${a.article_id}`, { state: { created: a.texts.en?.title } })} />
    </section>
  );
}

function PublishForm({ article, onDone }: { article: LoyaltyArticleAdmin; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [at, setAt] = useState('');
  const publish = useMutation({
    mutationFn: (body: { at?: string | null }) => api.post(`/admin/loyalty/articles/${article.article_id}/publish`, LoyaltyArticleAdminSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['loyalty-article', after.article_id], after);
      void client.invalidateQueries({ queryKey: ['loyalty-articles'] });
      onDone(t(`loyaltyAdmin.articles.done.${after.state}`));
    },
  });
  return (
    <div className="form-grid">
      <ErrorNotice message={publish.error ? messageOf(publish.error, t('errors.generic')) : null} />
      <div className="form-actions">
        <button type="button" className="primary" disabled={publish.isPending} onClick={() => publish.mutate({})}>
          {t('loyaltyAdmin.articles.publishNow')}
        </button>
      </div>
      <div className="field">
        <label htmlFor="article-publish-at">{t('loyaltyAdmin.articles.publishAt')}</label>
        <input id="article-publish-at" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
      </div>
      <div className="form-actions">
        <button type="button" disabled={publish.isPending || !at} onClick={() => publish.mutate({ at: localInputToIso(at) ?? at })}>
          {t('loyaltyAdmin.articles.schedule')}
        </button>
        {article.state !== 'draft' ? (
          <button type="button" className="danger" disabled={publish.isPending} onClick={() => publish.mutate({ at: null })}>
            {t('loyaltyAdmin.articles.unpublish')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function ArticleDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const created = (location.state as { created?: string } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('loyaltyAdmin.articles.created', { name: created }) : null);
  const query = useQuery({ queryKey: ['loyalty-article', id], queryFn: () => api.get(`/admin/loyalty/articles/${encodeURIComponent(id)}`, LoyaltyArticleAdminSchema) });
  const a = query.data;
  const title = t('loyaltyAdmin.articles.detailTitle', { name: a?.texts.en?.title ?? '…' });
  usePageTitle(title);
  const writable = can(session.data?.permissions, 'promotions:write');
  return (
    <section>
      <LoyaltyTabs />
      <p className="breadcrumb">
        <Link to="/promotions/loyalty/articles">{t('loyaltyAdmin.articles.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={query.error ? messageOf(query.error, t('errors.generic')) : null} />
      {query.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {a ? (
        <div className="detail-grid">
          <Panel id="article-summary" title={t('loyaltyAdmin.form.summary')}>
            <Facts
              items={[
                [t('loyaltyAdmin.articles.id'), <code key="i">{a.article_id}</code>],
                [t('loyaltyAdmin.articles.points'), formatNumber(a.points, lng)],
                [t('loyaltyAdmin.articles.levels'), a.levels.length ? a.levels.join(', ') : t('loyaltyAdmin.articles.everyone')],
                [t('loyaltyAdmin.articles.state'), <StatusTag key="s" status={a.state} group="loyaltyAdmin.articleState" />],
                [t('loyaltyAdmin.articles.publishedAt'), formatDateTime(a.published_at, lng)],
                ...Object.entries(a.texts).map(([lang, text]): [string, string] => [`${t('loyaltyAdmin.articles.articleTitle')} (${lang})`, text.title]),
              ]}
            />
          </Panel>
          {writable ? (
            <Panel id="article-publish" title={t('loyaltyAdmin.articles.publishing')}>
              <PublishForm key={a.published_at ?? 'draft'} article={a} onDone={setDone} />
            </Panel>
          ) : null}
          {writable ? (
            <Panel id="article-edit" title={t('loyaltyAdmin.form.edit')} wide>
              <ArticleForm key={JSON.stringify(a)} article={a} onSaved={(after) => setDone(t('loyaltyAdmin.form.saved', { name: after.texts.en?.title ?? '' }))} />
            </Panel>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
