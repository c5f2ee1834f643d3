import { useQuery } from '../lib/api/query';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/referral';
import { RouteError } from '../components/common/route-error';
import { LoyaltyFrame } from '../components/loyalty/loyalty-frame';
import { accountPageMeta } from '../lib/account/account-meta';
import { useSession } from '../lib/account/session';
import { fetchReferralStats } from '../lib/api/loyalty-club.api';
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

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
