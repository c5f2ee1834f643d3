import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/faq';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { listFaqTopics } from '../lib/api/content.api';
import { browserScope, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { paragraphs } from '../lib/text';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'faq-page', section: 'support' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return pageMeta(t('faq.title'), t('faq.metaDescription'));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadFaq(serverScope(context, params.store));
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadFaq(browserScope(params.store));
}

async function loadFaq(scope: StoreScope) {
  await requireStore(scope);
  return { topics: await listFaqTopics(scope.catalog) };
}

/** Questions grouped by topic; each answer is a native disclosure (keyboard and reader friendly). */
export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const location = useLocation();
  // A link to one answer (`#faq-12`, from the site search) opens it.
  const openId = location.hash.startsWith('#faq-') ? location.hash.slice(5) : null;
  return (
    <div className="faq">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(store.store_code) }, { label: t('faq.title') }]} />
      <h1>{t('faq.title')}</h1>
      <p className="faq__lead">{t('faq.lead')}</p>
      {loaderData.topics.length === 0 && <p>{t('faq.empty')}</p>}
      {loaderData.topics.map((topic, i) => (
        <section key={topic.topic} className="faq__topic" aria-labelledby={`faq-topic-${i}`}>
          <h2 id={`faq-topic-${i}`}>{t(`faq.topics.${topic.topic}`, { defaultValue: topicFallback(topic.topic) })}</h2>
          {topic.entries.map((entry) => (
            <details key={entry.id} id={`faq-${entry.id}`} className="faq__entry" open={openId === entry.id ? true : undefined}>
              <summary>{entry.question}</summary>
              <div className="faq__answer">
                {paragraphs(entry.answer).map((text, j) => <p key={j}>{text}</p>)}
              </div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}

/** A readable heading for a topic code the catalogue does not know yet (`age_verification` → `Age verification`). */
function topicFallback(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
