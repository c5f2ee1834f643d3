import { useQuery, useQueryClient } from '../../lib/api/query';
import { OrderDevices } from '../devices/order-devices';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { cartClient, firstServerMessage } from '../../lib/api/cart.api';
import { cancelOrder, fetchOrdersPageSize, findOrder, listOrders, PAYABLE_STATUSES, type OrderDetail } from '../../lib/api/orders.api';
import type { StoreView } from '../../lib/api/store.api';
import type { SessionUser } from '../../lib/account/session';
import { useLocationHash } from '../../lib/account/use-location-hash';
import { bundleChoiceText, optionsNotInName } from '../../lib/cart/cart-lines';
import { dateFormat } from '../../lib/locale';
import { formatDeduction, formatMoney } from '../../lib/money';
import { storePath } from '../../lib/store-paths';
import { addressLine, fromGraphQLAddress } from '../../lib/api/address';
import { PayAgain } from '../payments/pay-again';
import { AccountView } from './account-view';
import { MyTrials } from '../trial/my-trials';
import { trackRefundOnce } from '../../lib/tracking/order-events';
import { OrderReturns } from './order-returns';

const ORDER_NUMBER = /^[A-Za-z0-9_-]{1,32}$/;
const CANCEL_REASONS = ['changedMind', 'orderedByMistake', 'tooLong', 'other'] as const;

const ordersKey = (uuid: string) => ['account', 'orders', uuid] as const;

function formatDate(value: string, locale: string): string {
  const date = new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? value : dateFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** `#/orders`: the customer's orders, newest first; `#/orders/<number>`: one order with its actions. */
export function MyOrders({ store, user }: { store: StoreView; user: SessionUser }) {
  const hash = useLocationHash();
  const number = /^#\/orders\/([^/?#]+)/.exec(hash)?.[1];
  if (number && ORDER_NUMBER.test(decodeURIComponent(number))) return <OrderDetails store={store} user={user} number={decodeURIComponent(number)} />;
  return <OrderList store={store} user={user} />;
}

function OrderList({ store, user }: { store: StoreView; user: SessionUser }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const code = store.store_code;
  // Spec §9: the page size comes from the store configuration.
  const pageSize = useQuery({ queryKey: ['orders-page-size', code], queryFn: () => fetchOrdersPageSize(cartClient(code)), staleTime: Infinity });
  const orders = useQuery({
    queryKey: [...ordersKey(user.uuid), 'page', page, pageSize.data],
    queryFn: () => listOrders(cartClient(code), page, pageSize.data),
    enabled: pageSize.data !== undefined,
    staleTime: 30_000,
  });
  return (
    <AccountView title={t('account.nav.orders')}>
      <MyTrials store={code} locale={store.locale} />
      {orders.isPending ? (
        <p role="status">{t('account.loading')}</p>
      ) : orders.isError ? (
        <p role="alert">{t('account.orders.unavailable')}</p>
      ) : orders.data.items.length === 0 ? (
        <p>{t('account.orders.none')}</p>
      ) : (
        <>
          {/* Cards rather than a table: four columns do not fit a phone, and a card reads the same on every width. */}
          <ol className="order-list" aria-label={t('account.orders.caption')}>
            {orders.data.items.map((o) => (
              <li key={o.number} className="order-card">
                <p className="order-card__number">
                  <span className="order-card__label">{t('account.orders.number')}</span>{' '}
                  <a href={`#/orders/${encodeURIComponent(o.number)}`}>{o.number}</a>
                </p>
                <dl className="order-card__facts">
                  <div><dt>{t('account.orders.date')}</dt><dd>{formatDate(o.order_date, store.locale)}</dd></div>
                  <div><dt>{t('account.orders.status')}</dt><dd>{o.status}</dd></div>
                  <div><dt>{t('account.orders.total')}</dt><dd className="money">{formatMoney(o.total?.grand_total, store.locale)}</dd></div>
                </dl>
              </li>
            ))}
          </ol>
          {orders.data.totalPages > 1 && (
            <p className="orders-pages">
              <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('account.orders.newer')}</button>{' '}
              <button type="button" className="button button--secondary" disabled={page >= orders.data.totalPages} onClick={() => setPage(page + 1)}>{t('account.orders.older')}</button>
            </p>
          )}
        </>
      )}
    </AccountView>
  );
}

function OrderDetails({ store, user, number }: { store: StoreView; user: SessionUser; number: string }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const order = useQuery({
    queryKey: [...ordersKey(user.uuid), 'order', number],
    queryFn: () => findOrder(cartClient(code), number),
    staleTime: 0,
  });
  return (
    <AccountView title={t('account.orders.detailTitle', { number })}>
      <p><a href="#/orders">{t('account.orders.back')}</a></p>
      {order.isPending ? (
        <p role="status">{t('account.loading')}</p>
      ) : order.isError ? (
        <p role="alert">{t('account.orders.unavailable')}</p>
      ) : !order.data ? (
        <p>{t('account.orders.notFound')}</p>
      ) : (
        <OrderBody store={store} user={user} order={order.data} />
      )}
    </AccountView>
  );
}

function OrderBody({ store, user, order }: { store: StoreView; user: SessionUser; order: OrderDetail }) {
  const { t } = useTranslation();
  const locale = store.locale;
  const items = (order.items ?? []).filter((i): i is NonNullable<typeof i> => i !== null);
  const address = order.shipping_address;
  const method = order.payment_methods?.find((p) => p);
  // The parcels' tracking numbers, as the warehouse recorded them at shipment.
  const tracks = (order.shipments ?? []).flatMap((s) => s?.tracking ?? []).filter((k): k is NonNullable<typeof k> => Boolean(k?.number));
  // The method's label in the page's language; a code the storefront does not know shows as the server names it.
  const payment = method ? t(`checkout.payment.methods.${method.method_code ?? method.name}`, { defaultValue: method.name }) : null;
  // GA4's `refund` of a cancelled or returned order, once (docs/decisions/0072).
  useEffect(() => void trackRefundOnce(store.store_code, order), [store.store_code, order]);
  return (
    <div className="order-detail">
      <dl className="details-list">
        <div><dt>{t('account.orders.date')}</dt><dd>{formatDate(order.order_date, locale)}</dd></div>
        <div><dt>{t('account.orders.status')}</dt><dd data-testid="order-status">{order.status}</dd></div>
        {order.shipping_method && <div><dt>{t('account.orders.delivery')}</dt><dd>{order.shipping_method}</dd></div>}
        {payment && <div><dt>{t('account.orders.payment')}</dt><dd>{payment}</dd></div>}
        {address && (
          <div>
            <dt>{address.pickup_location_name ? t('account.orders.pickup') : t('account.orders.address')}</dt>
            <dd>{address.pickup_location_name ?? addressLine(fromGraphQLAddress(address))}</dd>
          </div>
        )}
        {tracks.length > 0 && (
          <div>
            <dt>{t('account.orders.tracking')}</dt>
            <dd data-testid="order-tracking">{tracks.map((k) => `${k.title || k.carrier}: ${k.number}`).join(', ')}</dd>
          </div>
        )}
        {order.accepted_agreements.length > 0 && (
          <div>
            <dt>{t('legal.orderAccepted')}</dt>
            <dd>{order.accepted_agreements.map((a) => t('legal.acceptedVersion', { title: a.title, version: a.version })).join(', ')}</dd>
          </div>
        )}
      </dl>
      <h3>{t('account.orders.items')}</h3>
      <ul className="order-items">
        {items.map((i) => (
          <li key={i.id}>
            {i.quantity_ordered ?? 1} × {i.product_name ?? i.product_sku}
            {optionsNotInName(i.product_name ?? '', i.selected_options).map((o) => ` · ${o.label}: ${o.value}`).join('')}
            {bundleChoiceText(i.bundle_options) && <span className="order-items__options"> ({bundleChoiceText(i.bundle_options)})</span>}
            <span className="order-items__price money"> {formatMoney(i.row_total_including_tax, locale)}</span>
          </li>
        ))}
      </ul>
      {order.total && (
        <dl className="cart-totals__list">
          {order.total.subtotal_including_tax && <div><dt>{t('cart.totals.subtotal')}</dt><dd className="money">{formatMoney(order.total.subtotal_including_tax, locale)}</dd></div>}
          {(order.total.discounts ?? []).filter((d) => d !== null).map((d, i) => (
            <div key={i}><dt>{t('cart.totals.discount', { label: d!.label })}</dt><dd className="money">{formatDeduction(d!.amount, locale)}</dd></div>
          ))}
          <div><dt>{t('cart.totals.shipping')}</dt><dd className="money">{formatMoney(order.total.total_shipping, locale)}</dd></div>
          {(order.total.taxes ?? []).filter((x) => x !== null).map((x, i) => (
            <div key={i}><dt>{t('cart.totals.tax', { label: x!.title })}</dt><dd className="money">{formatMoney(x!.amount, locale)}</dd></div>
          ))}
          <div className="cart-totals__grand"><dt>{t('cart.totals.grandTotal')}</dt><dd className="money">{formatMoney(order.total.grand_total, locale)}</dd></div>
        </dl>
      )}
      {(PAYABLE_STATUSES as readonly string[]).includes(order.status_code) && (
        <PayAgain
          store={store.store_code}
          orderId={order.entity_id}
          orderNumber={order.number}
          cartId={null}
          customerUuid={user.uuid}
          method={order.payment_methods?.find((p) => p)?.method_code ?? null}
          returnUrl={`${storePath(store.store_code, '/checkout/success')}?order=${encodeURIComponent(order.number)}`}
          headingLevel={3}
        />
      )}
      <OrderDevices store={store.store_code} user={user} orderNumber={order.number} />
      <OrderReturns store={store} number={order.number} />
      {order.is_cancelable && <CancelOrder store={store.store_code} user={user} order={order} />}
    </div>
  );
}

/** Cancels the order with a reason (Magento requires one); the server says when it no longer can. */
function CancelOrder({ store, user, order }: { store: string; user: SessionUser; order: OrderDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<(typeof CANCEL_REASONS)[number]>('changedMind');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const cancel = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const result = await cancelOrder(cartClient(store), order.entity_id, t(`account.orders.reasons.${reason}`));
      if (result.error) setMessage({ tone: 'error', text: result.error });
      else setMessage({ tone: 'success', text: t('account.orders.cancelled') });
      await queryClient.invalidateQueries({ queryKey: ordersKey(user.uuid) });
    } catch (failure) {
      setMessage({ tone: 'error', text: firstServerMessage(failure) ?? t('account.orders.cancelError') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="order-action" onSubmit={cancel} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('account.orders.cancelHeading')}</h3>
      {message && <p role={message.tone === 'error' ? 'alert' : 'status'} className={`form-alert form-alert--${message.tone}`}>{message.text}</p>}
      <div className="field">
        <label htmlFor={`${id}-reason`} className="field__label">{t('account.orders.reason')}</label>
        <select id={`${id}-reason`} className="field__input" value={reason} onChange={(e) => setReason(e.target.value as typeof reason)}>
          {CANCEL_REASONS.map((r) => <option key={r} value={r}>{t(`account.orders.reasons.${r}`)}</option>)}
        </select>
      </div>
      <button type="submit" className="button button--secondary" disabled={busy}>{t('account.orders.cancel')}</button>
    </form>
  );
}
