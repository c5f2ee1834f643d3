import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Route } from './+types/order-confirmation';
import { CartTotals } from '../components/cart/cart-totals';
import { RouteError } from '../components/common/route-error';
import { accountPageMeta } from '../lib/account/account-meta';
import { fetchPayment, type OrderPayment } from '../lib/api/payments.api';
import { browserScope, loadStoreFrame, serverScope } from '../lib/api/scope';
import { markPurchaseTracked, readPlacedOrder, type PlacedOrderRecord } from '../lib/cart/placed-order';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { purchaseEvent, pushEcommerceEvent, type PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'order-confirmation', section: 'checkout' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return accountPageMeta(translatorFor(matches)('confirmation.title'));
}

export function loader({ params, context }: Route.LoaderArgs) {
  return loadStoreFrame(serverScope(context, params.store));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadStoreFrame(browserScope(params.store));
}

/** Order numbers are short public identifiers; anything else in the URL is not shown. */
const ORDER_NUMBER = /^[A-Za-z0-9_-]{1,32}$/;
const PAYMENT_UUID = /^[A-Za-z0-9-]{8,64}$/;
/** How often, and how long, the page asks for a payment the provider has not confirmed yet. */
const PAYMENT_POLL_MS = 1_000;
const PAYMENT_POLL_LIMIT = 30;

/**
 * "Thank you": the order number from the URL (the payment provider returns here too), with the
 * order's lines and totals when this browser placed it. The `purchase` event is pushed once per
 * order, from the cart as it was placed.
 */
export default function OrderConfirmation() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const [params] = useSearchParams();
  const raw = params.get('order');
  const number = raw && ORDER_NUMBER.test(raw) ? raw : null;
  const rawPayment = params.get('payment_uuid');
  const paymentUuid = rawPayment && PAYMENT_UUID.test(rawPayment) ? rawPayment : null;
  const paymentNotStarted = !!(useLocation().state as { paymentNotStarted?: boolean } | null)?.paymentNotStarted;
  const [record, setRecord] = useState<PlacedOrderRecord | null>(null);
  const [loaded, setLoaded] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const placed = readPlacedOrder(code, number);
    setRecord(placed);
    setLoaded(true);
    if (placed && !placed.purchaseTracked) {
      pushEcommerceEvent(purchaseEvent(placed.cart, placed.number));
      markPurchaseTracked(code, placed);
    }
  }, [code, number]);

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="confirmation-page">
      <h1 ref={headingRef} tabIndex={-1}>{t('confirmation.heading')}</h1>
      {number ? (
        <>
          <p className="confirmation-page__number">
            {t('confirmation.orderNumber')} <strong data-testid="order-number">{number}</strong>
          </p>
          <p>{record?.email ? t('confirmation.emailSent', { email: record.email }) : t('confirmation.emailSentGeneric')}</p>
        </>
      ) : (
        <p>{t('confirmation.noOrder')}</p>
      )}
      {paymentNotStarted && <p className="form-alert form-alert--error" role="alert">{t('confirmation.payment.notStarted')}</p>}
      {paymentUuid && loaded && <PaymentStatus store={code} uuid={paymentUuid} cartId={record?.cartId ?? null} />}
      {record && <CartTotals cart={record.cart} locale={store.locale} />}
      <p className="confirmation-page__actions">
        <Link className="button" to={storePath(code, '/shop')}>{t('cart.continueShopping')}</Link>
      </p>
    </div>
  );
}

/**
 * The payment's status after the provider's pages. The provider confirms asynchronously, so a
 * payment still `created` is asked for again every second for half a minute.
 */
function PaymentStatus({ store, uuid, cartId }: { store: string; uuid: string; cartId: string | null }) {
  const { t } = useTranslation();
  const polls = useRef(0);
  const payment = useQuery({
    queryKey: ['payment', store, uuid],
    queryFn: () => {
      polls.current += 1;
      return fetchPayment(store, uuid, cartId);
    },
    staleTime: 0,
    retry: 1,
    refetchInterval: (query) => (query.state.data?.status === 'created' && polls.current < PAYMENT_POLL_LIMIT ? PAYMENT_POLL_MS : false),
  });
  if (payment.isPending) return <p role="status">{t('confirmation.payment.checking')}</p>;
  if (payment.isError) return <p role="status">{t('confirmation.payment.unknown')}</p>;
  return <p role="status" className={`payment-status payment-status--${payment.data.status}`} data-testid="payment-status">{paymentText(t, payment.data)}</p>;
}

function paymentText(t: (key: string) => string, payment: OrderPayment): string {
  switch (payment.status) {
    case 'paid':
      return t('confirmation.payment.paid');
    case 'failed':
      return t('confirmation.payment.failed');
    case 'created':
      return t('confirmation.payment.pending');
    case 'under_review':
      return t('confirmation.payment.review');
    default:
      return t('confirmation.payment.cancelled');
  }
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
