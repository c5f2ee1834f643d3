import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useQuery, useQueryClient } from '../../lib/api/query';
import type { StoreView } from '../../lib/api/store.api';
import { fetchSavedCards, makeCardDefault, removeSavedCard, SubscriptionsApiError, type SavedCard } from '../../lib/api/subscriptions.api';
import { AccountView } from './account-view';
import { savedCardsQueryKey } from './my-subscription';

/**
 * `#/payments`: the cards the customer saved at checkout (brand, last four digits, expiry; the shop
 * never holds the number), the default one, and removal, refused for a card a subscription uses.
 */
export function SavedCards({ store }: { store: StoreView }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const queryClient = useQueryClient();
  const cards = useQuery({ queryKey: savedCardsQueryKey, queryFn: () => fetchSavedCards(code), staleTime: 30_000 });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<SavedCard[]>, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      queryClient.setQueryData(savedCardsQueryKey, await action());
      setNotice({ tone: 'success', text: done });
    } catch (error) {
      const inUse = error instanceof SubscriptionsApiError && error.code === 'CARD_IN_USE';
      setNotice({ tone: 'error', text: t(inUse ? 'savedCards.inUse' : 'savedCards.error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountView title={t('account.nav.payments')} className="saved-cards">
      <p>{t('savedCards.intro')}</p>
      {notice && <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`form-alert form-alert--${notice.tone}`}>{notice.text}</p>}
      {cards.isPending && <p role="status">{t('account.loading')}</p>}
      {cards.isError && <p role="alert" className="form-alert">{t('savedCards.error')}</p>}
      {cards.data?.length === 0 && <p className="empty-state__title">{t('savedCards.none')}</p>}
      {cards.data && cards.data.length > 0 && (
        <ul className="saved-cards__list">
          {cards.data.map((c) => (
            <li key={c.id} className="saved-cards__card">
              <p className="saved-cards__name">
                {t('savedCards.card', { brand: c.brand.toUpperCase(), last4: c.last4 })}
                {c.is_default && <span className="badge">{t('savedCards.default')}</span>}
                {c.in_use && <span className="badge badge--active">{t('savedCards.usedBySubscription')}</span>}
              </p>
              <p>{t('savedCards.expires', { month: String(c.exp_month).padStart(2, '0'), year: c.exp_year })}</p>
              <p className="saved-cards__actions">
                {!c.is_default && (
                  <button type="button" className="button" disabled={busy} onClick={() => void run(() => makeCardDefault(code, c.id), t('savedCards.madeDefault'))}>
                    {t('savedCards.makeDefault')}
                  </button>
                )}
                <button type="button" className="button button--danger" disabled={busy}
                  aria-label={t('savedCards.removeLabel', { brand: c.brand.toUpperCase(), last4: c.last4 })}
                  onClick={() => void run(() => removeSavedCard(code, c.id), t('savedCards.removed'))}>
                  {t('savedCards.remove')}
                </button>
              </p>
            </li>
          ))}
        </ul>
      )}
    </AccountView>
  );
}
