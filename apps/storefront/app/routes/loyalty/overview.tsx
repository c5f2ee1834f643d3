import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/overview';
import { RouteError } from '../../components/common/route-error';
import { LoyaltyFrame } from '../../components/loyalty/loyalty-frame';
import { OverviewView } from '../../components/loyalty/loyalty-views';
import { accountPageMeta } from '../../lib/account/account-meta';
import { loyaltyClientLoader, loyaltyServerLoader } from '../../lib/loyalty/loyalty-route';
import { translatorFor } from '../../lib/meta';
import { useStoreLayout } from '../../lib/store-layout-data';
import type { PageTracking } from '../../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'loyalty-overview', section: 'loyalty' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return accountPageMeta(translatorFor(matches)('loyalty.titles.overview'));
}

export const loader = (args: Route.LoaderArgs) => loyaltyServerLoader(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => loyaltyClientLoader(args);

export default function LoyaltyOverviewPage() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  return (
    <LoyaltyFrame store={store.store_code} title={t('loyalty.titles.overview')} publicPage>
      <OverviewView store={store.store_code} locale={store.locale} />
    </LoyaltyFrame>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
