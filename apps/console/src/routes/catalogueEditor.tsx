import {
  CategoryTreeSchema, EDITABLE_PRODUCT_KINDS, IMAGE_MAX_BYTES, ProductCreateBodySchema, ProductEditorSchema, ProductUpdateBodySchema,
  type CategoryRow, type ProductCreateBody, type ProductEditor, type ProductUpdateBody,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldError as RhfFieldError, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, ApiError, messageOf, toApiError, type ZodType } from '../api';
import { can } from '../areas';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { Panel } from '../components/misc';
import { useSession } from '../session';
import { usePageTitle } from './layout';

const TEXT_FIELDS = ['name', 'short_description', 'description', 'meta_title', 'meta_description'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type TextDraft = Record<TextField, string>;

interface ProductDraft {
  sku: string;
  kind: string;
  url_key: string;
  is_active: boolean;
  is_visible: boolean;
  is_age_restricted: boolean;
  texts: Record<string, TextDraft>;
}

const emptyText = (): TextDraft => ({ name: '', short_description: '', description: '', meta_title: '', meta_description: '' });

/** The draft as the API's body: a language other than English with nothing in it is left out (it keeps what it had). */
function textsBody(texts: Record<string, TextDraft>): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(texts)
      .filter(([language, t]) => language === 'en' || TEXT_FIELDS.some((f) => t[f].trim() !== ''))
      .map(([language, t]) => [language, Object.fromEntries(TEXT_FIELDS.map((f) => [f, t[f]]))]),
  );
}

export const CategoryTreeAnswer: ZodType<{ items: CategoryRow[] }> = CategoryTreeSchema;

export function useCategoryTree() {
  return useQuery({ queryKey: ['catalogue-categories'], queryFn: ({ signal }) => api.get('/admin/catalogue/categories', CategoryTreeAnswer, { signal }) });
}

/** The shop's languages (English first) before a product is read: those of the languages switch. */
const DEFAULT_LANGUAGES = ['en', 'de'];

const errorAt = (errors: FieldErrors<ProductDraft>, language: string, field: TextField) =>
  (errors.texts as Record<string, Partial<Record<TextField, RhfFieldError>>> | undefined)?.[language]?.[field];

/** A product's words in each language, one group per language. */
function TextsFields({ form, languages, disabled }: { form: UseFormReturn<ProductDraft, unknown, never>; languages: string[]; disabled: boolean }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <>
      {languages.map((language) => (
        <fieldset key={language} className="panel" disabled={disabled}>
          <legend>{t(`languages.${language}`, { defaultValue: language })}</legend>
          {TEXT_FIELDS.map((field) => {
            const id = `text-${language}-${field}`;
            const error = errorAt(errors, language, field);
            const label = t(`catalogueEditor.${{ name: 'name', short_description: 'shortDescription', description: 'description', meta_title: 'metaTitle', meta_description: 'metaDescription' }[field]}`);
            const long = field === 'description' || field === 'short_description';
            return (
              <Field key={field} id={id} label={label} error={error} hint={field === 'description' ? t('catalogueEditor.descriptionHint') : undefined}>
                {long ? (
                  <textarea id={id} rows={field === 'description' ? 6 : 3} {...describedBy(id, error, field === 'description')} {...form.register(`texts.${language}.${field}`)} />
                ) : (
                  <input id={id} lang={language} {...describedBy(id, error)} {...form.register(`texts.${language}.${field}`)} />
                )}
              </Field>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}

/** The category tree as checkboxes, indented by depth. */
function CategoryChoice({ selected, onChange, disabled }: { selected: number[]; onChange: (ids: number[]) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const tree = useCategoryTree();
  const items = tree.data?.items ?? [];
  return (
    <fieldset className="panel" disabled={disabled}>
      <legend>{t('catalogueEditor.productCategories')}</legend>
      {tree.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {tree.data && items.length === 0 ? <p className="muted">{t('catalogueEditor.noCategories')}</p> : null}
      <ul className="plain-list">
        {items.map((c) => (
          <li key={c.id} style={{ paddingInlineStart: `${c.depth * 1.25}rem` }}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={selected.includes(c.id)}
                onChange={(e) => onChange(e.target.checked ? [...selected, c.id] : selected.filter((id) => id !== c.id))}
              />{' '}
              {c.name} <span className="muted">({c.url_key})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function StatusFields({ form, disabled }: { form: UseFormReturn<ProductDraft, unknown, never>; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice" disabled={disabled}>
      <legend>{t('catalogueEditor.status')}</legend>
      <label className="checkbox">
        <input type="checkbox" {...form.register('is_active')} /> {t('catalogueEditor.isActive')}
      </label>
      <label className="checkbox">
        <input type="checkbox" {...form.register('is_visible')} /> {t('catalogueEditor.isVisible')}
      </label>
      <label className="checkbox">
        <input type="checkbox" {...form.register('is_age_restricted')} /> {t('catalogueEditor.isAgeRestricted')}
      </label>
    </fieldset>
  );
}

export function ProductCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('catalogueEditor.createTitle'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const [categories, setCategories] = useState<number[]>([]);
  const resolver: Resolver<ProductDraft, unknown, ProductCreateBody> = (values, context, options) =>
    zodResolver(ProductCreateBodySchema)({ ...values, texts: textsBody(values.texts), category_ids: [] } as never, context, options as never) as never;
  const form = useForm<ProductDraft, unknown, ProductCreateBody>({
    resolver,
    defaultValues: { sku: '', kind: 'accessory', url_key: '', is_active: false, is_visible: true, is_age_restricted: true, texts: Object.fromEntries(DEFAULT_LANGUAGES.map((l) => [l, emptyText()])) },
  });
  const create = useMutation({
    mutationFn: (body: ProductCreateBody) => api.post('/admin/catalogue/editor/products', ProductEditorSchema, body),
    onSuccess: (product) => {
      client.setQueryData(['product-editor', product.sku], product);
      void client.invalidateQueries({ queryKey: ['catalogue'] });
      void client.invalidateQueries({ queryKey: ['catalogue-categories'] });
      void navigate(`/catalogue/${encodeURIComponent(product.sku)}/edit`, { state: { created: product.sku } });
    },
  });
  const errors = form.formState.errors;
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/catalogue">{t('catalogueEditor.backToCatalogue')}</Link>
      </p>
      <h1>{t('catalogueEditor.createTitle')}</h1>
      <form noValidate onSubmit={form.handleSubmit((body) => create.mutate({ ...body, category_ids: categories }))}>
        <ErrorNotice message={create.error ? messageOf(create.error, t('errors.generic')) : null} />
        <div className="panel form-columns">
          <Field id="product-sku" label={t('catalogueEditor.sku')} error={errors.sku} hint={t('catalogueEditor.skuHint')}>
            <input id="product-sku" autoComplete="off" spellCheck={false} {...describedBy('product-sku', errors.sku, true)} {...form.register('sku')} />
          </Field>
          <Field id="product-kind" label={t('catalogueEditor.kind')} error={errors.kind}>
            <select id="product-kind" {...describedBy('product-kind', errors.kind)} {...form.register('kind')}>
              {EDITABLE_PRODUCT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`productKind.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="product-url-key" label={t('catalogueEditor.urlKey')} error={errors.url_key} hint={t('catalogueEditor.urlKeyHint')}>
            <input id="product-url-key" autoComplete="off" spellCheck={false} {...describedBy('product-url-key', errors.url_key, true)} {...form.register('url_key')} />
          </Field>
          <StatusFields form={form as never} disabled={false} />
        </div>
        <h2>{t('catalogueEditor.texts')}</h2>
        <p className="hint">{t('catalogueEditor.textsHint')}</p>
        <TextsFields form={form as never} languages={DEFAULT_LANGUAGES} disabled={false} />
        <CategoryChoice selected={categories} onChange={setCategories} disabled={false} />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('catalogueEditor.create')}
          </button>
        </div>
      </form>
    </section>
  );
}

function draftOf(p: ProductEditor): ProductDraft {
  return {
    sku: p.sku, kind: p.kind, url_key: p.url_key, is_active: p.is_active, is_visible: p.is_visible, is_age_restricted: p.is_age_restricted,
    texts: Object.fromEntries(p.languages.map((l) => {
      const x = p.texts[l];
      return [l, x ? { name: x.name, short_description: x.short_description ?? '', description: x.description ?? '', meta_title: x.meta_title ?? '', meta_description: x.meta_description ?? '' } : emptyText()];
    })),
  };
}

function ProductForm({ product, writable, onDone }: { product: ProductEditor; writable: boolean; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [categories, setCategories] = useState<number[]>(product.category_ids);
  const resolver: Resolver<ProductDraft, unknown, ProductUpdateBody> = (values, context, options) =>
    zodResolver(ProductUpdateBodySchema)(
      { url_key: values.url_key, is_active: values.is_active, is_visible: values.is_visible, is_age_restricted: values.is_age_restricted, texts: textsBody(values.texts), category_ids: [] } as never,
      context,
      options as never,
    ) as never;
  const form = useForm<ProductDraft, unknown, ProductUpdateBody>({ resolver, defaultValues: draftOf(product) });
  const save = useMutation({
    mutationFn: (body: ProductUpdateBody) => api.put(`/admin/catalogue/editor/products/${encodeURIComponent(product.sku)}`, ProductEditorSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['product-editor', after.sku], after);
      void client.invalidateQueries({ queryKey: ['catalogue'] });
      void client.invalidateQueries({ queryKey: ['product', after.sku] });
      void client.invalidateQueries({ queryKey: ['catalogue-categories'] });
      form.reset(draftOf(after));
      onDone(t('catalogueEditor.saved', { sku: after.sku }));
    },
  });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => save.mutate({ ...body, category_ids: categories }))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <div className="panel form-columns">
        <Field id="product-url-key" label={t('catalogueEditor.urlKey')} error={errors.url_key} hint={t('catalogueEditor.urlKeyHint')}>
          <input id="product-url-key" autoComplete="off" spellCheck={false} disabled={!writable} {...describedBy('product-url-key', errors.url_key, true)} {...form.register('url_key')} />
        </Field>
        <StatusFields form={form as never} disabled={!writable} />
      </div>
      <h2>{t('catalogueEditor.texts')}</h2>
      <p className="hint">{t('catalogueEditor.textsHint')}</p>
      <TextsFields form={form as never} languages={product.languages} disabled={!writable} />
      <CategoryChoice selected={categories} onChange={setCategories} disabled={!writable} />
      {writable ? (
        <div className="form-actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            {t('catalogueEditor.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

const CsrfAnswer: ZodType<{ csrf_token: string }> = {
  safeParse: (v: unknown) => (typeof (v as { csrf_token?: unknown } | null)?.csrf_token === 'string' ? { success: true, data: v as { csrf_token: string } } : { success: false }),
};

/** Sends the file's bytes as the request body, with the session's CSRF token read afresh. */
async function uploadImage(sku: string, file: File, label: string): Promise<ProductEditor> {
  const session = await api.get('/admin/session', CsrfAnswer);
  const query = label.trim() ? `?label=${encodeURIComponent(label.trim())}` : '';
  const res = await fetch(`/admin/catalogue/editor/products/${encodeURIComponent(sku)}/images${query}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/octet-stream', 'x-csrf-token': session.csrf_token },
    body: file,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw toApiError(res.status, body);
  const parsed = ProductEditorSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(res.status, 'BAD_ANSWER', 'The server sent an answer the console does not understand.', null);
  return parsed.data;
}

function ImagesPanel({ product, writable, onDone }: { product: ProductEditor; writable: boolean; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [labels, setLabels] = useState<Record<number, string>>({});
  const sku = product.sku;
  const settle = (after: ProductEditor, message: string) => {
    client.setQueryData(['product-editor', sku], after);
    void client.invalidateQueries({ queryKey: ['catalogue'] });
    onDone(message);
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(sku, file, label),
    onSuccess: (after) => {
      setLabel('');
      if (fileRef.current) fileRef.current.value = '';
      settle(after, t('catalogueEditor.uploaded'));
    },
  });
  const change = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) => api.patch(`/admin/catalogue/editor/products/${encodeURIComponent(sku)}/images/${id}`, ProductEditorSchema, body),
    onSuccess: (after) => settle(after, t('catalogueEditor.imageSaved')),
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/admin/catalogue/editor/products/${encodeURIComponent(sku)}/images/${id}`);
      return api.get(`/admin/catalogue/editor/products/${encodeURIComponent(sku)}`, ProductEditorSchema);
    },
    onSuccess: (after) => settle(after, t('catalogueEditor.imageRemoved')),
  });
  const onUpload = (e: FormEvent) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setFileError(t('catalogueEditor.chooseFile'));
    if (file.size > IMAGE_MAX_BYTES) return setFileError(t('catalogueEditor.tooLarge'));
    setFileError(null);
    upload.mutate(file);
  };
  const failure = upload.error ?? change.error ?? remove.error;
  return (
    <>
      <ErrorNotice message={failure ? messageOf(failure, t('errors.generic')) : null} />
      {product.images.length === 0 ? (
        <p className="muted">{t('catalogueEditor.noImages')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="product-images-caption" tabIndex={0}>
          <table>
            <caption id="product-images-caption">{t('catalogueEditor.imagesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('catalogueEditor.preview')}</th>
                <th scope="col">{t('catalogueEditor.altLabel')}</th>
                <th scope="col">{t('catalogueEditor.position')}</th>
                <th scope="col">{t('catalogueEditor.state')}</th>
                {writable ? <th scope="col">{t('catalogueEditor.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {product.images.map((image, index) => (
                <tr key={image.id}>
                  <td>
                    <img src={image.url} alt={image.label ?? ''} width={64} height={64} style={{ objectFit: 'contain' }} />
                  </td>
                  <td>
                    {writable ? (
                      <span className="input-affix">
                        <input
                          aria-label={t('catalogueEditor.labelFor', { position: index + 1 })}
                          value={labels[image.id] ?? image.label ?? ''}
                          onChange={(e) => setLabels((l) => ({ ...l, [image.id]: e.target.value }))}
                        />
                        <button type="button" onClick={() => change.mutate({ id: image.id, body: { label: labels[image.id] ?? image.label ?? '' } })}>
                          {t('catalogueEditor.saveLabel')}
                        </button>
                      </span>
                    ) : (
                      (image.label ?? '—')
                    )}
                  </td>
                  <td>{image.position}</td>
                  <td>
                    {image.is_main ? `${t('catalogueEditor.isMain')} · ` : ''}
                    {image.disabled ? t('catalogueEditor.disabledState') : t('catalogueEditor.enabled')}
                  </td>
                  {writable ? (
                    <td>
                      <div className="filter-actions">
                        {!image.is_main ? (
                          <button type="button" onClick={() => change.mutate({ id: image.id, body: { is_main: true } })}>
                            {t('catalogueEditor.makeMain')}
                          </button>
                        ) : null}
                        <button type="button" onClick={() => change.mutate({ id: image.id, body: { disabled: !image.disabled } })}>
                          {image.disabled ? t('catalogueEditor.show') : t('catalogueEditor.hide')}
                        </button>
                        <button
                          type="button"
                          onClick={() => {
                            if (window.confirm(t('catalogueEditor.removeConfirm'))) remove.mutate(image.id);
                          }}
                        >
                          {t('catalogueEditor.remove')}
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {writable ? (
        <form noValidate className="form-grid" onSubmit={onUpload} aria-labelledby="image-upload-heading">
          <h3 id="image-upload-heading">{t('catalogueEditor.upload')}</h3>
          <div className={'field' + (fileError ? ' field-invalid' : '')}>
            <label htmlFor="image-file">{t('catalogueEditor.file')}</label>
            <p className="hint" id="image-file-hint">
              {t('catalogueEditor.fileHint')}
            </p>
            <input
              id="image-file"
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-describedby={fileError ? 'image-file-hint image-file-error' : 'image-file-hint'}
              {...(fileError ? { 'aria-invalid': true } : {})}
            />
            {fileError ? (
              <p className="field-error" id="image-file-error">
                {fileError}
              </p>
            ) : null}
          </div>
          <Field id="image-label" label={t('catalogueEditor.altLabel')} hint={t('catalogueEditor.altHint')}>
            <input id="image-label" value={label} onChange={(e) => setLabel(e.target.value)} aria-describedby="image-label-hint" />
          </Field>
          <div className="form-actions">
            <button type="submit" className="primary" disabled={upload.isPending}>
              {t('catalogueEditor.uploadSubmit')}
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}

export function ProductEditPage() {
  const { t } = useTranslation();
  const { sku = '' } = useParams();
  const location = useLocation();
  const created = (location.state as { created?: string } | null)?.created;
  const session = useSession();
  const writable = can(session.data?.permissions, 'catalogue:write');
  const [done, setDone] = useState<string | null>(created ? t('catalogueEditor.created', { sku: created }) : null);
  const product = useQuery({ queryKey: ['product-editor', sku], queryFn: ({ signal }) => api.get(`/admin/catalogue/editor/products/${encodeURIComponent(sku)}`, ProductEditorSchema, { signal }) });
  const p = product.data;
  const title = t('catalogueEditor.editTitle', { name: p?.texts.en?.name ?? sku });
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/catalogue">{t('catalogueEditor.backToCatalogue')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={product.error ? messageOf(product.error, t('errors.generic')) : null} />
      {!writable ? <p className="muted">{t('catalogueEditor.readOnly')}</p> : null}
      {product.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {p ? (
        <div className="detail-grid">
          <Panel id="product-prices-link" title={t('catalogueEditor.pricesAndStock')}>
            <p className="hint">{t('catalogueEditor.pricesAndStockHint')}</p>
            <p>
              <Link to={`/catalogue/${encodeURIComponent(p.sku)}`}>{t('catalogueEditor.openPrices')}</Link>
            </p>
            <p>
              <code>{p.sku}</code> · {t(`productKind.${p.kind}`, { defaultValue: p.kind })}
            </p>
          </Panel>
          <Panel id="product-images" title={t('catalogueEditor.images')} wide>
            <ImagesPanel key={p.sku} product={p} writable={writable} onDone={setDone} />
          </Panel>
          <Panel id="product-form" title={t('catalogueEditor.product')} wide>
            <ProductForm key={p.sku} product={p} writable={writable} onDone={setDone} />
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
