import { useQuery } from '../../lib/api/query';
import { useTranslation } from '../../i18n/react';
import { fetchTrialPrograms } from '../../lib/api/trials.api';
import { formatMoney } from '../../lib/money';

/** The store view's trial programme (its days and price after the trial), public and cached for a minute. */
export function useTrialProgram(store: string) {
  return useQuery({ queryKey: ['trial-program', store], queryFn: async () => (await fetchTrialPrograms(store)).find((p) => p.store_code === store) ?? null, staleTime: 60_000 });
}

/**
 * The trial's terms in words, as the landing page and the kit's page tell them: what is paid today,
 * how long the trial runs, when and how much the kept device is charged, and how to send it back.
 */
export function TrialTerms({ store, locale, today }: { store: string; locale: string; today?: { value: number; currency: string } | null }) {
  const { t } = useTranslation();
  const program = useTrialProgram(store);
  const p = program.data;
  return (
    <ol className="trial-steps" aria-label={t('trial.stepsLabel')}>
      <li>
        <h3>{t('trial.step1Title')}</h3>
        <p>{t('trial.step1', { amount: today ? formatMoney(today, locale) : t('trial.smallAmount') })}</p>
      </li>
      <li>
        <h3>{t('trial.step2Title', { days: p?.trial_days ?? 14 })}</h3>
        <p>{t('trial.step2', { days: p?.trial_days ?? 14, delivery: p?.delivery_days ?? 3, reminder: p?.reminder_days ?? 3 })}</p>
      </li>
      <li>
        <h3>{t('trial.step3Title')}</h3>
        <p>{p ? t('trial.step3', { amount: formatMoney(p.price_after_trial, locale) }) : t('trial.step3NoPrice')}</p>
      </li>
    </ol>
  );
}
