import { useQuery, useQueryClient } from '../../lib/api/query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { cartClient, firstServerMessage } from '../../lib/api/cart.api';
import { applyCampaign, removeCampaign } from '../../lib/api/cart-edit.api';
import type { Cart } from '../../lib/api/cart.api';
import { fetchRewards } from '../../lib/api/loyalty.api';
import { useCartUpdate } from '../../lib/cart/cart-state';
import { usePoints } from '../../lib/loyalty/loyalty-state';
import { formatMoney } from '../../lib/money';

/**
 * Spend points on the cart: the campaigns the customer's points cover, one at a time. Applying
 * holds the points; placing the order spends them; removing gives them back.
 */
export function CampaignChoice({ store, locale, cart }: { store: string; locale: string; cart: Cart }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useCartUpdate(store);
  const queryClient = useQueryClient();
  const { data: points, session } = usePoints(store);
  const uuid = session.user?.uuid ?? '';
  const campaigns = useQuery({
    queryKey: ['loyalty', 'rewards', store, uuid],
    queryFn: () => fetchRewards(store),
    enabled: !!points,
    retry: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!points || !campaigns.data) return null;
  const applied = cart.applied_campaign ?? null;
  const offered = campaigns.data.filter((c) => c.kind === 'campaign' && (c.is_eligible || c.uuid === applied?.loyalty_discount_uuid));
  if (!offered.length && !applied) return null;

  const run = async (call: (cartId: string) => Promise<Cart>) => {
    setError(null);
    setBusy(true);
    try {
      await update(call);
      await queryClient.invalidateQueries({ queryKey: ['account', 'loyalty'] });
      await queryClient.invalidateQueries({ queryKey: ['loyalty', 'rewards'] });
    } catch (failure) {
      setError(firstServerMessage(failure) ?? t('cart.campaign.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="campaign-choice" aria-describedby={`${id}-balance`}>
      <legend>{t('cart.campaign.heading')}</legend>
      <p id={`${id}-balance`}>{t('cart.campaign.balance', { count: points.points })}</p>
      <ul>
        {offered.map((c) => {
          const isApplied = c.uuid === applied?.loyalty_discount_uuid;
          const amount = formatMoney({ value: c.price, currency: c.currency }, locale);
          return (
            <li key={c.uuid}>
              <span>{t('cart.campaign.offer', { name: c.name, count: c.points, amount })}</span>{' '}
              {isApplied ? (
                <button type="button" className="link-button" disabled={busy} onClick={() => void run((cartId) => removeCampaign(cartClient(store), cartId))}>
                  {t('cart.campaign.remove')}<span className="visually-hidden"> {c.name}</span>
                </button>
              ) : (
                <button type="button" className="button button--secondary" disabled={busy} onClick={() => void run((cartId) => applyCampaign(cartClient(store), cartId, c.uuid))}>
                  {t('cart.campaign.apply')}<span className="visually-hidden"> {c.name}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {error && <p role="alert" className="form-alert form-alert--error">{error}</p>}
    </fieldset>
  );
}
