import { Link } from 'react-router';
import { useQuery } from '../../lib/api/query';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/account/session';
import { withReturnTo } from '../../lib/account/return-to';
import { isTrialEligible } from '../../lib/api/trials.api';
import type { StoreView } from '../../lib/api/store.api';
import { storePath } from '../../lib/store-paths';
import { TrialTerms, useTrialProgram } from './trial-terms';

/**
 * free-trial-landing-page: the trial store view's home. What the trial is and costs, in words, and
 * whether the signed-in customer may have it (asked once; any failure reads as "no", spec §7).
 */
export function TrialLanding({ store, kit }: { store: StoreView; kit: { url_key: string | null; price: { value: number; currency: string } | null } | null }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const kitPath = kit?.url_key ? storePath(code, `/p/${kit.url_key}`) : storePath(code, '/shop');
  return (
    <>
      <section className="hero hero--home hero--trial" aria-labelledby="hero-heading">
        <div className="hero__content">
          <p className="hero__eyebrow">{t('trial.eyebrow')}</p>
          <h1 id="hero-heading">{t('trial.headline')}</h1>
          <p className="hero__lead">{t('trial.lead')}</p>
          <p className="hero__actions">
            <Link className="button" to={kitPath}>{t('trial.start')}</Link>
            <Link className="button button--secondary" to={storePath(code, '/faq')}>{t('home.questions')}</Link>
          </p>
        </div>
        <img className="hero__image" src="/media/home/hero.svg" alt="" width={640} height={480} fetchPriority="high" />
      </section>
      <section className="section" aria-labelledby="trial-how-heading">
        <h2 id="trial-how-heading">{t('trial.howHeading')}</h2>
        <TrialTerms store={code} locale={store.locale} today={kit?.price ?? null} />
        <TrialEligibility store={code} kitPath={kitPath} />
        <p className="trial-fine-print">{t('trial.finePrint')}</p>
      </section>
    </>
  );
}

/** Signed in: may this customer have the trial? A visitor is asked to sign in first. */
export function TrialEligibility({ store, kitPath }: { store: string; kitPath: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const program = useTrialProgram(store);
  const uuid = session.user?.uuid ?? null;
  const code = program.data?.code ?? null;
  const eligible = useQuery({
    queryKey: ['trial-eligible', store, code, uuid],
    queryFn: () => isTrialEligible(store, code!, uuid!),
    enabled: Boolean(code && uuid),
    retry: false,
    staleTime: 60_000,
  });
  if (session.status === 'pending') return null;
  if (session.status !== 'signed-in') {
    return (
      <p className="trial-eligibility" role="status">
        {t('trial.signInFirst')}{' '}
        <Link className="text-link" to={withReturnTo(storePath(store, '/login'), kitPath)}>{t('trial.signIn')}</Link>
      </p>
    );
  }
  if (eligible.data === undefined) return null;
  return (
    <p className={`trial-eligibility${eligible.data ? ' trial-eligibility--ok' : ''}`} role="status">
      {eligible.data ? t('trial.eligible') : t('trial.notEligible')}
    </p>
  );
}
