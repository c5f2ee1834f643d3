import { useTranslation } from '../../i18n/react';
import type { StoreView } from '../../lib/api/store.api';
import { storePath } from '../../lib/store-paths';
import { CheckoutView } from '../../routes/checkout';
import { AccountView } from '../account/account-view';

/**
 * `#/trial/checkout` (free-trial-checkout): the trial kit's checkout inside the account, so the buyer
 * is known before the one-per-person check; in a store view without a trial, a pointer to the shop.
 */
export function TrialCheckout({ store }: { store: StoreView }) {
  const { t } = useTranslation();
  if (!store.is_trial_store) {
    return (
      <AccountView title={t('trial.checkoutTitle')}>
        <p>{t('trial.noTrialHere')}</p>
        <p><a href={storePath(store.store_code, '/checkout')}>{t('cart.toCheckout')}</a></p>
      </AccountView>
    );
  }
  return <CheckoutView nested />;
}
