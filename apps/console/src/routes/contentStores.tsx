import {
  LocatorServicesSchema, LocatorStoreCreateBodySchema, LocatorStorePageSchema, LocatorStoreSchema, STORE_TYPES, type LocatorStore, type LocatorStoreCreateBody,
} from '@ember/contracts';
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
import { ErrorNotice, Field, FieldError, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel, StatusTag } from '../components/misc';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { ContentTabs, useContentLanguages, useLanguageName } from './contentShared';
import { usePageTitle } from './layout';

type StoreRow = ReturnType<typeof LocatorStorePageSchema.parse>['items'][number];
const FILTERS = ['q', 'store', 'enabled', 'type'] as const;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** All store views, from the content languages' answer. */
function useStoreViewList() {
  const languages = useContentLanguages();
  return (languages.data?.languages ?? []).flatMap((l) => l.store_views.map((v) => ({ ...v, language: l.language })));
}

function useWeekdayName() {
  const { i18n } = useTranslation();
  // 1 January 2024 was a Monday.
  return (weekday: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));
}

export function StoresListPage() {
  const { t } = useTranslation();
  usePageTitle(t('content.stores.title'));
  const session = useSession();
  const views = useStoreViewList();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const list = useQuery({
    queryKey: ['content-stores', query],
    queryFn: ({ signal }) => api.get(`/admin/stores${query}`, LocatorStorePageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<StoreRow>();
  const columns = useMemo(
    () => [
      column.accessor('name', { header: () => t('content.stores.name'), cell: (c) => <Link to={`/content/stores/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('city', { header: () => t('content.stores.city'), cell: (c) => `${c.getValue()} (${c.row.original.country_code})` }),
      column.accessor('type', { header: () => t('content.stores.type'), cell: (c) => t(`content.stores.types.${c.getValue()}`) }),
      column.accessor('is_active', { header: () => t('content.stores.state'), cell: (c) => <StatusTag status={c.getValue() ? 'enabled' : 'disabled'} group="content.stores.states" /> }),
      column.accessor('store_views', { header: () => t('content.stores.storeViews'), cell: (c) => c.getValue().join(', ') || '—' }),
    ],
    [column, t],
  );
  return (
    <section>
      <h1>{t('content.stores.title')}</h1>
      <ContentTabs />
      {can(session.data?.permissions, 'content:write') ? (
        <p>
          <Link className="button-link primary" to="/content/stores/new">
            {t('content.stores.new')}
          </Link>
        </p>
      ) : null}
      <ListFilters
        name="stores"
        label={t('content.stores.search')}
        fields={[
          { key: 'q', label: t('content.stores.q'), type: 'search', wide: true },
          { key: 'store', label: t('content.stores.storeView'), type: 'select', options: views.map((v) => ({ value: v.code, label: `${v.name} (${v.code})` })) },
          {
            key: 'enabled',
            label: t('content.stores.state'),
            type: 'select',
            options: [
              { value: 'true', label: t('content.stores.states.enabled') },
              { value: 'false', label: t('content.stores.states.disabled') },
            ],
          },
          { key: 'type', label: t('content.stores.type'), type: 'select', options: STORE_TYPES.map((s) => ({ value: s, label: t(`content.stores.types.${s}`) })) },
        ]}
      />
      <ErrorNotice message={list.error ? messageOf(list.error, t('errors.generic')) : null} />
      <DataTable caption={t('content.stores.caption')} columns={columns} rows={list.data?.items} total={list.data?.page_info.total} loading={list.isFetching} />
    </section>
  );
}

interface StoreDraft {
  id: string;
  external_id: string;
  type: string;
  name: string;
  street: string;
  city: string;
  postcode: string;
  country_code: string;
  telephone: string;
  latitude: string;
  longitude: string;
  timezone: string;
  is_active: boolean;
  views: Record<string, { shown: boolean; pickup: boolean }>;
  texts: Record<string, string>;
  /** Per weekday 1–7 at index 0–6: "09:00-13:00, 14:00-18:00"; empty is closed. */
  hours: string[];
  services: string[];
}

const coordinate = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));

function toBody(d: StoreDraft, positions: Record<string, number>): Record<string, unknown> {
  return {
    id: d.id, external_id: d.external_id, type: d.type, name: d.name, street: d.street, city: d.city, postcode: d.postcode, country_code: d.country_code.trim().toUpperCase(),
    telephone: d.telephone.replace(/[\s()-]/g, ''), latitude: coordinate(d.latitude), longitude: coordinate(d.longitude), timezone: d.timezone.trim(), is_active: d.is_active,
    store_views: Object.entries(d.views).filter(([, v]) => v.shown).map(([store_code, v]) => ({ store_code, is_pickup: v.pickup, position: positions[store_code] ?? 0 })),
    texts: Object.entries(d.texts).filter(([, v]) => v.trim() !== '').map(([language, description]) => ({ language, description })),
    hours: d.hours.flatMap((line, i) =>
      line.split(',').map((s) => s.trim()).filter(Boolean).map((span) => {
        const [opens = '', closes = ''] = span.split(/\s*[-–]\s*/);
        return { weekday: i + 1, opens, closes };
      })),
    services: d.services,
  };
}

function toDraft(s: LocatorStore | null, viewCodes: string[], languages: string[]): StoreDraft {
  return {
    id: s?.id ?? '', external_id: s?.external_id ?? '', type: s?.type ?? 'shop', name: s?.name ?? '', street: s?.street ?? '', city: s?.city ?? '', postcode: s?.postcode ?? '',
    country_code: s?.country_code ?? '', telephone: s?.telephone ?? '', latitude: s?.latitude === null || !s ? '' : String(s.latitude), longitude: s?.longitude === null || !s ? '' : String(s.longitude),
    timezone: s?.timezone ?? 'Europe/London', is_active: s?.is_active ?? true,
    views: Object.fromEntries(viewCodes.map((code) => {
      const v = s?.store_views.find((x) => x.store_code === code);
      return [code, { shown: !!v, pickup: v?.is_pickup ?? false }];
    })),
    texts: Object.fromEntries(languages.map((l) => [l, s?.texts.find((x) => x.language === l)?.description ?? ''])),
    hours: WEEKDAYS.map((d) => (s?.hours ?? []).filter((h) => h.weekday === d).map((h) => `${h.opens}-${h.closes}`).join(', ')),
    services: s?.services ?? [],
  };
}

function StoreForm({ store, onSaved }: { store: LocatorStore | null; onSaved: (s: LocatorStore) => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const views = useStoreViewList();
  const languages = [...new Set(views.map((v) => v.language))];
  const languageName = useLanguageName();
  const weekdayName = useWeekdayName();
  const services = useQuery({ queryKey: ['store-services'], queryFn: ({ signal }) => api.get('/admin/store-services', LocatorServicesSchema, { signal }), staleTime: 300_000 });
  const positions = Object.fromEntries((store?.store_views ?? []).map((v) => [v.store_code, v.position]));
  const resolver: Resolver<StoreDraft, unknown, LocatorStoreCreateBody> = (values, context, options) =>
    zodResolver(LocatorStoreCreateBodySchema)(toBody(values, positions) as never, context, options as never) as never;
  const form = useForm<StoreDraft, unknown, LocatorStoreCreateBody>({ resolver, defaultValues: toDraft(store, views.map((v) => v.code), languages) });
  const save = useMutation({
    mutationFn: ({ id, ...body }: LocatorStoreCreateBody) =>
      store ? api.put(`/admin/stores/${encodeURIComponent(store.id)}`, LocatorStoreSchema, body) : api.post('/admin/stores', LocatorStoreSchema, { id, ...body }),
    onSuccess: (saved) => {
      client.setQueryData(['content-store', saved.id], saved);
      void client.invalidateQueries({ queryKey: ['content-stores'] });
      onSaved(saved);
    },
  });
  const errors = form.formState.errors as unknown as Partial<Record<keyof LocatorStoreCreateBody, RhfFieldError>>;
  const listError = (name: 'store_views' | 'texts' | 'hours' | 'services') => (errors[name] ? ({ type: 'custom', message: '' } as RhfFieldError) : undefined);
  const text = (name: keyof StoreDraft & keyof LocatorStoreCreateBody, label: string, opts: { hint?: string; inputMode?: 'decimal' | 'tel'; disabled?: boolean } = {}) => {
    const id = `store-edit-${name}`;
    return (
      <Field id={id} label={label} error={errors[name]} hint={opts.hint}>
        <input id={id} inputMode={opts.inputMode} readOnly={opts.disabled} {...describedBy(id, errors[name], !!opts.hint)} {...form.register(name)} />
      </Field>
    );
  };
  return (
    <form noValidate className="form-grid" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      {text('id', t('content.stores.id'), { hint: t('content.stores.idHint'), disabled: !!store })}
      {text('external_id', t('content.stores.externalId'))}
      <Field id="store-edit-type" label={t('content.stores.type')} error={errors.type}>
        <select id="store-edit-type" {...form.register('type')}>
          {STORE_TYPES.map((s) => (
            <option key={s} value={s}>
              {t(`content.stores.types.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      {text('name', t('content.stores.name'))}
      {text('street', t('content.stores.street'))}
      {text('postcode', t('content.stores.postcode'))}
      {text('city', t('content.stores.city'))}
      {text('country_code', t('content.stores.country'), { hint: t('content.stores.countryHint') })}
      {text('telephone', t('content.stores.telephone'), { hint: t('content.stores.telephoneHint'), inputMode: 'tel' })}
      {text('latitude', t('content.stores.latitude'), { hint: t('content.stores.latitudeHint'), inputMode: 'decimal' })}
      {text('longitude', t('content.stores.longitude'), { hint: t('content.stores.longitudeHint'), inputMode: 'decimal' })}
      {text('timezone', t('content.stores.timezone'))}
      <label className="checkbox">
        <input type="checkbox" {...form.register('is_active')} /> {t('content.stores.enabled')}
      </label>
      <fieldset className="language-texts">
        <legend>{t('content.stores.storeViews')}</legend>
        {views.map((v) => (
          <p key={v.code}>
            <label className="checkbox">
              <input type="checkbox" {...form.register(`views.${v.code}.shown`)} /> {t('content.stores.shownIn', { name: `${v.name} (${v.code})` })}
            </label>{' '}
            <label className="checkbox">
              <input type="checkbox" {...form.register(`views.${v.code}.pickup`)} /> {t('content.stores.pickupIn', { code: v.code })}
            </label>
          </p>
        ))}
        <FieldError id="store-views-error" error={listError('store_views')} />
      </fieldset>
      <fieldset className="language-texts">
        <legend>{t('content.stores.hours')}</legend>
        <p className="hint" id="store-hours-hint">
          {t('content.stores.hoursHint')}
        </p>
        {WEEKDAYS.map((d, i) => (
          <Field key={d} id={`store-hours-${d}`} label={weekdayName(d)}>
            <input id={`store-hours-${d}`} aria-describedby="store-hours-hint" {...form.register(`hours.${i}`)} />
          </Field>
        ))}
        <FieldError id="store-hours-error" error={listError('hours')} />
      </fieldset>
      <fieldset className="language-texts">
        <legend>{t('content.stores.services')}</legend>
        {(services.data?.items ?? []).map((s) => (
          <p key={s.code}>
            <label className="checkbox">
              <input type="checkbox" value={s.code} {...form.register('services')} /> {s.labels[i18n.language] ?? s.labels.en ?? s.code}
            </label>
          </p>
        ))}
        <FieldError id="store-services-error" error={listError('services')} />
      </fieldset>
      <fieldset className="language-texts">
        <legend>{t('content.stores.descriptions')}</legend>
        {languages.map((l) => (
          <Field key={l} id={`store-text-${l}`} label={t('content.stores.descriptionIn', { language: languageName(l) })}>
            <textarea id={`store-text-${l}`} rows={3} {...form.register(`texts.${l}`)} />
          </Field>
        ))}
        <FieldError id="store-texts-error" error={listError('texts')} />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('content.save')}
        </button>
      </div>
    </form>
  );
}

export function StoreEditPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const writer = can(session.data?.permissions, 'content:write');
  const languages = useContentLanguages();
  const location = useLocation();
  // A record just created arrives here with the news of its saving.
  const [done, setDone] = useState<string | null>(() => ((location.state as { saved?: boolean } | null)?.saved ? t('content.saved') : null));
  const store = useQuery({ queryKey: ['content-store', id], queryFn: () => api.get(`/admin/stores/${encodeURIComponent(id)}`, LocatorStoreSchema), enabled: !isNew });
  const state = useMutation({
    mutationFn: (is_active: boolean) => api.post(`/admin/stores/${encodeURIComponent(id)}/state`, LocatorStoreSchema, { is_active }),
    onSuccess: (after) => {
      client.setQueryData(['content-store', after.id], after);
      void client.invalidateQueries({ queryKey: ['content-stores'] });
      setDone(after.is_active ? t('content.stores.nowEnabled') : t('content.stores.nowDisabled'));
    },
  });
  const s = store.data;
  const title = isNew ? t('content.stores.new') : t('content.stores.edit', { name: s?.name ?? id });
  usePageTitle(title);
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/content/stores">{t('content.stores.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={store.error ? messageOf(store.error, t('errors.generic')) : state.error ? messageOf(state.error, t('errors.generic')) : null} />
      {!isNew && store.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {isNew || s ? (
        <div className="detail-grid">
          {s ? (
            <Panel id="store-state" title={t('content.stores.state')}>
              <Facts items={[[t('content.stores.state'), <StatusTag key="s" status={s.is_active ? 'enabled' : 'disabled'} group="content.stores.states" />], [t('content.stores.id'), <code key="i">{s.id}</code>]]} />
              {writer ? (
                <button type="button" className={s.is_active ? 'danger' : 'primary'} disabled={state.isPending} onClick={() => state.mutate(!s.is_active)}>
                  {s.is_active ? t('content.stores.disable') : t('content.stores.enable')}
                </button>
              ) : null}
              <p className="muted">{t('content.stores.disableHint')}</p>
            </Panel>
          ) : null}
          <Panel id="store-form" title={t('content.stores.details')} wide>
            {!writer ? (
              <Facts items={[[t('content.stores.name'), s?.name], [t('content.stores.street'), s?.street], [t('content.stores.city'), s?.city]]} />
            ) : languages.data ? (
              <StoreForm
                key={s ? `${s.id}-${s.is_active}` : 'new'}
                store={s ?? null}
                onSaved={(saved) => {
                  setDone(t('content.saved'));
                  if (isNew) void navigate(`/content/stores/${saved.id}`, { replace: true, state: { saved: true } });
                }}
              />
            ) : (
              <p className="loading">{t('common.loading')}</p>
            )}
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
