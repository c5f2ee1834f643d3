import { useMutation } from '../../lib/api/mutation';
import { useQuery, useQueryClient } from '../../lib/api/query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { forgetAgeReturn, readAgeReturn, verificationFromHash } from '../../lib/age-verification/age-return';
import { useLocationHash } from '../../lib/account/use-location-hash';
import { SESSION_QUERY_KEY, profileQueryKey, type SessionUser } from '../../lib/account/session';
import {
  fetchAgeVerification, fetchAgeVerificationMethods, initAsyncAgeVerification, verifyAge,
  type AgeVerification, type AgeVerificationMethod,
} from '../../lib/api/age-verification.api';
import type { StoreView } from '../../lib/api/store.api';
import { storePath } from '../../lib/store-paths';
import { AccountView } from './account-view';

const POLL_MS = 1000;

/**
 * The hard age verification (`#/age-verification`): the methods of the customer's country (kept
 * for the whole visit: spec §9 "available age methods cached forever"), a provider workflow the
 * customer is sent to and back from, a progress indicator until its result arrives, the outcome
 * and what to do next — back to the cart when checkout sent them here.
 */
export function AgeVerificationView({ store, user }: { store: StoreView; user: SessionUser }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const country = store.default_country ?? 'GB';
  const queryClient = useQueryClient();
  const hash = useLocationHash();
  const [startedHere, setStartedHere] = useState<string | null>(null);
  const current = verificationFromHash(hash) ?? startedHere;
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => setReturnTo(readAgeReturn(code)), [code]);

  const methods = useQuery({
    queryKey: ['age-verification', 'methods', code, country],
    queryFn: () => fetchAgeVerificationMethods(code, country),
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const result = useQuery({
    queryKey: ['account', 'age-verification', current],
    queryFn: () => fetchAgeVerification(code, current!),
    enabled: current !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
  });

  const finished = result.data && result.data.status !== 'pending' ? result.data.status : null;
  useEffect(() => {
    if (!finished) return;
    // The session user's is_age_verified is derived on the server: read it again.
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(user.uuid) });
  }, [finished, queryClient, user.uuid]);

  const start = useMutation({
    mutationFn: async (method: AgeVerificationMethod) => {
      if (!method.is_async) return verifyAge(code, method, country);
      const opened = await initAsyncAgeVerification(code, {
        method, country, email: user.email, callback: `${storePath(code, '/account')}#/age-verification`,
      });
      // The provider's workflow page: it sends the customer back here with the verification's id.
      window.location.assign(opened.workflow_url);
      return opened;
    },
    onSuccess: (verification) => {
      if (verification.status !== 'pending' || !('workflow_url' in verification)) {
        queryClient.setQueryData(['account', 'age-verification', verification.identity_verification_id], verification);
        setStartedHere(verification.identity_verification_id);
      }
    },
  });

  const backLink = returnTo ? (
    <p>
      <Link className="button" to={returnTo} onClick={() => forgetAgeReturn(code)}>{t('ageVerification.backToCart')}</Link>
    </p>
  ) : null;

  const methodList = (
    <MethodList
      methods={methods.data?.methods ?? []}
      loading={methods.isPending}
      failed={methods.isError}
      busy={start.isPending}
      onStart={(m) => start.mutate(m)}
    />
  );

  let body;
  if (current && (result.isPending || result.data?.status === 'pending')) {
    body = (
      <div role="status" className="age-verification__waiting">
        <progress aria-label={t('ageVerification.waiting')} />
        <p>{t('ageVerification.waiting')}</p>
      </div>
    );
  } else if (current && result.isError) {
    body = <p role="alert" className="form-alert form-alert--error">{t('ageVerification.errors.unknown')}</p>;
  } else if (result.data && current) {
    body = <Outcome verification={result.data} minimumAge={methods.data?.minimum_age ?? 18} after={result.data.status === 'verified' ? backLink : methodList} />;
  } else if (user.isAgeVerified) {
    body = (
      <>
        <p role="status">{t('account.ageVerification.verified')}</p>
        {backLink}
      </>
    );
  } else {
    body = (
      <>
        <p>{t('ageVerification.intro', { age: methods.data?.minimum_age ?? 18 })}</p>
        {methodList}
      </>
    );
  }

  return (
    <AccountView title={t('account.nav.age-verification')} className="age-verification">
      {body}
      {start.isError && <p role="alert" className="form-alert form-alert--error">{t('ageVerification.errors.start')}</p>}
    </AccountView>
  );
}

function MethodList(props: { methods: AgeVerificationMethod[]; loading: boolean; failed: boolean; busy: boolean; onStart: (m: AgeVerificationMethod) => void }) {
  const { t } = useTranslation();
  if (props.loading) return <p role="status">{t('account.loading')}</p>;
  if (props.failed) return <p role="alert" className="form-alert form-alert--error">{t('ageVerification.errors.methods')}</p>;
  if (!props.methods.length) return <p>{t('ageVerification.noMethods')}</p>;
  return (
    <ul className="age-verification__methods">
      {props.methods.map((m) => (
        <li key={m.code}>
          <button type="button" className="button" disabled={props.busy} onClick={() => props.onStart(m)}>
            {t(`ageVerification.methods.${m.kind}.button`)}
          </button>
          <p className="field__hint">{t(`ageVerification.methods.${m.kind}.hint`)}</p>
        </li>
      ))}
    </ul>
  );
}

function Outcome({ verification, minimumAge, after }: { verification: AgeVerification; minimumAge: number; after: React.ReactNode }) {
  const { t } = useTranslation();
  const key =
    verification.status === 'rejected' && verification.reason === 'under_age' ? 'underAge' : verification.status === 'needs_review' ? 'needsReview' : verification.status;
  return (
    <>
      <p role={verification.status === 'verified' ? 'status' : 'alert'} className={`age-verification__outcome age-verification__outcome--${verification.status}`}>
        {t(`ageVerification.outcome.${key}`, { age: minimumAge })}
      </p>
      {verification.status === 'rejected' && verification.reason === 'under_age' ? null : after}
    </>
  );
}
