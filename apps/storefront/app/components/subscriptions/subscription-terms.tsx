import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/account/session';
import { useQuery } from '../../lib/api/query';
import { fetchSubscriptionPlans } from '../../lib/api/subscriptions.api';
import { formatMoney } from '../../lib/money';
import { storePath } from '../../lib/store-paths';

/**
 * The terms of the plan that offers this product, in words: every n weeks (the other frequencies the
 * customer may choose later), the price per delivery, the minimum deliveries, and that a subscription
 * needs an account.
 */
export function SubscriptionTerms({ store, sku, locale }: { store: string; sku: string; locale: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const plans = useQuery({ queryKey: ['subscription-plans', store], queryFn: () => fetchSubscriptionPlans(store), staleTime: 60_000 });
  const plan = plans.data?.plans.find((p) => p.products.some((x) => x.sku === sku));
  const product = plan?.products.find((x) => x.sku === sku);
  if (!plan || !product) return null;
  const others = plan.frequencies_weeks.filter((w) => w !== plan.default_frequency_weeks);
  return (
    <aside className="subscription-terms" aria-label={t('subscriptionTerms.label')}>
      <p className="subscription-terms__title">{t('subscriptionTerms.every', { count: plan.default_frequency_weeks, price: formatMoney(product.price, locale) })}</p>
      <ul>
        {others.length > 0 && <li>{t('subscriptionTerms.frequencies', { weeks: others.join(', ') })}</li>}
        <li>{t('subscriptionTerms.flexible')}</li>
        {plan.minimum_deliveries > 0 && <li>{t('subscriptionTerms.minimum', { count: plan.minimum_deliveries })}</li>}
        <li>{t('subscriptionTerms.card')}</li>
      </ul>
      {session.status !== 'signed-in' && (
        <p>{t('subscriptionTerms.signIn')} <a href={storePath(store, '/login')}>{t('header.logIn')}</a></p>
      )}
    </aside>
  );
}
