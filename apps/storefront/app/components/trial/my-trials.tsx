import { useState } from 'react';
import { useQuery, useQueryClient } from '../../lib/api/query';
import { useTranslation } from '../../i18n/react';
import { fetchTrials, returnTrial, TrialsApiError, type Trial } from '../../lib/api/trials.api';
import { dateFormat } from '../../lib/locale';
import { formatMoney } from '../../lib/money';

export const trialsQueryKey = ['trials'] as const;

/** The customer's free trials, each with its state in words and, while it runs, the free return. Nothing when there are none. */
export function MyTrials({ store, locale }: { store: string; locale: string }) {
  const { t } = useTranslation();
  const trials = useQuery({ queryKey: trialsQueryKey, queryFn: () => fetchTrials(store), staleTime: 30_000 });
  if (!trials.data?.length) return null;
  return (
    <section className="my-trials" aria-labelledby="my-trials-heading">
      <h2 id="my-trials-heading">{t('trial.mine.heading')}</h2>
      <ul className="my-trials__list">
        {trials.data.map((trial) => <TrialCard key={trial.id} store={store} locale={locale} trial={trial} />)}
      </ul>
    </section>
  );
}

function TrialCard({ store, locale, trial }: { store: string; locale: string; trial: Trial }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const day = (iso: string | null) => (iso ? dateFormat(locale, { dateStyle: 'long' }).format(new Date(iso)) : '');
  const amount = formatMoney(trial.amount_after_trial, locale);

  const startReturn = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await returnTrial(store, trial.id, 'not_for_me');
      queryClient.setQueryData<Trial[]>(trialsQueryKey, (list) => list?.map((x) => (x.id === next.id ? next : x)));
    } catch (e) {
      setError(e instanceof TrialsApiError && e.message ? e.message : t('trial.mine.returnFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="my-trials__card">
      <p><strong>{t('trial.mine.order', { number: trial.order_number })}</strong> <span className={`badge badge--${trial.status}`}>{t(`trial.mine.status.${trial.status}`)}</span></p>
      {trial.status === 'in_trial' && <p>{t('trial.mine.running', { date: day(trial.ends_at), amount })}</p>}
      {trial.status === 'pending_payment' && <p>{t('trial.mine.pending')}</p>}
      {trial.status === 'return_requested' && <p>{t('trial.mine.returning')}</p>}
      {trial.status === 'converted' && <p>{t('trial.mine.converted', { amount, number: trial.conversion_order_number ?? '' })}</p>}
      {trial.status === 'payment_failed' && <p>{t('trial.mine.paymentFailed', { amount })}</p>}
      {error && <p role="alert" className="form-alert">{error}</p>}
      {trial.can_return && (
        <p className="form__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void startReturn()}>{t('trial.mine.return')}</button>
        </p>
      )}
    </li>
  );
}
