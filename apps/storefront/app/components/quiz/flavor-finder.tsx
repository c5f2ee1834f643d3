import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/account/session';
import { dateFormat } from '../../lib/locale';
import { useQuery, useQueryClient } from '../../lib/api/query';
import {
  fetchSubmissions, FLAVOR_FINDER, QuizzesApiError, scoreQuiz, submitQuiz, type Quiz, type QuizAnswerInput, type QuizScored, type QuizSubmission,
} from '../../lib/api/quizzes.api';
import { QuizForm } from './quiz-form';

// The results (with the product page's add-to-cart) load once there are some: the questions come first.
const QuizResults = lazy(() => import('./quiz-results').then((m) => ({ default: m.QuizResults })));

const submissionsKey = (store: string, uuid: string | null) => ['quiz-submissions', store, FLAVOR_FINDER, uuid] as const;

/**
 * The flavour finder: the questions, then the blends the answers point to. A guest's answers are
 * scored and kept nowhere; a signed-in customer's are kept, and their last result is shown when
 * they come back, with "Take it again".
 */
export function FlavorFinder({ store, locale, quiz }: { store: string; locale: string; quiz: Quiz }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const uuid = session.user?.uuid ?? null;
  const last = useQuery({
    queryKey: submissionsKey(store, uuid),
    queryFn: () => fetchSubmissions(store, uuid!, FLAVOR_FINDER),
    enabled: Boolean(uuid),
    retry: false,
    staleTime: 60_000,
  });
  const [result, setResult] = useState<QuizScored | null>(null);
  const [retaking, setRetaking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);

  const kept: QuizSubmission | null = last.data?.[0] ?? null;
  const shown: { answers: QuizAnswerInput[]; results: QuizScored['results']; lastAt: string | null } | null = result
    ? { answers: result.answers, results: result.results, lastAt: null }
    : !retaking && kept ? { answers: kept.answers, results: kept.results, lastAt: kept.submitted_at } : null;

  useEffect(() => {
    if (focusHeading && shown) {
      heading.current?.focus();
      setFocusHeading(false);
    }
  }, [focusHeading, shown]);

  const take = async (answers: QuizAnswerInput[]) => {
    setBusy(true);
    setFailure(null);
    try {
      if (uuid) {
        const submission = await submitQuiz(store, uuid, FLAVOR_FINDER, answers);
        queryClient.setQueryData(submissionsKey(store, uuid), [submission, ...(last.data ?? [])]);
        setResult(submission);
      } else {
        setResult(await scoreQuiz(store, FLAVOR_FINDER, answers));
      }
      setRetaking(false);
      setFocusHeading(true);
    } catch (error) {
      setFailure(error instanceof QuizzesApiError && error.code === 'RATE_LIMITED' ? t('flavorFinder.tooMany') : t('flavorFinder.failed'));
    } finally {
      setBusy(false);
    }
  };

  const again = () => {
    setResult(null);
    setRetaking(true);
  };

  if (shown) {
    return (
      <section className="quiz-outcome" aria-labelledby="quiz-outcome-heading">
        <h2 id="quiz-outcome-heading" ref={heading} tabIndex={-1}>
          {shown.lastAt ? t('flavorFinder.lastResult') : t('flavorFinder.yourResult')}
        </h2>
        {shown.lastAt && (
          <p className="quiz-outcome__when">
            {t('flavorFinder.takenOn', { date: dateFormat(locale, { dateStyle: 'long' }).format(new Date(shown.lastAt)) })}
          </p>
        )}
        <Suspense fallback={null}>
          <QuizResults store={store} locale={locale} results={shown.results} />
        </Suspense>
        <p className="quiz-outcome__actions">
          <button type="button" className="button button--secondary" onClick={again}>{t('flavorFinder.again')}</button>
        </p>
      </section>
    );
  }
  return (
    <>
      {failure && <p className="field__error quiz-page__failure" role="alert">{failure}</p>}
      <QuizForm quiz={quiz} busy={busy} initial={kept?.answers} onSubmit={(answers) => void take(answers)} />
    </>
  );
}
