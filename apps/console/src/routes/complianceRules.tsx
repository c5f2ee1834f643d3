import {
  ConsentTextsUpdateSchema, ConsolePurposeDetailSchema, ConsolePurposeListSchema, MarketRulesListSchema, MarketRulesSchema, MarketRulesUpdateSchema,
  type ConsentTextsUpdate, type MarketRules, type MarketRulesUpdate,
} from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldError as RhfFieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, messageOf } from '../api';
import { can } from '../areas';
import { consentBody, marketBody, type ConsentDraft, type MarketDraft } from '../complianceRules';
import { ComplianceTabs } from '../components/ComplianceTabs';
import { ErrorNotice, Field, FieldError, SuccessNotice, describedBy } from '../components/fields';
import { Facts, Panel } from '../components/misc';
import { formatDateTime, formatNumber } from '../format';
import { useSession } from '../session';
import { usePageTitle } from './layout';

const yesNo = (t: (k: string) => string, v: boolean) => (v ? t('common.yes') : t('common.no'));

export function MarketsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  usePageTitle(t('markets.title'));
  const session = useSession();
  const writable = can(session.data?.permissions, 'compliance:write');
  const markets = useQuery({ queryKey: ['markets'], queryFn: ({ signal }) => api.get('/admin/compliance/markets', MarketRulesListSchema, { signal }) });
  return (
    <section>
      <ComplianceTabs />
      <h1>{t('markets.title')}</h1>
      <p className="muted">{t('markets.intro')}</p>
      <ErrorNotice message={markets.error ? messageOf(markets.error, t('errors.generic')) : null} />
      {markets.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {markets.data ? (
        <div className="table-scroll" role="region" aria-labelledby="markets-caption" tabIndex={0}>
          <table>
            <caption id="markets-caption">{t('markets.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('markets.market')}</th>
                <th scope="col">{t('markets.country')}</th>
                <th scope="col">{t('markets.ageVerification')}</th>
                <th scope="col">{t('markets.minimumAge')}</th>
                <th scope="col">{t('markets.orderLimit')}</th>
                <th scope="col">{t('markets.cartonsLimit')}</th>
                <th scope="col">{t('markets.periodHours')}</th>
              </tr>
            </thead>
            <tbody>
              {markets.data.items.map((m) => (
                <tr key={m.store_code}>
                  <th scope="row">
                    {writable ? (
                      <Link to={`/compliance/markets/${m.store_code}`} aria-label={t('markets.editOf', { name: m.name })}>
                        {m.name} ({m.store_code})
                      </Link>
                    ) : (
                      `${m.name} (${m.store_code})`
                    )}
                  </th>
                  <td>{m.country_code}</td>
                  <td>{yesNo(t, m.is_age_verification_enabled)}</td>
                  <td>{formatNumber(m.minimum_age, lng)}</td>
                  <td>{m.is_order_limit_enabled ? formatNumber(m.order_limit_value, lng) : t('markets.off')}</td>
                  <td>{m.is_order_limit_enabled ? formatNumber(m.cartons_limit_value, lng) : t('markets.off')}</td>
                  <td>{formatNumber(m.order_limit_period_hours, lng)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function MarketForm({ market, onDone }: { market: MarketRules; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const resolver: Resolver<MarketDraft, unknown, MarketRulesUpdate> = (values, context, options) =>
    zodResolver(MarketRulesUpdateSchema)(marketBody(values) as never, context, options as never) as never;
  const form = useForm<MarketDraft, unknown, MarketRulesUpdate>({
    resolver,
    defaultValues: {
      is_age_verification_enabled: market.is_age_verification_enabled,
      is_order_limit_enabled: market.is_order_limit_enabled,
      order_limit_value: String(market.order_limit_value),
      cartons_limit_value: String(market.cartons_limit_value),
      minimum_age: String(market.minimum_age),
      order_limit_period_hours: String(market.order_limit_period_hours),
      reason: '',
    },
  });
  const save = useMutation({
    mutationFn: (body: MarketRulesUpdate) => api.put(`/admin/compliance/markets/${encodeURIComponent(market.store_code)}`, MarketRulesSchema, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['markets'] });
      form.setValue('reason', '');
      onDone(t('markets.saved', { name: market.name }));
    },
  });
  const limitOn = form.watch('is_order_limit_enabled');
  const errors = form.formState.errors;
  const num = (id: string, name: 'order_limit_value' | 'cartons_limit_value' | 'minimum_age' | 'order_limit_period_hours', label: string, hint?: string, disabled = false) => (
    <Field id={id} label={label} error={errors[name]} hint={hint}>
      <input id={id} type="number" inputMode="numeric" step={1} min={0} disabled={disabled} {...describedBy(id, errors[name], !!hint)} {...form.register(name)} />
    </Field>
  );
  return (
    <form
      noValidate
      className="form-grid"
      onSubmit={form.handleSubmit((body) => {
        if (window.confirm(t('markets.confirm', { name: market.name }))) save.mutate(body);
      })}
    >
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      <div className="field">
        <label className="checkbox" htmlFor="market-age">
          <input id="market-age" type="checkbox" {...form.register('is_age_verification_enabled')} /> {t('markets.ageVerificationOn')}
        </label>
      </div>
      {num('market-minimum-age', 'minimum_age', t('markets.minimumAge'), t('markets.minimumAgeHint'))}
      <div className="field">
        <label className="checkbox" htmlFor="market-limit">
          <input id="market-limit" type="checkbox" {...form.register('is_order_limit_enabled')} /> {t('markets.orderLimitOn')}
        </label>
      </div>
      {num('market-limit-value', 'order_limit_value', t('markets.orderLimit'), t('markets.orderLimitHint'), !limitOn)}
      {num('market-cartons', 'cartons_limit_value', t('markets.cartonsLimit'), undefined, !limitOn)}
      {num('market-period', 'order_limit_period_hours', t('markets.periodHours'), t('markets.periodHint'))}
      <Field id="market-reason" label={t('markets.reason')} error={errors.reason} hint={t('markets.reasonHint')}>
        <textarea id="market-reason" rows={2} {...describedBy('market-reason', errors.reason, true)} {...form.register('reason')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('markets.save')}
        </button>
      </div>
    </form>
  );
}

export function MarketEditPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { store = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const markets = useQuery({ queryKey: ['markets'], queryFn: ({ signal }) => api.get('/admin/compliance/markets', MarketRulesListSchema, { signal }) });
  const market = markets.data?.items.find((m) => m.store_code === store);
  const title = t('markets.editTitle', { name: market?.name ?? store });
  usePageTitle(title);
  return (
    <section>
      <ComplianceTabs />
      <p className="breadcrumb">
        <Link to="/compliance/markets">{t('markets.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={markets.error ? messageOf(markets.error, t('errors.generic')) : null} />
      {markets.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {markets.data && !market ? <p>{t('errors.notFound')}</p> : null}
      {market ? (
        <div className="detail-grid">
          <Panel id="market-summary" title={t('markets.current')}>
            <Facts
              items={[
                [t('markets.market'), `${market.name} (${market.store_code})`],
                [t('markets.country'), market.country_code],
                [t('markets.ageVerification'), yesNo(t, market.is_age_verification_enabled)],
                [t('markets.minimumAge'), formatNumber(market.minimum_age, lng)],
                [t('markets.orderLimit'), market.is_order_limit_enabled ? formatNumber(market.order_limit_value, lng) : t('markets.off')],
                [t('markets.cartonsLimit'), market.is_order_limit_enabled ? formatNumber(market.cartons_limit_value, lng) : t('markets.off')],
                [t('markets.periodHours'), formatNumber(market.order_limit_period_hours, lng)],
              ]}
            />
          </Panel>
          <Panel id="market-edit" title={t('markets.edit')}>
            <MarketForm key={JSON.stringify(market)} market={market} onDone={setDone} />
          </Panel>
        </div>
      ) : null}
    </section>
  );
}

export function ConsentsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  usePageTitle(t('consents.title'));
  const purposes = useQuery({ queryKey: ['consents'], queryFn: ({ signal }) => api.get('/admin/compliance/consents', ConsolePurposeListSchema, { signal }) });
  return (
    <section>
      <ComplianceTabs />
      <h1>{t('consents.title')}</h1>
      <ErrorNotice message={purposes.error ? messageOf(purposes.error, t('errors.generic')) : null} />
      {purposes.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {purposes.data ? (
        <div className="table-scroll" role="region" aria-labelledby="consents-caption" tabIndex={0}>
          <table>
            <caption id="consents-caption">{t('consents.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('consents.id')}</th>
                <th scope="col">{t('consents.name')}</th>
                <th scope="col">{t('consents.category')}</th>
                <th scope="col">{t('consents.mandatory')}</th>
                <th scope="col">{t('consents.version')}</th>
              </tr>
            </thead>
            <tbody>
              {purposes.data.items.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/compliance/consents/${p.id}`}>{p.id}</Link>
                  </td>
                  <td>{p.texts.en?.name ?? '—'}</td>
                  <td>{p.category}</td>
                  <td>{yesNo(t, p.mandatory)}</td>
                  <td>{formatNumber(p.version, lng)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

const LANGUAGES = ['en', 'de'] as const;

function ConsentForm({ purpose, onDone }: { purpose: ReturnType<typeof ConsolePurposeDetailSchema.parse>; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const resolver: Resolver<ConsentDraft, unknown, ConsentTextsUpdate> = (values, context, options) =>
    zodResolver(ConsentTextsUpdateSchema)(consentBody(values) as never, context, options as never) as never;
  const form = useForm<ConsentDraft, unknown, ConsentTextsUpdate>({
    resolver,
    defaultValues: {
      en_name: purpose.texts.en?.name ?? '',
      en_description: purpose.texts.en?.description ?? '',
      de_name: purpose.texts.de?.name ?? '',
      de_description: purpose.texts.de?.description ?? '',
      change: 'correction',
    },
  });
  const save = useMutation({
    mutationFn: (body: ConsentTextsUpdate) => api.put(`/admin/compliance/consents/${encodeURIComponent(purpose.id)}`, ConsolePurposeDetailSchema, body),
    onSuccess: (after) => {
      client.setQueryData(['consent', purpose.id], after);
      void client.invalidateQueries({ queryKey: ['consents'] });
      onDone(t('consents.saved', { version: after.version }));
    },
  });
  // The resolver checks the API's body, so the errors are named by its fields.
  const errors = form.formState.errors as unknown as { texts?: Record<string, { name?: RhfFieldError; description?: RhfFieldError }> & { root?: RhfFieldError; message?: string; type?: string } };
  const change = form.watch('change');
  return (
    <form
      noValidate
      className="form-grid"
      onSubmit={form.handleSubmit((body) => {
        if (!body.new_version || window.confirm(t('consents.confirmNewVersion'))) save.mutate(body);
      })}
    >
      <ErrorNotice message={save.error ? messageOf(save.error, t('errors.generic')) : null} />
      {LANGUAGES.map((lang) => (
        <fieldset key={lang} className="language-texts">
          <legend>{t(`languages.${lang}`)}</legend>
          <Field id={`consent-${lang}-name`} label={t('consents.name')} error={errors.texts?.[lang]?.name}>
            <input id={`consent-${lang}-name`} {...describedBy(`consent-${lang}-name`, errors.texts?.[lang]?.name)} {...form.register(`${lang}_name`)} />
          </Field>
          <Field id={`consent-${lang}-description`} label={t('consents.description')} error={errors.texts?.[lang]?.description}>
            <textarea id={`consent-${lang}-description`} rows={4} {...describedBy(`consent-${lang}-description`, errors.texts?.[lang]?.description)} {...form.register(`${lang}_description`)} />
          </Field>
        </fieldset>
      ))}
      {errors.texts && !errors.texts.en && !errors.texts.de ? <FieldError id="consent-texts-error" error={{ type: 'custom' } as RhfFieldError} /> : null}
      <fieldset className="choice">
        <legend>{t('consents.changeKind')}</legend>
        <label className="checkbox">
          <input type="radio" value="correction" {...form.register('change')} /> {t('consents.correction', { version: purpose.version })}
        </label>
        <label className="checkbox">
          <input type="radio" value="new_version" {...form.register('change')} /> {t('consents.newVersion', { version: purpose.version + 1 })}
        </label>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className={change === 'new_version' ? 'danger' : 'primary'} disabled={save.isPending}>
          {change === 'new_version' ? t('consents.saveNewVersion') : t('consents.saveCorrection')}
        </button>
      </div>
    </form>
  );
}

export function ConsentDetailPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id = '' } = useParams();
  const session = useSession();
  const [done, setDone] = useState<string | null>(null);
  const purpose = useQuery({ queryKey: ['consent', id], queryFn: () => api.get(`/admin/compliance/consents/${encodeURIComponent(id)}`, ConsolePurposeDetailSchema) });
  const p = purpose.data;
  const title = t('consents.detailTitle', { name: p?.texts.en?.name ?? id });
  usePageTitle(title);
  return (
    <section>
      <ComplianceTabs />
      <p className="breadcrumb">
        <Link to="/compliance/consents">{t('consents.back')}</Link>
      </p>
      <h1>{title}</h1>
      <SuccessNotice message={done} />
      <ErrorNotice message={purpose.error ? messageOf(purpose.error, t('errors.generic')) : null} />
      {purpose.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {p ? (
        <div className="detail-grid">
          <Panel id="consent-summary" title={t('consents.summary')}>
            <Facts
              items={[
                [t('consents.id'), <code key="i">{p.id}</code>],
                [t('consents.category'), p.category],
                [t('consents.mandatory'), yesNo(t, p.mandatory)],
                [t('consents.version'), formatNumber(p.version, lng)],
                ...LANGUAGES.flatMap((lang): [string, string][] => [
                  [`${t('consents.name')} (${lang})`, p.texts[lang]?.name ?? '—'],
                  [`${t('consents.description')} (${lang})`, p.texts[lang]?.description ?? '—'],
                ]),
              ]}
            />
          </Panel>
          {can(session.data?.permissions, 'compliance:write') ? (
            <Panel id="consent-edit" title={t('consents.edit')}>
              <ConsentForm key={JSON.stringify(p.texts) + p.version} purpose={p} onDone={setDone} />
            </Panel>
          ) : null}
          <Panel id="consent-history" title={t('consents.history')} wide>
            {p.history.length === 0 ? (
              <p className="muted">{t('consents.noHistory')}</p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="consent-history-caption" tabIndex={0}>
                <table>
                  <caption id="consent-history-caption">{t('consents.historyCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('consents.when')}</th>
                      <th scope="col">{t('consents.version')}</th>
                      <th scope="col">{t('consents.language')}</th>
                      <th scope="col">{t('consents.text')}</th>
                      <th scope="col">{t('consents.who')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.history.map((h, i) => (
                      <tr key={i}>
                        <td>{formatDateTime(h.recorded_at, lng)}</td>
                        <td>{formatNumber(h.version, lng)}</td>
                        <td>{h.language}</td>
                        <td className="history-text">
                          <strong>{h.name}</strong>
                          <br />
                          {h.description}
                        </td>
                        <td>{h.recorded_by}</td>
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
