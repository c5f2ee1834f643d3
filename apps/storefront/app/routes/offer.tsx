import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/offer';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { useTranslation } from '../i18n/react';
import { withReturnTo } from '../lib/account/return-to';
import { useSession } from '../lib/account/session';
import { CouponsApiError, fetchCouponProvider, requestCoupon, type CouponProvider } from '../lib/api/coupons.api';
import { apiTargetFrom, type ServerTarget } from '../lib/api/load-context';
import { useQuery } from '../lib/api/query';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { paragraphs } from '../lib/text';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'other', section: 'offers' } satisfies PageTracking,
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return pageMeta(loaderData?.offer.name ?? t('offers.title'), loaderData?.offer.description);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadOffer(serverScope(context, params.store), params.providerId, apiTargetFrom(context));
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOffer(browserScope(params.store), params.providerId);
}

/** The offer as a guest sees it: the page is the same for everyone, the customer's code loads in the browser. */
async function loadOffer(scope: StoreScope, id: string, server?: ServerTarget): Promise<{ offer: CouponProvider }> {
  await requireStore(scope);
  if (!/^[a-z0-9][a-z0-9-]{1,39}$/.test(id)) throw notFound();
  try {
    return { offer: await fetchCouponProvider(scope.code, id, server) };
  } catch (error) {
    if (error instanceof CouponsApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

/** A partner's offer (spec §7 "Coupons"): a signed-in customer gets one single-use code, shown again on every visit. */
export default function Offer({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const { offer } = loaderData;
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const mine = useQuery({
    queryKey: ['coupon-offer', code, offer.id, session.user?.uuid ?? null],
    queryFn: () => fetchCouponProvider(code, offer.id),
    enabled: signedIn,
  });
  const [granted, setGranted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const held = granted ?? mine.data?.code ?? null;
  const available = mine.data?.available ?? offer.available;

  const ask = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setGranted((await requestCoupon(code, offer.id)).code);
    } catch (error) {
      const known = error instanceof CouponsApiError && error.code === 'NOT_ELIGIBLE';
      setProblem(known ? t('offers.notAvailable') : t('offers.requestFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="offer-page">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(code) }, { label: offer.name }]} />
      <p className="offer-page__eyebrow">{t('offers.eyebrow')}</p>
      <h1>{offer.name}</h1>
      {paragraphs(offer.description).map((text, i) => <p key={i} className="offer-page__lead">{text}</p>)}
      <section className="offer-page__code" aria-labelledby="offer-code-heading">
        <h2 id="offer-code-heading">{t('offers.yourCode')}</h2>
        {held ? (
          <>
            <p className="offer-page__value" data-testid="coupon-code">{held}</p>
            <p>{t('offers.useIt')}</p>
          </>
        ) : session.status === 'pending' ? (
          <p role="status">{t('offers.loading')}</p>
        ) : !signedIn ? (
          <p>
            {t('offers.signInFirst')}{' '}
            <Link className="text-link" to={withReturnTo(storePath(code, '/login'), storePath(code, `/offers/${params.providerId}`))}>{t('offers.signIn')}</Link>
          </p>
        ) : available ? (
          <button type="button" className="button" onClick={() => void ask()} disabled={busy}>{busy ? t('offers.getting') : t('offers.getCode')}</button>
        ) : (
          <p>{t('offers.notAvailable')}</p>
        )}
        {problem && <p role="alert" className="field__error">{problem}</p>}
      </section>
      {offer.terms && (
        <section aria-labelledby="offer-terms-heading">
          <h2 id="offer-terms-heading">{t('offers.terms')}</h2>
          {paragraphs(offer.terms).map((text, i) => <p key={i}>{text}</p>)}
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
