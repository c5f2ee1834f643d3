import type { ProductDetail, SubscriptionOffer } from '../../lib/api/catalog.api';
import SubscriptionChoice from './subscription-choice';
import TrialKitTerms from '../trial/trial-kit-terms';

/**
 * What a product page shows above "Add to cart" for the products that need it, in a file of its own
 * the page loads only for them: the subscription choice (docs/decisions/0059), or a trial kit's terms
 * (docs/decisions/0057: a kit is sold only in a trial store view). The product page loads it lazily,
 * hence the default export.
 */
export default function ProductOffer({ offer, price, urlKey, store, locale }: {
  offer: SubscriptionOffer | null | undefined; price: ProductDetail['price_range']; urlKey: string; store: string; locale: string;
}) {
  if (offer) return <SubscriptionChoice offer={offer} urlKey={urlKey} store={store} locale={locale} />;
  const today = price.minimum_price.final_price;
  return <TrialKitTerms store={store} locale={locale} urlKey={urlKey} today={today.value != null && today.currency ? { value: today.value, currency: today.currency } : null} />;
}
