import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { SubscriptionOffer } from '../../lib/api/catalog.api';
import { FREQUENCY_OPTION } from '../../lib/api/cart.api';
import { formatMoney } from '../../lib/money';
import { storePath } from '../../lib/store-paths';

interface SubscriptionChoiceProps {
  offer: SubscriptionOffer;
  /** The page's product, which is one of the offer's two. */
  urlKey: string;
  store: string;
  locale: string;
}

/**
 * A product a plan delivers again and again (docs/decisions/0059): "one-time" and "subscribe" as
 * links between the two products' pages; on the subscription's page, how often it comes (a radio
 * group the add-to-cart form reads, the plan's default chosen) and its terms in words. Rendered on the
 * server with the page; it keeps no state of its own. The product page loads it lazily, hence the default export.
 */
export default function SubscriptionChoice({ offer, urlKey, store, locale }: SubscriptionChoiceProps) {
  const { t } = useTranslation();
  const price = formatMoney(offer.subscription.price, locale);
  return (
    <>
      {offer.one_time && (
        <nav className="purchase-choice" aria-label={t('subscriptionChoice.label')}>
          {[offer.one_time, offer.subscription].map((p, i) => (
            <Link key={p.url_key} to={storePath(store, `/p/${p.url_key}`)} aria-current={p.url_key === urlKey ? 'page' : undefined}>
              {t(`subscriptionChoice.choice${i}`, { price: formatMoney(p.price, locale) })}
            </Link>
          ))}
        </nav>
      )}
      {offer.subscription.url_key === urlKey && (
        <fieldset className="subscription-choice">
          <legend>{t('subscriptionChoice.frequency')}</legend>
          {offer.frequencies_weeks.map((weeks) => (
            <label key={weeks}>
              <input type="radio" name={FREQUENCY_OPTION} value={weeks} defaultChecked={weeks === offer.default_frequency_weeks} />
              {t('subscriptionChoice.weeks', { count: weeks })}
            </label>
          ))}
          <ul>
            {['perDelivery', 'minimum', 'manage', 'account'].map((key) => (
              <li key={key}>{t(`subscriptionChoice.${key}`, { price, count: offer.minimum_deliveries })}</li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}
