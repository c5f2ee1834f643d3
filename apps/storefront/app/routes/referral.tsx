import { useState } from 'react';
import { useQuery } from '../lib/api/query';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/referral';
import { RouteError } from '../components/common/route-error';
import { LoyaltyFrame } from '../components/loyalty/loyalty-frame';
import { accountPageMeta } from '../lib/account/account-meta';
import { useSession } from '../lib/account/session';
import { fetchReferralHistory, fetchReferralStats, REFERRAL_HISTORY_LIMIT } from '../lib/api/loyalty-club.api';
import { dateFormat } from '../lib/locale';
import { loyaltyKeys, useReferralCustomer } from '../lib/loyalty/loyalty-state';
import { loyaltyClientLoader, loyaltyServerLoader } from '../lib/loyalty/loyalty-route';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'referral-page', section: 'loyalty' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return accountPageMeta(translatorFor(matches)('referral.title'));
}

export const loader = (args: Route.LoaderArgs) => loyaltyServerLoader(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => loyaltyClientLoader(args);

export default function ReferralPage() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  return (
    <LoyaltyFrame store={store.store_code} title={t('referral.title')}>
      <ReferralView store={store.store_code} />
      <ReferralHistory store={store.store_code} locale={store.locale} />
    </LoyaltyFrame>
  );
}

/** The customer's code, a link to share and what referring has earned so far. */
function ReferralView({ store }: { store: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const uuid = session.user?.uuid ?? '';
  const customer = useReferralCustomer(store);
  const stats = useQuery({ queryKey: [...loyaltyKeys.referral(store, uuid), 'stats'], queryFn: () => fetchReferralStats(store, uuid), enabled: !!uuid, retry: false });
  if (customer.isPending) return <p role="status">{t('loyalty.loading')}</p>;
  if (customer.isError) return <p role="alert">{t('loyalty.errors.unavailable')}</p>;
  const code = customer.data.code;
  const link = `${typeof window === 'undefined' ? '' : window.location.origin}${storePath(store, '/register')}?ref=${encodeURIComponent(code)}`;
  return (
    <>
      <p>{t('referral.intro')}</p>
      <p>
        {t('referral.yourCode')} <strong data-testid="referral-code">{code}</strong>
      </p>
      <label htmlFor="referral-link">{t('referral.shareLink')}</label>
      <input id="referral-link" className="field__input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button--secondary" onClick={() => void navigator.clipboard?.writeText(link)}>{t('referral.copy')}</button>
      {stats.data && (
        <dl className="referral-stats" data-testid="referral-stats">
          <dt>{t('referral.stats.referees')}</dt><dd data-testid="referral-referees">{stats.data.referees_count}</dd>
          <dt>{t('referral.stats.completed')}</dt><dd data-testid="referral-completed">{stats.data.completed_first_order_count}</dd>
          <dt>{t('referral.stats.earned')}</dt><dd data-testid="referral-earned">{stats.data.earned_points}</dd>
        </dl>
      )}
    </>
  );
}

/** "Your latest referrals": five at first, newest first, and "show more" for the next five. */
function ReferralHistory({ store, locale }: { store: string; locale: string }) {
  const { t } = useTranslation();
  const uuid = useSession().user?.uuid ?? '';
  const [pages, setPages] = useState(1);
  const first = useQuery({ queryKey: referralHistoryKey(store, uuid, 1), queryFn: () => fetchReferralHistory(store, uuid, 1), enabled: !!uuid, retry: false });
  if (!uuid) return null;
  let body;
  if (first.isPending) body = <p role="status">{t('loyalty.loading')}</p>;
  else if (first.isError) body = <p role="alert">{t('loyalty.errors.unavailable')}</p>;
  else if (first.data.total === 0) body = <p className="loyalty-notice">{t('referral.history.empty')}</p>;
  else {
    body = (
      <>
        <table className="loyalty-history">
          <thead>
            <tr><th scope="col">{t('referral.history.date')}</th><th scope="col">{t('referral.history.status')}</th><th scope="col">{t('referral.history.points')}</th></tr>
          </thead>
          {Array.from({ length: pages }, (_, i) => <ReferralHistoryPage key={i + 1} store={store} uuid={uuid} page={i + 1} locale={locale} />)}
        </table>
        {pages * REFERRAL_HISTORY_LIMIT < first.data.total && (
          <button type="button" className="button button--secondary" onClick={() => setPages(pages + 1)}>{t('referral.history.more')}</button>
        )}
      </>
    );
  }
  return (
    <section className="loyalty-card" aria-labelledby="referral-history-title" data-testid="referral-history">
      <h2 id="referral-history-title">{t('referral.history.title')}</h2>
      {body}
    </section>
  );
}

function referralHistoryKey(store: string, uuid: string, page: number) {
  return [...loyaltyKeys.referral(store, uuid), 'history', page];
}

/** One page of the history as rows of the table. */
function ReferralHistoryPage({ store, uuid, page, locale }: { store: string; uuid: string; page: number; locale: string }) {
  const { t } = useTranslation();
  const history = useQuery({ queryKey: referralHistoryKey(store, uuid, page), queryFn: () => fetchReferralHistory(store, uuid, page), retry: false });
  if (history.isPending || history.isError) {
    return (
      <tbody>
        <tr><td colSpan={3} role={history.isPending ? 'status' : 'alert'}>{t(history.isPending ? 'loyalty.loading' : 'loyalty.errors.unavailable')}</td></tr>
      </tbody>
    );
  }
  const date = dateFormat(locale, { dateStyle: 'medium' });
  return (
    <tbody>
      {history.data.items.map((item, i) => (
        <tr key={i} data-testid="referral-history-item">
          <td>{date.format(new Date(item.joined_at))}</td>
          <td>{t(`referral.history.states.${item.status}`)}</td>
          <td>{item.points_earned}</td>
        </tr>
      ))}
    </tbody>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
