import {
  CategoryCreateBodySchema, CategoryDetailSchema, CategoryProductsBodySchema, type CategoryCreateBody, type CategoryDetail, type CategoryRow,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldError as RhfFieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, messageOf } from '../api';
import { can } from '../areas';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Panel } from '../components/misc';
import { useSession } from '../session';
import { useCategoryTree } from './catalogueEditor';
import { usePageTitle } from './layout';

const LANGUAGES = ['en', 'de'];

export function CategoriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogueEditor.categoriesTitle'));
  const session = useSession();
  const tree = useCategoryTree();
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/catalogue">{t('catalogueEditor.backToCatalogue')}</Link>
      </p>
      <h1>{t('catalogueEditor.categoriesTitle')}</h1>
      {can(session.data?.permissions, 'catalogue:write') ? (
        <p>
          <Link className="button-link primary" to="/catalogue/categories/new">
            {t('catalogueEditor.newCategory')}
          </Link>
        </p>
      ) : null}
      <ErrorNotice message={tree.error ? messageOf(tree.error, t('errors.generic')) : null} />
      {tree.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {tree.data ? (
        <div className="table-scroll" role="region" aria-labelledby="categories-caption" tabIndex={0}>
          <table>
            <caption id="categories-caption">{t('catalogueEditor.categoriesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('catalogueEditor.categoryName')}</th>
                <th scope="col">{t('catalogueEditor.urlKey')}</th>
                <th scope="col">{t('catalogueEditor.position')}</th>
                <th scope="col">{t('catalogueEditor.state')}</th>
                <th scope="col">{t('catalogueEditor.productCount')}</th>
              </tr>
            </thead>
            <tbody>
              {tree.data.items.map((c) => (
                <tr key={c.id}>
                  <td style={{ paddingInlineStart: `${0.75 + c.depth * 1.25}rem` }}>
                    {c.depth > 0 ? <span aria-hidden="true">└ </span> : null}
                    <Link to={`/catalogue/categories/${c.id}`}>{c.name}</Link>
                  </td>
                  <td>
                    <code>{c.url_key}</code>
                  </td>
                  <td>{c.position}</td>
                  <td>{c.is_active ? t('catalogueEditor.active') : t('catalogueEditor.inactive')}</td>
                  <td>{c.product_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

interface CategoryDraft {
  url_key: string;
  parent_id: string;
  position: string;
  is_active: boolean;
  include_in_menu: boolean;
  texts: Record<string, { name: string; description: string }>;
}

function categoryBody(d: CategoryDraft): Record<string, unknown> {
  const position = d.position.trim() === '' ? 0 : Number(d.position);
  return {
    url_key: d.url_key,
    parent_id: d.parent_id ? Number(d.parent_id) : null,
    position: Number.isInteger(position) ? position : Number.NaN,
    is_active: d.is_active,
    include_in_menu: d.include_in_menu,
    texts: Object.fromEntries(
      Object.entries(d.texts)
        .filter(([language, x]) => language === 'en' || x.name.trim() !== '' || x.description.trim() !== '')
        .map(([language, x]) => [language, { name: x.name, description: x.description }]),
    ),
  };
}

/** The categories a category may be placed under: none of itself and its own subtree. */
function parentOptions(items: CategoryRow[], self: number | null): CategoryRow[] {
  if (self === null) return items;
  const excluded = new Set([self]);
  for (const c of items) if (c.parent_id !== null && excluded.has(c.parent_id)) excluded.add(c.id);
  return items.filter((c) => !excluded.has(c.id));
}

function CategoryForm({ category, writable, onSaved }: { category: CategoryDetail | null; writable: boolean; onSaved: (after: CategoryDetail) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const tree = useCategoryTree();
  const languages = category?.languages ?? LANGUAGES;
  const resolver: Resolver<CategoryDraft, unknown, CategoryCreateBody> = (values, context, options) =>
    zodResolver(CategoryCreateBodySchema)(categoryBody(values) as never, context, options as never) as never;
  const form = useForm<CategoryDraft, unknown, CategoryCreateBody>({
    resolver,
    defaultValues: {
      url_key: category?.url_key ?? '',
      parent_id: category?.parent_id ? String(category.parent_id) : '',
      position: String(category?.position ?? 0),
      is_active: category?.is_active ?? true,
      include_in_menu: category?.include_in_menu ?? true,
      texts: Object.fromEntries(languages.map((l) => [l, { name: category?.texts[l]?.name ?? '', description: category?.texts[l]?.description ?? '' }])),
    },
  });
  const save = useMutation({
    mutationFn: (body: CategoryCreateBody) =>
      category ? api.put(`/admin/catalogue/categories/${category.id}`, CategoryDetailSchema, body) : api.post('/admin/catalogue/categories', CategoryDetailSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['catalogue-category', String(after.id)], after);
      void client.invalidateQueries({ queryKey: ['catalogue-categories'] });
      onSaved(after);
    },
  });
  const errors = form.formState.errors as unknown as Record<string, RhfFieldError | undefined> & { texts?: Record<string, { name?: RhfFieldError; description?: RhfFieldError }> };
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <fieldset className="panel form-columns" disabled={!writable}>
        <legend>{t('catalogueEditor.category')}</legend>
        <Field id="category-url-key" label={t('catalogueEditor.urlKey')} error={errors.url_key} hint={t('catalogueEditor.urlKeyHint')}>
          <input id="category-url-key" autoComplete="off" spellCheck={false} {...describedBy('category-url-key', errors.url_key, true)} {...form.register('url_key')} />
        </Field>
        <Field id="category-parent" label={t('catalogueEditor.parent')} error={errors.parent_id}>
          <select id="category-parent" {...describedBy('category-parent', errors.parent_id)} {...form.register('parent_id')}>
            <option value="">{t('catalogueEditor.noParent')}</option>
            {parentOptions(tree.data?.items ?? [], category?.id ?? null).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {`${'\u2003'.repeat(c.depth)}${c.name} (${c.url_key})`}
              </option>
            ))}
          </select>
        </Field>
        <Field id="category-position" label={t('catalogueEditor.categoryPosition')} error={errors.position}>
          <input id="category-position" type="number" inputMode="numeric" min={0} step={1} {...describedBy('category-position', errors.position)} {...form.register('position')} />
        </Field>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" {...form.register('is_active')} /> {t('catalogueEditor.categoryActive')}
          </label>
          <label className="checkbox">
            <input type="checkbox" {...form.register('include_in_menu')} /> {t('catalogueEditor.includeInMenu')}
          </label>
        </div>
      </fieldset>
      {languages.map((language) => {
        const e = errors.texts?.[language];
        return (
          <fieldset key={language} className="panel" disabled={!writable}>
            <legend>{t(`languages.${language}`, { defaultValue: language })}</legend>
            <Field id={`category-${language}-name`} label={t('catalogueEditor.categoryName')} error={e?.name}>
              <input id={`category-${language}-name`} lang={language} {...describedBy(`category-${language}-name`, e?.name)} {...form.register(`texts.${language}.name`)} />
            </Field>
            <Field id={`category-${language}-description`} label={t('catalogueEditor.categoryDescription')} error={e?.description} hint={t('catalogueEditor.descriptionHint')}>
              <textarea
                id={`category-${language}-description`}
                lang={language}
                rows={3}
                {...describedBy(`category-${language}-description`, e?.description, true)}
                {...form.register(`texts.${language}.description`)}
              />
            </Field>
          </fieldset>
        );
      })}
      {writable ? (
        <div className="form-actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            {category ? t('catalogueEditor.saveCategory') : t('catalogueEditor.createCategory')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function ProductsForm({ category, onDone }: { category: CategoryDetail; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState(category.products.map((p) => p.sku).join('\n'));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (skus: string[]) => api.put(`/admin/catalogue/categories/${category.id}/products`, CategoryDetailSchema, { skus }),
    onSuccess: (after) => {
      client.setQueryData(['catalogue-category', String(after.id)], after);
      void client.invalidateQueries({ queryKey: ['catalogue-categories'] });
      void client.invalidateQueries({ queryKey: ['product-editor'] });
      setText(after.products.map((p) => p.sku).join('\n'));
      onDone(t('catalogueEditor.productsSaved', { count: after.products.length }));
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const skus = text.split(/\s+/).map((s) => s.trim()).filter(Boolean);
    const parsed = CategoryProductsBodySchema.safeParse({ skus });
    setInvalid(!parsed.success);
    if (parsed.success) save.mutate(parsed.data.skus);
  };
  return (
    <form noValidate className="form-grid" onSubmit={onSubmit}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <div className={'field' + (invalid ? ' field-invalid' : '')}>
        <label htmlFor="category-skus">{t('catalogueEditor.assignedProducts')}</label>
        <p className="hint" id="category-skus-hint">
          {t('catalogueEditor.assignedHint')}
        </p>
        <textarea
          id="category-skus"
          rows={6}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={invalid ? 'category-skus-hint category-skus-error' : 'category-skus-hint'}
          {...(invalid ? { 'aria-invalid': true } : {})}
        />
        {invalid ? (
          <p className="field-error" id="category-skus-error">
            {t('validation.invalid')}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('catalogueEditor.saveProducts')}
        </button>
      </div>
    </form>
  );
}

export function CategoryCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogueEditor.categoryCreateTitle'));
  const navigate = useNavigate();
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/catalogue/categories">{t('catalogueEditor.backToCategories')}</Link>
      </p>
      <h1>{t('catalogueEditor.categoryCreateTitle')}</h1>
      <CategoryForm category={null} writable onSaved={(after) => void navigate(`/catalogue/categories/${after.id}`, { state: { created: after.name } })} />
    </section>
  );
}

export function CategoryEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const created = (location.state as { created?: string } | null)?.created;
  const session = useSession();
  const writable = can(session.data?.permissions, 'catalogue:write');
  const [done, setDone] = useState<string | null>(created ? t('catalogueEditor.categoryCreated', { name: created }) : null);
  const category = useQuery({ queryKey: ['catalogue-category', id], queryFn: ({ signal }) => api.get(`/admin/catalogue/categories/${encodeURIComponent(id)}`, CategoryDetailSchema, { signal }) });
  const c = category.data;
  const title = t('catalogueEditor.categoryEditTitle', { name: c?.name ?? id });
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/catalogue/categories">{t('catalogueEditor.backToCategories')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={category.error ? messageOf(category.error, t('errors.generic')) : null} />
      {!writable ? <p className="muted">{t('catalogueEditor.readOnly')}</p> : null}
      {category.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {c ? (
        <div className="detail-grid">
          <Panel id="category-form" title={t('catalogueEditor.category')} wide>
            <CategoryForm key={c.id} category={c} writable={writable} onSaved={(after) => setDone(t('catalogueEditor.categorySaved', { name: after.name }))} />
          </Panel>
          <Panel id="category-products" title={t('catalogueEditor.assignedProducts')} wide>
            {writable ? (
              <ProductsForm key={c.id} category={c} onDone={setDone} />
            ) : c.products.length === 0 ? (
              <p className="muted">—</p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="category-products-caption" tabIndex={0}>
                <table>
                  <caption id="category-products-caption">{t('catalogueEditor.productsCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('catalogueEditor.sku')}</th>
                      <th scope="col">{t('catalogueEditor.name')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.products.map((p) => (
                      <tr key={p.sku}>
                        <td>
                          <Link to={`/catalogue/${encodeURIComponent(p.sku)}/edit`}>{p.sku}</Link>
                        </td>
                        <td>{p.name}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
