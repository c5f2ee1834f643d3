import { useTranslation } from '../i18n/react';
import type { Route } from './+types/flavor-finder';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { FlavorFinder } from '../components/quiz/flavor-finder';
import { apiTargetFrom, type ServerTarget } from '../lib/api/load-context';
import { fetchQuiz, FLAVOR_FINDER } from '../lib/api/quizzes.api';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'flavor-finder', section: 'discovery' } satisfies PageTracking,
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return pageMeta(loaderData?.quiz.title ?? t('flavorFinder.title'), loaderData?.quiz.intro ?? t('flavorFinder.metaDescription'));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadFlavorFinder(serverScope(context, params.store), apiTargetFrom(context));
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadFlavorFinder(browserScope(params.store));
}

/** The quiz's questions, in the store view's language, come with the page. */
async function loadFlavorFinder(scope: StoreScope, server?: ServerTarget) {
  const store = await requireStore(scope);
  const quiz = await fetchQuiz(store.store_code, FLAVOR_FINDER, server);
  if (!quiz) throw notFound();
  return { quiz };
}

/** flavor-finder: a few questions, then the blends that suit the answers with "Add to cart". */
export default function FlavorFinderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const { quiz } = loaderData;
  return (
    <div className="quiz-page">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(store.store_code) }, { label: quiz.title }]} />
      <h1>{quiz.title}</h1>
      <p className="quiz-page__lead">{quiz.intro}</p>
      <FlavorFinder store={store.store_code} locale={store.locale} quiz={quiz} />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
