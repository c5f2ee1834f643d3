import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAddresses } from '../../lib/account/account-queries';
import { formatDate } from '../../lib/account/dates';
import type { SessionUser } from '../../lib/account/session';
import { useQuery, useQueryClient } from '../../lib/api/query';
import type { StoreView } from '../../lib/api/store.api';
import {
  cancelSubscription, fetchSavedCards, fetchSubscriptionPlans, fetchSubscriptions, pauseSubscription, resumeSubscription, SubscriptionsApiError,
  updateSubscription, type SavedCard, type Subscription, type SubscriptionPlan,
} from '../../lib/api/subscriptions.api';
import { formatMoney } from '../../lib/money';
import { storePath } from '../../lib/store-paths';
import { AccountView } from './account-view';

export const subscriptionsQueryKey = ['subscriptions'] as const;
export const savedCardsQueryKey = ['saved-cards'] as const;
const CANCEL_REASONS = ['too_much_stock', 'too_expensive', 'switching_product', 'quitting', 'delivery_problems', 'other'] as const;
const LIVE = new Set(['active', 'paused', 'past_due']);

/** Tomorrow and the latest day a date may be moved to, as the server allows them (YYYY-MM-DD). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * `#/subscription` (my-subscription): the customer's subscription with its next delivery, products,
 * address and card; skip the next delivery, swap a flavour, change the quantity, frequency, date,
 * address or card, pause (until a date or open), resume, cancel with a reason; and its history.
 */
export function MySubscription({ store, user }: { store: StoreView; user: SessionUser }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const subscriptions = useQuery({ queryKey: subscriptionsQueryKey, queryFn: () => fetchSubscriptions(code), staleTime: 30_000 });
  const plans = useQuery({ queryKey: ['subscription-plans', code], queryFn: () => fetchSubscriptionPlans(code), staleTime: 60_000 });
  const cards = useQuery({ queryKey: savedCardsQueryKey, queryFn: () => fetchSavedCards(code), staleTime: 30_000 });

  const all = subscriptions.data ?? [];
  const ongoing = all.filter((s) => LIVE.has(s.status));
  const ended = all.filter((s) => !LIVE.has(s.status));
  return (
    <AccountView title={t('account.nav.subscription')} className="subscription">
      {subscriptions.isPending && <p role="status">{t('account.loading')}</p>}
      {subscriptions.isError && <p role="alert" className="form-alert">{t('subscription.errors.load')}</p>}
      {subscriptions.data && ongoing.length === 0 && (
        <div className="empty-state">
          <p className="empty-state__title">{t('subscription.none')}</p>
          <p>{t('subscription.noneText')}</p>
          <p><a href={storePath(code, '/shop/subscriptions')}>{t('subscription.browse')}</a></p>
        </div>
      )}
      {ongoing.map((s) => (
        <SubscriptionCard
          key={s.id}
          store={store}
          user={user}
          subscription={s}
          plan={plans.data?.plans.find((p) => p.code === s.plan_code) ?? null}
          cards={cards.data ?? []}
        />
      ))}
      {ended.length > 0 && (
        <>
          <h3>{t('subscription.endedHeading')}</h3>
          <ul className="subscription__ended">
            {ended.map((s) => (
              <li key={s.id}>
                {s.products.map((p) => `${p.qty} × ${p.name}`).join(', ')}: {t(`subscription.status.${s.status}`)}
                {s.cancelled_at ? ` (${formatDate(s.cancelled_at.slice(0, 10), store.locale)})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </AccountView>
  );
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

function SubscriptionCard({ store, user, subscription: s, plan, cards }: {
  store: StoreView; user: SessionUser; subscription: Subscription; plan: SubscriptionPlan | null; cards: SavedCard[];
}) {
  const { t } = useTranslation();
  const code = store.store_code;
  const queryClient = useQueryClient();
  const addresses = useAddresses(code, user.uuid);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const money = (m: { value: number; currency: string }) => formatMoney(m, store.locale);

  /** Runs a change; its answer is the subscription as it now is. */
  const change = async (run: () => Promise<Subscription>, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const next = await run();
      queryClient.setQueryData<Subscription[]>(subscriptionsQueryKey, (list) => list?.map((x) => (x.id === next.id ? next : x)));
      void queryClient.invalidateQueries({ queryKey: savedCardsQueryKey });
      setNotice({ tone: 'success', text: done });
    } catch (error) {
      setNotice({ tone: 'error', text: errorText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const paused = s.status === 'paused';
  return (
    <article className="subscription__card" aria-labelledby={`subscription-${s.id}`}>
      <h3 id={`subscription-${s.id}`}>
        {t('subscription.heading')} <span className={`badge badge--${s.status}`}>{t(`subscription.status.${s.status}`)}</span>
      </h3>
      {notice && <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`form-alert form-alert--${notice.tone}`}>{notice.text}</p>}
      {s.status === 'past_due' && <p className="subscription__warning">{t('subscription.pastDue')}</p>}
      {paused && <p className="subscription__warning">{s.paused_until
        ? t('subscription.pausedUntil', { date: formatDate(s.paused_until, store.locale) })
        : t(`subscription.pausedBecause.${s.pause_reason ?? 'customer'}`)}</p>}
      <dl className="subscription__facts">
        <div><dt>{t('subscription.nextDelivery')}</dt><dd>{s.next_delivery_date && !paused ? formatDate(s.next_delivery_date, store.locale) : t('subscription.noDelivery')}</dd></div>
        <div><dt>{t('subscription.frequency')}</dt><dd>{t('subscription.everyWeeks', { count: s.frequency_weeks })}</dd></div>
        <div><dt>{t('subscription.pricePerDelivery')}</dt><dd>{money(s.price)}</dd></div>
        <div><dt>{t('subscription.deliverTo')}</dt><dd>{[`${s.address.firstname} ${s.address.lastname}`, ...s.address.street, `${s.address.postcode ?? ''} ${s.address.city}`.trim()].join(', ')}</dd></div>
        <div><dt>{t('subscription.card')}</dt><dd>{s.card ? t('subscription.cardEnding', { brand: s.card.brand.toUpperCase(), last4: s.card.last4 }) : t('subscription.noCard')}</dd></div>
        <div><dt>{t('subscription.commitment')}</dt><dd>{t('subscription.deliveries', { count: s.deliveries, minimum: s.minimum_deliveries })}</dd></div>
      </dl>
      <ul className="subscription__products">
        {s.products.map((p) => <li key={p.id}>{p.qty} × {p.name} <span className="subscription__price">{money(p.price)}</span></li>)}
      </ul>

      <div className="subscription__actions">
        {s.status === 'active' && (
          <button type="button" className="button" disabled={busy} onClick={() => void change(() => updateSubscription(code, s.id, { skip_next: true }), t('subscription.skipped'))}>
            {t('subscription.skip')}
          </button>
        )}
        {paused && (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void change(() => resumeSubscription(code, s.id), t('subscription.resumed'))}>
            {t('subscription.resume')}
          </button>
        )}
      </div>

      {plan && <ProductsForm subscription={s} plan={plan} busy={busy} locale={store.locale}
        onSave={(products) => change(() => updateSubscription(code, s.id, { products }), t('subscription.saved'))} />}
      {plan && (
        <ScheduleForm subscription={s} plan={plan} busy={busy}
          onSave={(c) => change(() => updateSubscription(code, s.id, c), t('subscription.saved'))} />
      )}
      {(addresses.data?.length ?? 0) > 0 && (
        <ChoiceForm
          id={`address-${s.id}`} label={t('subscription.changeAddress')} busy={busy}
          value={String(s.address.id ?? '')}
          options={(addresses.data ?? []).map((a) => ({ value: String(a.id), label: [a.street.join(' '), a.city, a.postcode].filter(Boolean).join(', ') }))}
          onSave={(v) => change(() => updateSubscription(code, s.id, { address_id: Number(v) }), t('subscription.saved'))}
        />
      )}
      {cards.length > 0 && (
        <ChoiceForm
          id={`card-${s.id}`} label={t('subscription.changeCard')} busy={busy}
          value={s.card?.id ?? ''}
          options={cards.map((c) => ({ value: c.id, label: t('subscription.cardEnding', { brand: c.brand.toUpperCase(), last4: c.last4 }) }))}
          onSave={(v) => change(() => updateSubscription(code, s.id, { card_id: v }), t('subscription.saved'))}
        />
      )}
      {s.status === 'active' && plan && <PauseForm subscription={s} plan={plan} busy={busy}
        onPause={(until) => change(() => pauseSubscription(code, s.id, until), t('subscription.pausedNotice'))} />}
      <CancelForm subscription={s} busy={busy}
        onCancel={(reason, comment) => change(() => cancelSubscription(code, s.id, reason, comment), t('subscription.cancelledNotice'))} />

      <details className="subscription__history">
        <summary>{t('subscription.history')}</summary>
        <ol>
          {s.history.map((h, i) => (
            <li key={i}>
              {formatDate(h.created_at.slice(0, 10), store.locale)}: {t(`subscription.event.${h.kind}`, { defaultValue: h.kind })}
              {h.actor !== 'customer' ? ` (${t(`subscription.actor.${h.actor}`)})` : ''}
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}

/** Swap a flavour or change the quantity of each product (one of the plan's). */
function ProductsForm({ subscription: s, plan, busy, locale, onSave }: {
  subscription: Subscription; plan: SubscriptionPlan; busy: boolean; locale: string; onSave: (products: { sku: string; qty: number }[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [lines, setLines] = useState(() => s.products.map((p) => ({ sku: p.sku, qty: p.qty })));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSave(lines);
  };
  return (
    <form className="form subscription__form" onSubmit={submit} aria-label={t('subscription.changeProducts')}>
      <h4>{t('subscription.changeProducts')}</h4>
      {lines.map((line, i) => (
        <div key={i} className="subscription__line">
          <label className="field">
            <span className="field__label">{t('subscription.flavour')}</span>
            <select className="field__input" value={line.sku} disabled={busy}
              onChange={(e) => setLines(lines.map((l, j) => (j === i ? { ...l, sku: e.target.value } : l)))}>
              {plan.products.map((p) => <option key={p.sku} value={p.sku}>{p.flavor_label ?? p.name} ({formatMoney(p.price, locale)})</option>)}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('subscription.quantity')}</span>
            <select className="field__input" value={line.qty} disabled={busy}
              onChange={(e) => setLines(lines.map((l, j) => (j === i ? { ...l, qty: Number(e.target.value) } : l)))}>
              {Array.from({ length: plan.max_quantity }, (_, n) => n + 1).map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
        </div>
      ))}
      <button type="submit" className="button" disabled={busy}>{t('subscription.save')}</button>
    </form>
  );
}

/** How often, and the date of the next delivery. */
function ScheduleForm({ subscription: s, plan, busy, onSave }: {
  subscription: Subscription; plan: SubscriptionPlan; busy: boolean; onSave: (c: { frequency_weeks?: number; next_delivery_date?: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [frequency, setFrequency] = useState(s.frequency_weeks);
  const [date, setDate] = useState(s.next_delivery_date ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSave({
      ...(frequency !== s.frequency_weeks ? { frequency_weeks: frequency } : {}),
      ...(date && date !== s.next_delivery_date ? { next_delivery_date: date } : {}),
    });
  };
  return (
    <form className="form subscription__form" onSubmit={submit} aria-label={t('subscription.changeSchedule')}>
      <h4>{t('subscription.changeSchedule')}</h4>
      <label className="field">
        <span className="field__label">{t('subscription.frequency')}</span>
        <select className="field__input" value={frequency} disabled={busy} onChange={(e) => setFrequency(Number(e.target.value))}>
          {plan.frequencies_weeks.map((w) => <option key={w} value={w}>{t('subscription.everyWeeks', { count: w })}</option>)}
        </select>
      </label>
      {s.status === 'active' && (
        <label className="field">
          <span className="field__label">{t('subscription.nextDelivery')}</span>
          <input className="field__input" type="date" value={date} min={dayFromToday(1)} max={dayFromToday(120)} disabled={busy} onChange={(e) => setDate(e.target.value)} />
        </label>
      )}
      <button type="submit" className="button" disabled={busy}>{t('subscription.save')}</button>
    </form>
  );
}

function ChoiceForm({ id, label, value, options, busy, onSave }: {
  id: string; label: string; value: string; options: { value: string; label: string }[]; busy: boolean; onSave: (value: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(value || options[0]?.value || '');
  return (
    <form className="form subscription__form" onSubmit={(e) => { e.preventDefault(); void onSave(chosen); }} aria-label={label}>
      <label htmlFor={id} className="field__label">{label}</label>
      <select id={id} className="field__input" value={chosen} disabled={busy} onChange={(e) => setChosen(e.target.value)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <button type="submit" className="button" disabled={busy || chosen === value}>{t('subscription.save')}</button>
    </form>
  );
}

/** Pause until a date (within the plan's longest pause) or until resumed. */
function PauseForm({ subscription: s, plan, busy, onPause }: { subscription: Subscription; plan: SubscriptionPlan; busy: boolean; onPause: (until: string | null) => Promise<void> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [until, setUntil] = useState(dayFromToday(14));
  return (
    <form className="form subscription__form" onSubmit={(e) => { e.preventDefault(); void onPause(open ? null : until); }} aria-label={t('subscription.pause')}>
      <h4>{t('subscription.pause')}</h4>
      <fieldset className="choice-group" disabled={busy}>
        <legend className="visually-hidden">{t('subscription.pause')}</legend>
        <label className="choice"><input type="radio" name={`pause-${s.id}`} checked={open} onChange={() => setOpen(true)} /> {t('subscription.pauseOpen')}</label>
        <label className="choice"><input type="radio" name={`pause-${s.id}`} checked={!open} onChange={() => setOpen(false)} /> {t('subscription.pauseUntil')}</label>
      </fieldset>
      {!open && (
        <label className="field">
          <span className="field__label">{t('subscription.resumeOn')}</span>
          <input className="field__input" type="date" value={until} min={dayFromToday(1)} max={dayFromToday(plan.max_pause_weeks * 7)} disabled={busy} onChange={(e) => setUntil(e.target.value)} />
        </label>
      )}
      <button type="submit" className="button" disabled={busy}>{t('subscription.pauseButton')}</button>
    </form>
  );
}

/** Cancel with a reason, once the minimum commitment is delivered (the server says so too). */
function CancelForm({ subscription: s, busy, onCancel }: { subscription: Subscription; busy: boolean; onCancel: (reason: string, comment?: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<string>('');
  const [comment, setComment] = useState('');
  return (
    <form className="form subscription__form subscription__cancel" onSubmit={(e) => { e.preventDefault(); if (reason) void onCancel(reason, comment.trim() || undefined); }} aria-label={t('subscription.cancel')}>
      <h4>{t('subscription.cancel')}</h4>
      {!s.can_cancel && <p>{t('subscription.commitmentText', { count: s.minimum_deliveries, left: Math.max(0, s.minimum_deliveries - s.deliveries) })}</p>}
      <label className="field">
        <span className="field__label">{t('subscription.cancelReason')}</span>
        <select className="field__input" value={reason} disabled={busy || !s.can_cancel} onChange={(e) => setReason(e.target.value)} required>
          <option value="">{t('subscription.chooseReason')}</option>
          {CANCEL_REASONS.map((r) => <option key={r} value={r}>{t(`subscription.reasons.${r}`)}</option>)}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('subscription.cancelComment')}</span>
        <textarea className="field__input" maxLength={500} value={comment} disabled={busy || !s.can_cancel} onChange={(e) => setComment(e.target.value)} />
      </label>
      <button type="submit" className="button button--danger" disabled={busy || !s.can_cancel || !reason}>{t('subscription.cancelButton')}</button>
    </form>
  );
}

function errorText(t: (key: string, options?: Record<string, unknown>) => string, error: unknown): string {
  if (error instanceof SubscriptionsApiError) {
    const known = ['SUBSCRIPTION_NOT_CHANGEABLE', 'SUBSCRIPTION_COMMITMENT', 'SUBSCRIPTION_PRODUCT_EXISTS', 'VALIDATION_FAILED', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'];
    if (known.includes(error.code)) return t(`subscription.errors.${error.code}`);
  }
  return t('subscription.errors.generic');
}
