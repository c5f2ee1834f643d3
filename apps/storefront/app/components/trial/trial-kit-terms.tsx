import { useTranslation } from '../../i18n/react';
import { storePath } from '../../lib/store-paths';
import { TrialEligibility } from './trial-landing';
import { TrialTerms } from './trial-terms';

/**
 * free-trial-PDP: the trial kit's page tells the trial's terms in words next to "Add to cart", and
 * whether the signed-in customer may have it. Loaded only on a trial kit's page.
 */
export default function TrialKitTerms({ store, locale, urlKey, today }: { store: string; locale: string; urlKey: string; today: { value: number; currency: string } | null }) {
  const { t } = useTranslation();
  return (
    <section className="trial-kit-terms" aria-labelledby="trial-kit-terms-heading">
      <h2 id="trial-kit-terms-heading">{t('trial.howHeading')}</h2>
      <TrialTerms store={store} locale={locale} today={today} />
      <TrialEligibility store={store} kitPath={storePath(store, `/p/${urlKey}`)} />
    </section>
  );
}
