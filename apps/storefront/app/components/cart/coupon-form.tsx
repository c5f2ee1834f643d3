import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { cartClient, firstServerMessage, partialCart } from '../../lib/api/cart.api';
import { applyCoupon, removeCoupon } from '../../lib/api/cart-edit.api';
import type { Cart } from '../../lib/api/cart.api';
import { getBrowserQueryClient } from '../../lib/api/query-client';
import { useCartUpdate, useStoreCart } from '../../lib/cart/cart-state';

/**
 * Promo code: apply one (an applied code is replaced, spec §5), or remove it. A refusal shows the
 * server's first message, or the translated default when the server gave none.
 */
export function CouponForm({ store, cart }: { store: string; cart: Cart }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useCartUpdate(store);
  const keepCart = useStoreCart(store);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const applied = (cart.applied_coupons ?? []).filter((c) => c !== null).map((c) => c!.code);

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    setError(null);
    if (!trimmed) {
      setError(t('cart.coupon.required'));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const client = cartClient(store);
      await update(async (cartId) => {
        if (applied.length) await removeCoupon(client, cartId);
        return applyCoupon(client, cartId, trimmed);
      });
      setCode('');
    } catch (failure) {
      // The old code was removed first: show the cart as it now is.
      const partial = partialCart(failure, 'applyCouponToCart');
      if (partial) keepCart(partial);
      else void getBrowserQueryClient().invalidateQueries({ queryKey: ['cart', store] });
      setError(firstServerMessage(failure) ?? t('cart.coupon.error'));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setError(null);
    setBusy(true);
    try {
      await update((cartId) => removeCoupon(cartClient(store), cartId));
    } catch (failure) {
      setError(firstServerMessage(failure) ?? t('cart.coupon.removeError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="coupon" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('cart.coupon.heading')}</h2>
      {applied.map((c) => (
        <p key={c} className="coupon__applied" role="status">
          {t('cart.coupon.applied', { code: c })}{' '}
          <button type="button" className="link-button" onClick={() => void remove()} disabled={busy}>
            {t('cart.coupon.remove')}<span className="visually-hidden"> {c}</span>
          </button>
        </p>
      ))}
      <form className="coupon__form" onSubmit={apply} noValidate>
        <div className={`field${error ? ' field--error' : ''}`}>
          <label htmlFor={`${id}-code`} className="field__label">{t('cart.coupon.label')}</label>
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              <span className="visually-hidden">{t('form.errorPrefix')} </span>{error}
            </p>
          )}
          <input
            ref={inputRef}
            id={`${id}-code`}
            className="field__input"
            value={code}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={busy}>{t('cart.coupon.apply')}</button>
      </form>
    </section>
  );
}
