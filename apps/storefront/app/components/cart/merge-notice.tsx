import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { MergeDrop } from '../../lib/api/cart.api';
import { clearMergeNotice, readMergeNotice } from '../../lib/cart/merge-notice';

const REASONS = new Set(['NOT_VALID', 'USED_UP', 'ALREADY_USED', 'MIN_SUBTOTAL', 'TOO_MANY', 'ABOVE_TOTAL']);

/**
 * After a guest cart was merged into the customer's at sign-in: which promo codes or points
 * discount it could not keep, and why, in words; "OK" puts the notice away.
 */
export function MergeNotice({ store, cartUpdatedKey }: { store: string; cartUpdatedKey: string }) {
  const { t } = useTranslation();
  const [dropped, setDropped] = useState<MergeDrop[]>([]);
  // Read in the browser only, again when the cart changes (the merge may finish after the page opened).
  useEffect(() => setDropped(readMergeNotice(store)), [store, cartUpdatedKey]);
  if (!dropped.length) return null;
  const dismiss = () => {
    clearMergeNotice(store);
    setDropped([]);
  };
  return (
    <section className="form-alert merge-notice" role="status" aria-labelledby="merge-notice-heading">
      <h2 id="merge-notice-heading" className="merge-notice__heading">{t('cartMerge.heading')}</h2>
      <ul className="merge-notice__list">
        {dropped.map((d) => {
          const reason = REASONS.has(d.reason) ? t(`cartMerge.reason.${d.reason}`) : d.message;
          return <li key={`${d.type}:${d.code}`}>{t(d.type === 'CAMPAIGN' ? 'cartMerge.campaignDropped' : 'cartMerge.couponDropped', { code: d.code, reason })}</li>;
        })}
      </ul>
      <p>{t('cartMerge.kept')}</p>
      <button type="button" className="button button--secondary" onClick={dismiss}>{t('cartMerge.dismiss')}</button>
    </section>
  );
}
