import { LoyaltyEarningRuleAdminSchema, LoyaltyEarningRuleCreateBodySchema, LoyaltyEarningRuleListSchema, LoyaltyEarningRuleUpdateBodySchema, type LoyaltyEarningRuleAdmin } from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, messageOf } from '../api';
import { can } from '../areas';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { LoyaltyTabs } from '../components/LoyaltyTabs';
import { Facts, Panel, StatusTag } from '../components/misc';
import { formatNumber } from '../format';
import { useSession } from '../session';
import { usePageTitle } from './layout';
import { draftTexts, errorAt, TextsFieldsets, textsOf, wholeOrEmpty } from './loyaltyClubForm';

const TEXT_FIELDS = ['description'];

export function RulesPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  usePageTitle(t('loyaltyAdmin.rules.title'));
  const session = useSession();
  const rules = useQuery({ queryKey: ['loyalty-rules'], queryFn: ({ signal }) => api.get('/admin/loyalty/earning-rules', LoyaltyEarningRuleListSchema, { signal }) });
  return (
    <section>
      <LoyaltyTabs />
      <div className="title-row">
        <h1>{t('loyaltyAdmin.rules.title')}</h1>
        {can(session.data?.permissions, 'promotions:write') ? (
          <Link className="button-link primary" to="/promotions/loyalty/earning-rules/new">
            {t('loyaltyAdmin.rules.create')}
          </Link>
        ) : null}
      </div>
      <p className="muted">{t('loyaltyAdmin.rules.intro')}</p>
      <ErrorNotice message={rules.error ? messageOf(rules.error, t('errors.generic')) : null} />
      {rules.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {rules.data ? (
        <div className="table-scroll" role="region" aria-labelledby="rules-caption" tabIndex={0}>
          <table>
            <caption id="rules-caption">{t('loyaltyAdmin.rules.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('loyaltyAdmin.rules.event')}</th>
                <th scope="col">{t('loyaltyAdmin.rules.description')}</th>
                <th scope="col">{t('loyaltyAdmin.rules.points')}</th>
                <th scope="col">{t('loyaltyAdmin.rewards.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rules.data.items.map((r) => (
                <tr key={r.event_name}>
                  <th scope="row">
                    <Link to={`/promotions/loyalty/earning-rules/${r.event_name}`}>
                      <code>{r.event_name}</code>
                    </Link>
                  </th>
                  <td>{r.texts.en?.description}</td>
                  <td>{formatNumber(r.points, lng)}</td>
                  <td>
                    <StatusTag status={r.is_active ? 'active' : 'inactive'} group="loyaltyAdmin.active" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

interface RuleDraft {
  event_name: string;
  points: string;
  is_active: boolean;
  en_description: string;
  de_description: string;
}

function ruleBody(d: RuleDraft, creating: boolean): Record<string, unknown> {
  return {
    ...(creating ? { event_name: d.event_name.trim() } : {}),
    points: wholeOrEmpty(d.points) ?? Number.NaN,
    is_active: d.is_active,
    texts: textsOf(d as unknown as Record<string, unknown>, TEXT_FIELDS),
  };
}

function RuleForm({ rule, onSaved }: { rule?: LoyaltyEarningRuleAdmin; onSaved: (r: LoyaltyEarningRuleAdmin) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const creating = !rule;
  const schema = creating ? LoyaltyEarningRuleCreateBodySchema : LoyaltyEarningRuleUpdateBodySchema;
  const resolver: Resolver<RuleDraft> = (values, context, options) => zodResolver(schema as never)(ruleBody(values, creating) as never, context, options as never) as never;
  const form = useForm<RuleDraft>({
    resolver,
    defaultValues: {
      event_name: rule?.event_name ?? '',
      points: rule ? String(rule.points) : '',
      is_active: rule?.is_active ?? true,
      ...(draftTexts(rule?.texts ?? {}, TEXT_FIELDS) as Pick<RuleDraft, 'en_description' | 'de_description'>),
    },
  });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      rule ? api.put(`/admin/loyalty/earning-rules/${rule.event_name}`, LoyaltyEarningRuleAdminSchema, body) : api.post('/admin/loyalty/earning-rules', LoyaltyEarningRuleAdminSchema, body),
    onSuccess: (saved) => {
      client.setQueryData(['loyalty-rule', saved.event_name], saved);
      void client.invalidateQueries({ queryKey: ['loyalty-rules'] });
      onSaved(saved);
    },
  });
  const errors = form.formState.errors;
  const e = (path: string) => errorAt(errors, path);
  const prefix = creating ? 'rule-new' : 'rule-edit';
  return (
    <form noValidate className={creating ? 'panel form-columns' : 'form-grid'} onSubmit={form.handleSubmit((body) => save.mutate(body as unknown as Record<string, unknown>))}>
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      {creating ? (
        <Field id={`${prefix}-event`} label={t('loyaltyAdmin.rules.event')} error={e('event_name')} hint={t('loyaltyAdmin.rules.eventHint')}>
          <input id={`${prefix}-event`} autoComplete="off" spellCheck={false} {...describedBy(`${prefix}-event`, e('event_name'), true)} {...form.register('event_name')} />
        </Field>
      ) : null}
      <Field id={`${prefix}-points`} label={t('loyaltyAdmin.rules.points')} error={e('points')} hint={t('loyaltyAdmin.rules.pointsHint')}>
        <input id={`${prefix}-points`} type="number" inputMode="numeric" min={0} step={1} {...describedBy(`${prefix}-points`, e('points'), true)} {...form.register('points')} />
      </Field>
      <div className="field">
        <label className="checkbox" htmlFor={`${prefix}-active`}>
          <input id={`${prefix}-active`} type="checkbox" {...form.register('is_active')} /> {t('loyaltyAdmin.rules.isActive')}
        </label>
      </div>
      <TextsFieldsets idPrefix={prefix} register={form.register} errors={errors} fields={[{ name: 'description', label: t('loyaltyAdmin.rules.description') }]} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {creating ? t('loyaltyAdmin.rules.createSubmit') : t('loyaltyAdmin.form.save')}
        </button>
      </div>
    </form>
  );
}

export function RuleCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('loyaltyAdmin.rules.createTitle'));
  const navigate = useNavigate();
  return (
    <section>
      <LoyaltyTabs />
      <p className="breadcrumb">
        <Link to="/promotions/loyalty/earning-rules">{t('loyaltyAdmin.rules.back')}</Link>
      </p>
      <h1>{t('loyaltyAdmin.rules.createTitle')}</h1>
      <RuleForm onSaved={(r) => void navigate(`/promotions/loyalty/earning-rules/${r.event_name}`, { state: { created: r.event_name } })} />
    </section>
  );
}

export function RuleDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { event = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const created = (location.state as { created?: string } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('loyaltyAdmin.form.saved', { name: created }) : null);
  const rules = useQuery({ queryKey: ['loyalty-rules'], queryFn: ({ signal }) => api.get('/admin/loyalty/earning-rules', LoyaltyEarningRuleListSchema, { signal }) });
  const rule = rules.data?.items.find((r) => r.event_name === event);
  const title = t('loyaltyAdmin.rules.detailTitle', { name: event });
  usePageTitle(title);
  return (
    <section>
      <LoyaltyTabs />
      <p className="breadcrumb">
        <Link to="/promotions/loyalty/earning-rules">{t('loyaltyAdmin.rules.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={rules.error ? messageOf(rules.error, t('errors.generic')) : null} />
      {rules.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {rules.data && !rule ? <p>{t('errors.notFound')}</p> : null}
      {rule ? (
        <div className="detail-grid">
          <Panel id="rule-summary" title={t('loyaltyAdmin.form.summary')}>
            <Facts
              items={[
                [t('loyaltyAdmin.rules.event'), <code key="e">{rule.event_name}</code>],
                [t('loyaltyAdmin.rules.points'), formatNumber(rule.points, lng)],
                [t('loyaltyAdmin.rewards.state'), <StatusTag key="s" status={rule.is_active ? 'active' : 'inactive'} group="loyaltyAdmin.active" />],
                ...Object.entries(rule.texts).map(([lang, text]): [string, string] => [`${t('loyaltyAdmin.rules.description')} (${lang})`, text.description]),
              ]}
            />
          </Panel>
          {can(session.data?.permissions, 'promotions:write') ? (
            <Panel id="rule-edit" title={t('loyaltyAdmin.form.edit')}>
              <RuleForm key={JSON.stringify(rule)} rule={rule} onSaved={(after) => setDone(t('loyaltyAdmin.form.saved', { name: after.event_name }))} />
            </Panel>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
