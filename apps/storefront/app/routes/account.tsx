import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/account';
import { AccountNav } from '../components/account/account-nav';
import { AccountOverview } from '../components/account/account-overview';
import { AccountView, FocusViewContext } from '../components/account/account-view';
import { AddressBook } from '../components/account/address-book';
import { AgeVerificationView } from '../components/account/age-verification-view';
import { ChangePasswordForm } from '../components/account/change-password-form';
import { CommunicationPreferences } from '../components/account/communication-preferences';
import { MySubscription } from '../components/account/my-subscription';
import { TrialCheckout } from '../components/trial/trial-checkout';
import { CheckoutView } from './checkout';
import { SavedCards } from '../components/account/saved-cards';
import { PrivacyView } from '../components/account/privacy-view';
import { MyOrders } from '../components/account/my-orders';
import { MyDevices } from '../components/devices/my-devices';
import { PersonalDetailsForm } from '../components/account/personal-details-form';
import { UpdatePhoneForm } from '../components/account/update-phone-form';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { accountPageMeta } from '../lib/account/account-meta';
import { useProfile } from '../lib/account/account-queries';
import { hashFor, resolveAccountHash, type ResolvedAccountHash } from '../lib/account/account-routes';
import { configurationQuery } from '../lib/account/configuration';
import { withReturnTo } from '../lib/account/return-to';
import { sessionQuery, useSession, type SessionUser } from '../lib/account/session';
import { useAccountPageViews } from '../lib/account/use-account-page-views';
import { useLocationHash } from '../lib/account/use-location-hash';
import { getBrowserQueryClient } from '../lib/api/query-client';
import type { StoreView } from '../lib/api/store.api';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

/** The account app reports its own page views, one per hash route. */
export const handle = {
  tracking: { pageName: 'account-page', section: 'account', tracksItself: true } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return accountPageMeta(translatorFor(matches)('account.title'));
}

/**
 * Client only: the account is the customer's own, so nothing of it is rendered on the server
 * (the server sends the loading state). Reads the session before the first render.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const queryClient = getBrowserQueryClient();
  void queryClient.prefetchQuery(configurationQuery(params.store));
  await queryClient.ensureQueryData(sessionQuery(params.store)).catch(() => null);
  return {};
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <div className="account">
      <h1>{t('account.title')}</h1>
      <p role="status">{t('account.loading')}</p>
    </div>
  );
}

export default function Account() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const session = useSession();
  const navigate = useNavigate();
  const hash = useLocationHash();
  const route = useCurrentRoute(hash);
  const firstHash = useRef<string | null>(null);
  const viewChanged = useRef(false);

  // Visitors go to the login page (or registration), and come back to the same view afterwards.
  useEffect(() => {
    // Logging out leaves for the home page before it forgets the session; while that page is
    // still on its way, this one is already gone from the address bar and must not redirect.
    if (session.status !== 'anonymous' || window.location.pathname !== storePath(code, '/account')) return;
    const page = route.route.auth === 'register' ? '/register' : '/login';
    const back = route.route.auth ? storePath(code, '/account') : `${storePath(code, '/account')}${route.hash}`;
    void navigate(withReturnTo(storePath(code, page), back), { replace: true });
  }, [session.status, route, code, navigate]);

  useAccountPageViews(route.route, route.hash, session.user, store);

  // The first view keeps focus where the page load put it; every later view moves it to its heading.
  if (session.user) firstHash.current ??= route.hash;
  if (firstHash.current !== null && route.hash !== firstHash.current) viewChanged.current = true;

  if (session.status !== 'signed-in') return <HydrateFallback />;

  return (
    <div className="account">
      <h1>{t('account.title')}</h1>
      <div className="account__layout">
        <AccountNav current={route.route.view} />
        <div className="account__content">
          <FocusViewContext.Provider value={viewChanged.current}>
            <AccountViewFor route={route.route} store={store} user={session.user} key={route.route.view} />
          </FocusViewContext.Provider>
        </div>
      </div>
    </div>
  );
}

/**
 * The route the hash names. A hash that is no route (`#main`, the skip link) keeps the view that
 * was showing; the key is the hash the view belongs to.
 */
function useCurrentRoute(hash: string): { route: ResolvedAccountHash; hash: string } {
  const last = useRef<{ route: ResolvedAccountHash; hash: string } | null>(null);
  const resolved = resolveAccountHash(hash);
  if (resolved && (last.current?.hash !== hash)) last.current = { route: resolved, hash };
  last.current ??= { route: resolveAccountHash('')!, hash: '' };
  return last.current;
}

function AccountViewFor({ route, store, user }: { route: ResolvedAccountHash; store: StoreView; user: SessionUser }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const profile = useProfile(code, user.uuid);

  switch (route.view) {
    case 'addresses':
      return <AddressBook store={store} user={user} />;
    case 'change-password':
      return <ChangePasswordForm store={code} user={user} />;
    case 'update-phone':
      return <UpdatePhoneForm store={code} user={user} />;
    case 'communication':
      return <CommunicationPreferences store={code} language={store.language} user={user} />;
    case 'age-verification':
      return <AgeVerificationView store={store} user={user} />;
    case 'orders':
      return <MyOrders store={store} user={user} />;
    case 'privacy':
      return <PrivacyView store={code} user={user} />;
    case 'devices':
      return <MyDevices store={store} user={user} />;
    case 'payments':
      return <SavedCards store={store} />;
    case 'subscription':
      return <MySubscription store={store} user={user} />;
    case 'checkout':
      return <CheckoutView nested />;
    case 'trial-checkout':
      return <TrialCheckout store={store} />;
    case 'not-found':
      return (
        <AccountView title={t('account.notFound.title')}>
          <p>{t('account.notFound.text')}</p>
          <p><a href={hashFor('overview')}>{t('account.backToOverview')}</a></p>
        </AccountView>
      );
    case 'overview':
    case 'personal-details':
      if (profile.isPending) return <p role="status">{t('account.loading')}</p>;
      if (!profile.data) return <FormAlert alert={{ key: 'account.errors.generic' }} />;
      return route.view === 'overview'
        ? <AccountOverview profile={profile.data} locale={store.locale} />
        : <PersonalDetailsForm store={code} profile={profile.data} />;
  }
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
