import { GuestOrderLookupSchema, type GuestOrderLookup } from '@ember/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { Route } from './+types/order-status';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { TextField } from '../components/forms/fields';
import { useTranslation } from '../i18n/react';
import { findGuestOrder, guestOrderRefusal, type GuestOrder, type GuestOrderRefusal } from '../lib/api/guest-order.api';
import { schemaResolver } from '../lib/forms/schema-resolver';
import { dateFormat } from '../lib/locale';
import { pageMeta, translatorFor } from '../lib/meta';
import { formatMoney } from '../lib/money';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'order-status', section: 'orders' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return pageMeta(t('orderStatus.title'), t('orderStatus.lead'));
}

// The page is the same for everyone (it may be kept in the page cache); the lookup runs in the browser.
export function loader() {
  return {};
}

export function clientLoader() {
  return {};
}

const resolver = schemaResolver<GuestOrderLookup, GuestOrderLookup>(GuestOrderLookupSchema);

function formatDate(value: string, locale: string): string {
  const date = new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? value : dateFormat(locale, { dateStyle: 'medium' }).format(date);
}

/**
 * A guest finds their order by its number, their e-mail address and the billing last name. A wrong
 * number and a wrong address get the same words, so the form tells nobody which orders exist.
 */
export default function OrderStatus() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const [order, setOrder] = useState<GuestOrder | null>(null);
  const [refusal, setRefusal] = useState<GuestOrderRefusal | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<GuestOrderLookup, unknown, GuestOrderLookup>({
    resolver,
    defaultValues: { number: '', email: '', lastname: '' },
  });

  const onSubmit = handleSubmit(async (facts) => {
    setRefusal(null);
    setOrder(null);
    try {
      setOrder(await findGuestOrder(code, facts));
    } catch (error) {
      setRefusal(guestOrderRefusal(error));
    }
  });

  return (
    <div className="auth-page order-status">
      <h1>{t('orderStatus.title')}</h1>
      <p className="auth-page__lead">{t('orderStatus.lead')}</p>
      <form className="form" method="post" noValidate onSubmit={onSubmit}>
        <FormAlert alert={refusal ? { key: `orderStatus.errors.${refusal}` } : null} />
        <TextField id="order-status-number" label={t('orderStatus.number')} autoComplete="off" spellCheck={false} registration={register('number')} error={errors.number} />
        <TextField
          id="order-status-email" label={t('account.fields.email')} type="email" autoComplete="email" inputMode="email" spellCheck={false}
          registration={register('email')} error={errors.email}
        />
        <TextField id="order-status-lastname" label={t('orderStatus.lastname')} autoComplete="family-name" registration={register('lastname')} error={errors.lastname} />
        <button type="submit" className="button" disabled={isSubmitting}>{isSubmitting ? t('orderStatus.searching') : t('orderStatus.submit')}</button>
      </form>
      {refusal === 'signIn' && <p className="auth-page__links"><Link to={storePath(code, '/login')}>{t('orderStatus.toLogin')}</Link></p>}
      {order && (
        <section className="order-status__result" aria-labelledby="order-status-result">
          <h2 id="order-status-result">{t('orderStatus.order', { number: order.number })}</h2>
          <dl className="order-status__facts">
            <div><dt>{t('orderStatus.date')}</dt><dd>{formatDate(order.order_date, store.locale)}</dd></div>
            <div><dt>{t('orderStatus.status')}</dt><dd>{order.status}</dd></div>
            {order.shipping_method && <div><dt>{t('orderStatus.delivery')}</dt><dd>{order.shipping_method}</dd></div>}
            <div><dt>{t('orderStatus.total')}</dt><dd className="money">{formatMoney(order.total?.grand_total, store.locale)}</dd></div>
          </dl>
          <h3>{t('orderStatus.items')}</h3>
          <ul className="order-status__items">
            {(order.items ?? []).map((item) => item && (
              <li key={item.id}>
                <span>{item.quantity_ordered} × {item.product_name}</span>
                <span className="money">{formatMoney(item.row_total_including_tax, store.locale)}</span>
              </li>
            ))}
          </ul>
          {(order.shipments ?? []).flatMap((s) => s?.tracking ?? []).map((track) => track && (
            <p key={track.number}>
              {t('orderStatus.tracking', { carrier: track.carrier })}{' '}
              {track.track_url ? <a href={track.track_url} rel="noopener noreferrer">{track.number}</a> : track.number}
            </p>
          ))}
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
