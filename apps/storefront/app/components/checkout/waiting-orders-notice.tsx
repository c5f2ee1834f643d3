import { useQuery } from '../../lib/api/query';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { cartClient } from '../../lib/api/cart.api';
import { listOrders, PAYABLE_STATUSES } from '../../lib/api/orders.api';
import { storePath } from '../../lib/store-paths';

/**
 * A signed-in customer's orders still waiting for payment hold their stock, and the server takes
 * only a few at once (docs/decisions/0033): before they order again, checkout says so and links to
 * the newest one, whose page pays it.
 */
export function WaitingOrdersNotice({ store, customerUuid }: { store: string; customerUuid: string }) {
  const { t } = useTranslation();
  const orders = useQuery({
    queryKey: ['account', 'orders', customerUuid, 'waiting', store],
    queryFn: () => listOrders(cartClient(store), 1, 20),
    staleTime: 30_000,
  });
  const waiting = (orders.data?.items ?? []).filter((o) => (PAYABLE_STATUSES as readonly string[]).includes(o.status_code));
  if (!waiting.length) return null;
  const newest = waiting[0]!;
  return (
    <div className="form-alert form-alert--info checkout-page__waiting" role="status">
      <p>{t('checkout.waitingOrders.text', { count: waiting.length })}</p>
      <p>
        <Link className="text-link" to={`${storePath(store, '/account')}#/orders/${encodeURIComponent(newest.number)}`}>
          {t('checkout.waitingOrders.pay', { number: newest.number })}
        </Link>
      </p>
    </div>
  );
}
