import { useQuery } from '../lib/api/query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Route } from './+types/order-confirmation';
import { CartTotals } from '../components/cart/cart-totals';
import { RouteError } from '../components/common/route-error';
import { accountPageMeta } from '../lib/account/account-meta';
import { PayAgain } from '../components/payments/pay-again';
import { useSession } from '../lib/account/session';
import { cartClient } from '../lib/api/cart.api';
import type { CartAddress } from '../lib/api/cart.api';
import { findOrder, type OrderDetail } from '../lib/api/orders.api';
import { fetchPayment, type OrderPayment } from '../lib/api/payments.api';
import { cartLines, lineOptions } from '../lib/cart/cart-lines';
import { formatMoney } from '../lib/money';
import { browserScope, loadStoreFrame, serverScope } from '../lib/api/scope';
import { markPurchaseTracked, readPlacedOrder, type PlacedOrderRecord } from '../lib/cart/placed-order';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { pushEcommerceEvent, type PageTracking } from '../lib/tracking/data-layer';
import { purchaseEvent } from '../lib/tracking/checkout-events';

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

/** What the shopper learns first: how the order and its payment stand. */
type Outcome = 'placed' | 'checking' | 'paid' | 'declined' | 'cancelled' | 'waiting' | 'review' | 'unknown' | 'notStarted';

/** The outcome a payment's status (and refusal code) means to the shopper. */
function outcomeOf(payment: Pick<OrderPayment, 'status' | 'failure_code'>): Outcome {
  switch (payment.status) {
    case 'paid':
      return 'paid';
    case 'failed':
      return payment.failure_code === 'cancelled_by_shopper' ? 'cancelled' : 'declined';
    case 'created':
      return 'waiting';
    case 'under_review':
      return 'review';
    default:
      return 'cancelled';
  }
}

/** Outcomes after which the shopper may pay the order again (a payment still waiting, once we stopped asking). */
const RETRY_OUTCOMES = new Set<Outcome>(['declined', 'cancelled', 'notStarted']);

/**
 * The order's confirmation page, where the payment provider returns the shopper: what happened to
 * the payment (paid, declined, cancelled, waiting, under review), paying again with the same or
 * another method when it did not go through, and the order itself (items, addresses, totals, a link
 * to it in the account). The `purchase` event is pushed once per order, from the cart as placed.
 */
export default function OrderConfirmation() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const session = useSession();
  const customerUuid = session.status === 'signed-in' ? session.user.uuid : null;
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

  // A customer may come back in another browser (the e-mail, the account): the order is read from the server.
  const ordered = useQuery({
    queryKey: ['account', 'orders', customerUuid ?? '', 'order', number ?? ''],
    queryFn: () => findOrder(cartClient(code), number!),
    enabled: loaded && !record && !!number && customerUuid !== null,
    staleTime: 0,
  });

  const polls = useRef(0);
  const payment = useQuery({
    queryKey: ['payment', code, paymentUuid],
    queryFn: () => {
      polls.current += 1;
      return fetchPayment(code, paymentUuid!, record?.cartId ?? null);
    },
    enabled: loaded && paymentUuid !== null,
    staleTime: 0,
    retry: 1,
    refetchInterval: (query) => (query.state.data?.status === 'created' && polls.current < PAYMENT_POLL_LIMIT ? PAYMENT_POLL_MS : false),
  });
  const gaveUpWaiting = payment.data?.status === 'created' && polls.current >= PAYMENT_POLL_LIMIT;

  const outcome: Outcome = paymentNotStarted
    ? 'notStarted'
    : !paymentUuid
      ? 'placed'
      : !loaded || payment.isPending
        ? 'checking'
        : payment.isError
          ? 'unknown'
          : outcomeOf(payment.data);
  const orderId = record?.id ?? ordered.data?.entity_id ?? null;
  const confirmationUrl = number ? `${storePath(code, '/checkout/success')}?order=${encodeURIComponent(number)}` : null;
  const mayRetry = number && orderId && confirmationUrl && (RETRY_OUTCOMES.has(outcome) || gaveUpWaiting) && (customerUuid || record?.cartId);
  const confirmed = outcome === 'paid' || outcome === 'placed';

  return (
    <div className="confirmation-page">
      <h1 ref={headingRef} tabIndex={-1}>{t(`orderOutcome.heading.${outcome}`)}</h1>
      {number ? (
        <>
          <p className="confirmation-page__number">
            {t('confirmation.orderNumber')} <strong data-testid="order-number">{number}</strong>
          </p>
          {confirmed ? (
            <p>{record?.email ? t('confirmation.emailSent', { email: record.email }) : t('confirmation.emailSentGeneric')}</p>
          ) : (
            <p>{record?.email ? t('orderOutcome.receivedEmail', { email: record.email }) : t('orderOutcome.receivedEmailGeneric')}</p>
          )}
        </>
      ) : (
        <p>{t('confirmation.noOrder')}</p>
      )}
      {paymentNotStarted && <p className="form-alert form-alert--error" role="alert">{t('confirmation.payment.notStarted')}</p>}
      {paymentUuid && <PaymentStatusText outcome={outcome} payment={payment.data ?? null} />}
      {mayRetry && (
        <PayAgain
          store={code}
          orderId={orderId}
          orderNumber={number}
          cartId={customerUuid ? null : record?.cartId ?? null}
          customerUuid={customerUuid}
          method={payment.data?.payment_method ?? record?.cart.selected_payment_method?.code ?? null}
          returnUrl={confirmationUrl}
        />
      )}
      {number && !mayRetry && RETRY_OUTCOMES.has(outcome) && !customerUuid && !record?.cartId && (
        <p>{t('orderOutcome.retryElsewhere')}</p>
      )}
      {record ? <PlacedOrderSummary record={record} locale={store.locale} /> : ordered.data ? <OrderSummaryFromServer order={ordered.data} locale={store.locale} /> : null}
      <p className="confirmation-page__actions">
        {number && customerUuid && (
          <>
            <Link className="button button--secondary" to={`${storePath(code, '/account')}#/orders/${encodeURIComponent(number)}`}>{t('orderOutcome.viewOrder')}</Link>{' '}
          </>
        )}
        <Link className="button" to={storePath(code, '/shop')}>{t('cart.continueShopping')}</Link>
      </p>
    </div>
  );
}

/**
 * The payment's status in words. The provider confirms asynchronously, so a payment still
 * `created` is asked for again every second for half a minute.
 */
function PaymentStatusText({ outcome, payment }: { outcome: Outcome; payment: OrderPayment | null }) {
  const { t } = useTranslation();
  if (outcome === 'checking') return <p role="status">{t('confirmation.payment.checking')}</p>;
  if (outcome === 'unknown' || !payment) return <p role="status">{t('confirmation.payment.unknown')}</p>;
  const reason = outcome === 'declined' && payment.failure_code ? t(`orderOutcome.reason.${payment.failure_code}`, { defaultValue: '' }) : '';
  return (
    <div role="status" className={`payment-status payment-status--${payment.status}`}>
      <p data-testid="payment-status">{paymentText(t, payment)}</p>
      {reason && <p data-testid="payment-reason">{reason}</p>}
    </div>
  );
}

function paymentText(t: (key: string) => string, payment: OrderPayment): string {
  switch (payment.status) {
    case 'paid':
      return t('confirmation.payment.paid');
    case 'failed':
      return t(payment.failure_code === 'cancelled_by_shopper' ? 'confirmation.payment.cancelled' : 'confirmation.payment.failed');
    case 'created':
      return t('confirmation.payment.pending');
    case 'under_review':
      return t('confirmation.payment.review');
    default:
      return t('confirmation.payment.cancelled');
  }
}

/** The order as this browser placed it: items, delivery (or pick-up) and billing addresses, totals. */
function PlacedOrderSummary({ record, locale }: { record: PlacedOrderRecord; locale: string }) {
  const { t } = useTranslation();
  const lines = cartLines(record.cart);
  const shipping = record.cart.shipping_addresses.find((a) => a) ?? null;
  const billing = record.cart.billing_address;
  return (
    <>
      <section className="confirmation-summary" aria-labelledby="confirmation-items-heading">
        <h2 id="confirmation-items-heading">{t('orderOutcome.items')}</h2>
        <ul className="order-items">
          {lines.map((line) => (
            <li key={line.uid}>
              {line.quantity} × {line.product.name ?? line.product.sku}
              {lineOptions(line) && ` · ${lineOptions(line)}`}
              <span className="order-items__price"> {formatMoney(line.prices?.row_total_including_tax, locale)}</span>
            </li>
          ))}
        </ul>
      </section>
      {(shipping || billing) && (
        <section className="confirmation-summary" aria-labelledby="confirmation-addresses-heading">
          <h2 id="confirmation-addresses-heading">{t('orderOutcome.addresses')}</h2>
          <dl className="details-list">
            {shipping && (
              <div>
                <dt>{shipping.pickup_location_code ? t('orderOutcome.pickup') : t('orderOutcome.delivery')}</dt>
                <dd data-testid="delivery-address">{addressText(shipping)}</dd>
              </div>
            )}
            {billing && (
              <div>
                <dt>{t('orderOutcome.billing')}</dt>
                <dd data-testid="billing-address">{addressText(billing)}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
      <CartTotals cart={record.cart} locale={locale} />
    </>
  );
}

/** A customer's order read back from the server (no record in this browser): items and totals. */
function OrderSummaryFromServer({ order, locale }: { order: OrderDetail; locale: string }) {
  const { t } = useTranslation();
  const items = (order.items ?? []).filter((i): i is NonNullable<typeof i> => i !== null);
  return (
    <section className="confirmation-summary" aria-labelledby="confirmation-items-heading">
      <h2 id="confirmation-items-heading">{t('orderOutcome.items')}</h2>
      <ul className="order-items">
        {items.map((i) => (
          <li key={i.id}>
            {i.quantity_ordered ?? 1} × {i.product_name ?? i.product_sku}
            <span className="order-items__price"> {formatMoney(i.row_total_including_tax, locale)}</span>
          </li>
        ))}
      </ul>
      {order.total && (
        <dl className="cart-totals__list">
          <div className="cart-totals__grand"><dt>{t('cart.totals.grandTotal')}</dt><dd>{formatMoney(order.total.grand_total, locale)}</dd></div>
        </dl>
      )}
    </section>
  );
}

function addressText(a: CartAddress): string {
  return [`${a.firstname} ${a.lastname}`.trim(), ...a.street.filter(Boolean), [a.postcode, a.city].filter(Boolean).join(' '), a.country?.label]
    .filter(Boolean)
    .join(', ');
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
