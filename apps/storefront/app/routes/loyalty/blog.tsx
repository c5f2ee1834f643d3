import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/blog';
import { LinkCard } from '../../components/common/link-card';
import { RouteError } from '../../components/common/route-error';
import { LoyaltyFrame } from '../../components/loyalty/loyalty-frame';
import { BlogView } from '../../components/loyalty/loyalty-views';
import { accountPageMeta } from '../../lib/account/account-meta';
import { loyaltyClientLoader, loyaltyServerLoader } from '../../lib/loyalty/loyalty-route';
import { translatorFor } from '../../lib/meta';
import { storePath } from '../../lib/store-paths';
import { useStoreLayout } from '../../lib/store-layout-data';
import type { PageTracking } from '../../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'loyalty-blog', section: 'loyalty' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return accountPageMeta(translatorFor(matches)('loyalty.titles.blog'));
}

export const loader = (args: Route.LoaderArgs) => loyaltyServerLoader(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => loyaltyClientLoader(args);

export default function LoyaltyBlogPage() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  return (
    <LoyaltyFrame store={store.store_code} title={t('loyalty.titles.blog')} publicPage>
      <BlogView store={store.store_code} locale={store.locale} />
      <p className="section">
        <LinkCard variant="club" title={t('blog.clubCard')} to={storePath(store.store_code, '/blog')} />
      </p>
    </LoyaltyFrame>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
