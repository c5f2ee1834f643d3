import {
  LoyaltyRewardAdminSchema, LoyaltyRewardCreateBodySchema, LoyaltyRewardPageSchema, LoyaltyRewardUpdateBodySchema, type LoyaltyRewardAdmin,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
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
import { discountFromApi, moneyStep, moneyToMinor } from '../couponValue';
import { formatMoney, formatNumber } from '../format';
import { readInt, readParams } from '../listParams';
import { useSession } from '../session';
import { useStoreViews, type StoreView } from '../stores';
import { usePageTitle } from './layout';
import { draftTexts, errorAt, TextsFieldsets, textsOf, useLoyaltyChoices, wholeOrEmpty } from './loyaltyClubForm';

const FILTERS = ['q', 'kind', 'active'] as const;
const TEXT_FIELDS = ['name', 'description'];

const currencyOf = (stores: StoreView[] | undefined, code: string | null | undefined) => (code ? (stores?.find((s) => s.store_code === code)?.base_currency_code ?? null) : null);

export function RewardsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  usePageTitle(t('loyaltyAdmin.rewards.title'));
  const session = useSession();
  const { search } = useListSearch();
  const filters = readParams(search, FILTERS);
  const query = queryString({ ...filters, page: readInt(search, 'page', 1), page_size: readInt(search, 'page_size', 25, 100) });
  const rewards = useQuery({
    queryKey: ['loyalty-rewards', query],
    queryFn: ({ signal }) => api.get(`/admin/loyalty/rewards${query}`, LoyaltyRewardPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = createColumnHelper<LoyaltyRewardAdmin>();
  const columns = useMemo(
    () => [
      column.display({ id: 'name', header: () => t('loyaltyAdmin.rewards.name'), cell: (c) => <Link to={`/promotions/loyalty/rewards/${c.row.original.uuid}`}>{c.row.original.texts.en?.name}</Link> }),
      column.accessor('kind', { header: () => t('loyaltyAdmin.rewards.kind'), cell: (c) => t(`loyaltyAdmin.kind.${c.getValue()}`) }),
      column.accessor('points', { header: () => t('loyaltyAdmin.rewards.points'), cell: (c) => formatNumber(c.getValue(), lng) }),
      column.display({
        id: 'value',
        header: () => t('loyaltyAdmin.rewards.discount'),
        cell: (c) => (c.row.original.discount_amount && c.row.original.currency ? formatMoney(c.row.original.discount_amount, c.row.original.currency, lng, true) : '—'),
      }),
      column.accessor('store_code', { header: () => t('loyaltyAdmin.rewards.store'), cell: (c) => c.getValue() ?? t('loyaltyAdmin.rewards.allStores') }),
      column.accessor('stock', { header: () => t('loyaltyAdmin.rewards.stock'), cell: (c) => (c.getValue() === null ? t('loyaltyAdmin.rewards.unlimited') : formatNumber(c.getValue()!, lng)) }),
      column.accessor('is_active', { header: () => t('loyaltyAdmin.rewards.state'), cell: (c) => <StatusTag status={c.getValue() ? 'active' : 'inactive'} group="loyaltyAdmin.active" /> }),
    ],
    [column, t, lng],
  );
  return (
    <section>
      <LoyaltyTabs />
      <div className="title-row">
        <h1>{t('loyaltyAdmin.rewards.title')}</h1>
        {can(session.data?.permissions, 'promotions:write') ? (
          <Link className="button-link primary" to="/promotions/loyalty/rewards/new">
            {t('loyaltyAdmin.rewards.create')}
          </Link>
        ) : null}
      </div>
      <ListFilters
        name="rewards"
        label={t('loyaltyAdmin.rewards.search')}
        fields={[
          { key: 'q', label: t('loyaltyAdmin.rewards.q'), type: 'search', wide: true },
          {
            key: 'kind',
            label: t('loyaltyAdmin.rewards.kind'),
            type: 'select',
            options: [
              { value: 'reward', label: t('loyaltyAdmin.kind.reward') },
              { value: 'campaign', label: t('loyaltyAdmin.kind.campaign') },
            ],
          },
          {
            key: 'active',
            label: t('loyaltyAdmin.rewards.state'),
            type: 'select',
            options: [
              { value: 'true', label: t('loyaltyAdmin.active.active') },
              { value: 'false', label: t('loyaltyAdmin.active.inactive') },
            ],
          },
        ]}
      />
      <ErrorNotice message={rewards.error ? messageOf(rewards.error, t('errors.generic')) : null} />
      <DataTable caption={t('loyaltyAdmin.rewards.caption')} columns={columns} rows={rewards.data?.items} total={rewards.data?.page_info.total} loading={rewards.isFetching} />
    </section>
  );
}

interface RewardDraft {
  kind: 'reward' | 'campaign';
  points: string;
  discount: string;
  store_code: string;
  stock: string;
  min_tier: string;
  image_url: string;
  is_active: boolean;
  en_name: string;
  en_description: string;
  de_name: string;
  de_description: string;
}

function rewardBody(d: RewardDraft, currency: string | null, withKind: boolean): Record<string, unknown> {
  const stock = wholeOrEmpty(d.stock);
  return {
    ...(withKind ? { kind: d.kind } : {}),
    points: wholeOrEmpty(d.points) ?? Number.NaN,
    discount_amount: d.kind === 'campaign' ? (d.discount.trim() ? moneyToMinor(d.discount, currency) : null) : null,
    store_code: d.store_code || null,
    stock: stock === undefined ? null : stock,
    min_tier: d.min_tier || null,
    image_url: d.image_url || null,
    is_active: d.is_active,
    texts: textsOf(d as unknown as Record<string, unknown>, TEXT_FIELDS),
  };
}

function RewardForm({ reward, onSaved }: { reward?: LoyaltyRewardAdmin; onSaved: (r: LoyaltyRewardAdmin) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const stores = useStoreViews();
  const choices = useLoyaltyChoices();
  const storesRef = useRef(stores.data);
  storesRef.current = stores.data;
  const creating = !reward;
  const schema = creating ? LoyaltyRewardCreateBodySchema : LoyaltyRewardUpdateBodySchema;
  const resolver: Resolver<RewardDraft> = (values, context, options) =>
    zodResolver(schema as never)(rewardBody(values, currencyOf(storesRef.current, values.store_code), creating) as never, context, options as never) as never;
  const form = useForm<RewardDraft>({
    resolver,
    defaultValues: {
      kind: reward?.kind ?? 'reward',
      points: reward ? String(reward.points) : '',
      discount: reward?.discount_amount && reward.currency ? discountFromApi(reward.discount_amount, 'fixed', reward.currency) : '',
      store_code: reward?.store_code ?? '',
      stock: reward?.stock === null || reward?.stock === undefined ? '' : String(reward.stock),
      min_tier: reward?.min_tier ?? '',
      image_url: reward?.image_url ?? '',
      is_active: reward?.is_active ?? true,
      ...(draftTexts(reward?.texts ?? {}, TEXT_FIELDS) as Pick<RewardDraft, 'en_name' | 'en_description' | 'de_name' | 'de_description'>),
    },
  });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      reward ? api.put(`/admin/loyalty/rewards/${reward.uuid}`, LoyaltyRewardAdminSchema, body) : api.post('/admin/loyalty/rewards', LoyaltyRewardAdminSchema, body),
    onSuccess: (saved) => {
      client.setQueryData(['loyalty-reward', saved.uuid], saved);
      void client.invalidateQueries({ queryKey: ['loyalty-rewards'] });
      onSaved(saved);
    },
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const currency = currencyOf(stores.data, form.watch('store_code'));
  const prefix = creating ? 'reward-new' : 'reward-edit';
  const e = (path: string) => errorAt(errors, path);
  return (
    <form noValidate className={creating ? 'panel form-columns' : 'form-grid'} onSubmit={form.handleSubmit((body) => save.mutate(body as unknown as Record<string, unknown>))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      {creating ? (
        <fieldset className="choice">
          <legend>{t('loyaltyAdmin.rewards.kind')}</legend>
          <label className="checkbox">
            <input type="radio" value="reward" {...form.register('kind')} /> {t('loyaltyAdmin.kind.reward')}
          </label>
          <label className="checkbox">
            <input type="radio" value="campaign" {...form.register('kind')} /> {t('loyaltyAdmin.kind.campaign')}
          </label>
        </fieldset>
      ) : null}
      <Field id={`${prefix}-points`} label={t('loyaltyAdmin.rewards.points')} error={e('points')}>
        <input id={`${prefix}-points`} type="number" inputMode="numeric" min={1} step={1} {...describedBy(`${prefix}-points`, e('points'))} {...form.register('points')} />
      </Field>
      <Field id={`${prefix}-store`} label={t('loyaltyAdmin.rewards.store')} error={e('store_code')} hint={kind === 'campaign' ? t('loyaltyAdmin.rewards.campaignStoreHint') : undefined}>
        <select id={`${prefix}-store`} {...describedBy(`${prefix}-store`, e('store_code'), kind === 'campaign')} {...form.register('store_code')}>
          <option value="">{t('loyaltyAdmin.rewards.allStores')}</option>
          {(stores.data ?? []).map((s) => (
            <option key={s.store_code} value={s.store_code}>
              {s.store_name} ({s.store_code}, {s.base_currency_code})
            </option>
          ))}
        </select>
      </Field>
      {kind === 'campaign' ? (
        <Field id={`${prefix}-discount`} label={currency ? t('loyaltyAdmin.rewards.discountIn', { currency }) : t('loyaltyAdmin.rewards.discount')} error={e('discount_amount')}>
          <input id={`${prefix}-discount`} type="number" inputMode="decimal" min={0} step={moneyStep(currency)} {...describedBy(`${prefix}-discount`, e('discount_amount'))} {...form.register('discount')} />
        </Field>
      ) : null}
      <Field id={`${prefix}-stock`} label={t('loyaltyAdmin.rewards.stock')} error={e('stock')} hint={t('loyaltyAdmin.rewards.stockHint')}>
        <input id={`${prefix}-stock`} type="number" inputMode="numeric" min={0} step={1} {...describedBy(`${prefix}-stock`, e('stock'), true)} {...form.register('stock')} />
      </Field>
      <Field id={`${prefix}-tier`} label={t('loyaltyAdmin.rewards.minTier')} error={e('min_tier')}>
        <select id={`${prefix}-tier`} {...describedBy(`${prefix}-tier`, e('min_tier'))} {...form.register('min_tier')}>
          <option value="">{t('loyaltyAdmin.rewards.everyTier')}</option>
          {(choices.data?.tiers ?? []).map((tier) => (
            <option key={tier.code} value={tier.code}>
              {tier.name}
            </option>
          ))}
        </select>
      </Field>
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
        <label className="checkbox" htmlFor={`${prefix}-active`}>
          <input id={`${prefix}-active`} type="checkbox" {...form.register('is_active')} /> {t('loyaltyAdmin.rewards.isActive')}
        </label>
      </div>
      <TextsFieldsets
        idPrefix={prefix}
        register={form.register}
        errors={errors}
        fields={[
          { name: 'name', label: t('loyaltyAdmin.rewards.name') },
          { name: 'description', label: t('loyaltyAdmin.rewards.description'), multiline: true },
        ]}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {creating ? t('loyaltyAdmin.rewards.createSubmit') : t('loyaltyAdmin.form.save')}
        </button>
      </div>
    </form>
  );
}

export function RewardCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('loyaltyAdmin.rewards.createTitle'));
  const navigate = useNavigate();
  return (
    <section>
      <LoyaltyTabs />
      <p className="breadcrumb">
        <Link to="/promotions/loyalty/rewards">{t('loyaltyAdmin.rewards.back')}</Link>
      </p>
      <h1>{t('loyaltyAdmin.rewards.createTitle')}</h1>
      <RewardForm onSaved={(r) => void navigate(`/promotions/loyalty/rewards/${r.uuid}`, { state: { created: r.texts.en?.name } })} />
    </section>
  );
}

export function RewardDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { uuid = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const created = (location.state as { created?: string } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('loyaltyAdmin.rewards.created', { name: created }) : null);
  const query = useQuery({ queryKey: ['loyalty-reward', uuid], queryFn: () => api.get(`/admin/loyalty/rewards/${encodeURIComponent(uuid)}`, LoyaltyRewardAdminSchema) });
  const r = query.data;
  const title = t('loyaltyAdmin.rewards.detailTitle', { name: r?.texts.en?.name ?? '…' });
  usePageTitle(title);
  return (
    <section>
      <LoyaltyTabs />
      <p className="breadcrumb">
        <Link to="/promotions/loyalty/rewards">{t('loyaltyAdmin.rewards.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={query.error ? messageOf(query.error, t('errors.generic')) : null} />
      {query.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {r ? (
        <div className="detail-grid">
          <Panel id="reward-summary" title={t('loyaltyAdmin.form.summary')}>
            <Facts
              items={[
                [t('loyaltyAdmin.rewards.kind'), t(`loyaltyAdmin.kind.${r.kind}`)],
                [t('loyaltyAdmin.rewards.points'), formatNumber(r.points, lng)],
                [t('loyaltyAdmin.rewards.discount'), r.discount_amount && r.currency ? formatMoney(r.discount_amount, r.currency, lng, true) : '—'],
                [t('loyaltyAdmin.rewards.store'), r.store_code ?? t('loyaltyAdmin.rewards.allStores')],
                [t('loyaltyAdmin.rewards.stock'), r.stock === null ? t('loyaltyAdmin.rewards.unlimited') : formatNumber(r.stock, lng)],
                [t('loyaltyAdmin.rewards.minTier'), r.min_tier ?? t('loyaltyAdmin.rewards.everyTier')],
                [t('loyaltyAdmin.rewards.state'), <StatusTag key="s" status={r.is_active ? 'active' : 'inactive'} group="loyaltyAdmin.active" />],
                ...Object.entries(r.texts).map(([lang, text]): [string, string] => [`${t('loyaltyAdmin.rewards.name')} (${lang})`, text.name]),
              ]}
            />
          </Panel>
          {can(session.data?.permissions, 'promotions:write') ? (
            <Panel id="reward-edit" title={t('loyaltyAdmin.form.edit')}>
              <RewardForm key={JSON.stringify(r)} reward={r} onSaved={(after) => setDone(t('loyaltyAdmin.form.saved', { name: after.texts.en?.name ?? '' }))} />
            </Panel>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
