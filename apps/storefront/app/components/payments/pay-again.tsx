import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { newAttemptKey, PaymentsApiError, PROVIDER_PAYMENT_METHODS, startPayment } from '../../lib/api/payments.api';

interface PayAgainProps {
  store: string;
  /** The order's entity id, what the payments service takes. */
  orderId: string;
  orderNumber: string;
  /** A guest's proof that the order is theirs: the masked id of the cart it came from. */
  cartId: string | null;
  customerUuid: string | null;
  /** The method to offer first (the order's, or the failed payment's). */
  method: string | null;
  /** Where the provider sends the shopper back: the order's confirmation page. */
  returnUrl: string;
  headingLevel?: 2 | 3;
}

/**
 * Pays an order waiting for its payment, with the same or another method: the payments service
 * opens a fresh session on the provider's page (voiding an abandoned one, so it can never be paid
 * as well) and the shopper comes back to `returnUrl` with the new payment's uuid.
 */
export function PayAgain({ store, orderId, orderNumber, cartId, customerUuid, method, returnUrl, headingLevel = 2 }: PayAgainProps) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<string>(method && (PROVIDER_PAYMENT_METHODS as readonly string[]).includes(method) ? method : PROVIDER_PAYMENT_METHODS[0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Each press is a new attempt (the button is disabled while one runs): the abandoned page is voided.
      const payment = await startPayment(store, { orderId, cartId, customerUuid, returnUrl, paymentMethod: chosen, attemptKey: newAttemptKey() });
      window.location.assign(payment.redirect_url ?? `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}payment_uuid=${encodeURIComponent(payment.uuid)}`);
    } catch (failure) {
      const code = failure instanceof PaymentsApiError ? failure.code : '';
      setError(t(code === 'ORDER_NOT_PAYABLE' ? 'payAgain.errors.notPayable' : code === 'RATE_LIMITED' ? 'payAgain.errors.tooMany' : 'payAgain.errors.failed'));
      setBusy(false);
    }
  };

  return (
    <form className="order-action pay-again" onSubmit={pay} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>{t('payAgain.heading')}</Heading>
      <p>{t('payAgain.text', { number: orderNumber })}</p>
      {error && <p role="alert" className="form-alert form-alert--error">{error}</p>}
      <fieldset className="choice-group" disabled={busy}>
        <legend>{t('payAgain.legend')}</legend>
        {PROVIDER_PAYMENT_METHODS.map((code) => (
          <div key={code} className="choice">
            <input id={`${id}-${code}`} className="choice__input" type="radio" name={`${id}-method`} value={code} checked={chosen === code} onChange={() => setChosen(code)} />
            <label htmlFor={`${id}-${code}`} className="choice__label"><span className="choice__title">{t(`checkout.payment.methods.${code}`)}</span></label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>{t('payAgain.submit')}</button>
    </form>
  );
}
