import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { addProductsToCart, cartClient, cartErrorCode, firstServerMessage } from '../../lib/api/cart.api';
import { cartErrorText } from '../../lib/cart/cart-errors';
import { useCartUpdate } from '../../lib/cart/cart-state';
import { formatMoney } from '../../lib/money';
import { storePath } from '../../lib/store-paths';
import { useStoreLayout } from '../../lib/store-layout-data';
import { useTradeIn } from '../../lib/trade-in/trade-in-state';

/**
 * The trade-in a signed-in customer may use with a new device: the credit, the device it takes
 * (last characters of its serial), the terms, and a button that adds the trade-in to the cart.
 * Shown only to an eligible customer (device product pages, and the cart when it holds a device
 * and no trade-in yet); nothing for guests, where no offer runs, or when the service fails.
 */
export function TradeInOffer({ store }: { store: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { locale } = useStoreLayout().store;
  const usable = useTradeIn(store);
  const update = useCartUpdate(store);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'added' } | { kind: 'error'; text: string }>({ kind: 'idle' });
  if (!usable) return null;
  const { offer, deviceId } = usable;

  const add = async () => {
    setState({ kind: 'busy' });
    try {
      const { userErrors } = await update((cartId) => addProductsToCart(cartClient(store), cartId, [{ sku: offer.sku, quantity: 1 }]));
      if (userErrors.length) {
        setState({ kind: 'error', text: userErrors.map((e) => cartErrorText(t, e.code, e.message, null, { signedIn: true })).join(' ') });
        return;
      }
      setState({ kind: 'added' });
    } catch (error) {
      setState({ kind: 'error', text: cartErrorText(t, cartErrorCode(error), firstServerMessage(error) ?? t('cart.errors.unavailable'), null, { signedIn: true }) });
    }
  };

  return (
    <section className="trade-in-offer" aria-labelledby={`${id}-heading`} data-testid="trade-in-offer">
      <h2 id={`${id}-heading`} className="trade-in-offer__heading">
        {t('tradeIn.offer.heading', { credit: formatMoney(offer.credit, locale) })}
      </h2>
      <p>{t('tradeIn.offer.device', { models: offer.qualifying_models.map((m) => m.name).join(', '), serial: deviceId.slice(-4) })}</p>
      <details className="trade-in-offer__terms">
        <summary>{t('tradeIn.offer.terms')}</summary>
        <p>{offer.terms}</p>
      </details>
      {state.kind === 'added' ? (
        <p role="status">
          {t('tradeIn.offer.added')} <Link className="text-link" to={storePath(store, '/cart')}>{t('cart.add.viewCart')}</Link>
        </p>
      ) : (
        <button type="button" className="button button--secondary" disabled={state.kind === 'busy'} onClick={() => void add()}>
          {t('tradeIn.offer.add', { credit: formatMoney(offer.credit, locale) })}
        </button>
      )}
      {state.kind === 'error' && <p className="add-to-cart__error" role="alert">{state.text}</p>}
    </section>
  );
}
