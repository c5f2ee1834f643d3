import { data, Link } from 'react-router';
import type { Route } from './+types/newsletter';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { NewsletterSignup } from '../components/newsletter/newsletter-signup';
import { useTranslation } from '../i18n/react';
import { apiTargetFrom } from '../lib/api/load-context';
import { MarketingApiError, subscribeNewsletter } from '../lib/api/marketing.api';
import { privatePageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'communication-preferences', section: 'newsletter' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFor(matches)('newsletter.pageTitle'));
}

// Nothing to load; the loader exists so the page counts as rendered for tracking.
export function loader() {
  return {};
}

export function clientLoader() {
  return {};
}

type Outcome = 'accepted' | 'email' | 'age' | 'consent' | 'tooMany' | 'failed';

/** Which field a refusal names (the service's `details.fields`). */
function refusedField(error: MarketingApiError): string | undefined {
  const fields = (error.details as { fields?: Record<string, unknown> } | undefined)?.fields;
  return fields ? Object.keys(fields)[0] : undefined;
}

function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof MarketingApiError)) return 'failed';
  if (error.code === 'RATE_LIMITED') return 'tooMany';
  if (error.code !== 'VALIDATION_FAILED') return 'failed';
  const field = refusedField(error);
  if (field === 'ageConfirmed') return 'age';
  if (field === 'consentVersion') return 'consent';
  return 'email';
}

/**
 * The footer's sign-up posts here (a plain HTML form, so it works without script): the sign-up goes
 * to the marketing service, and the page says what happens next. A new address and a subscribed one
 * get the same words (docs/decisions/0070).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const language = String(form.get('language') ?? '');
  const version = Number(form.get('consentVersion'));
  let outcome: Outcome;
  if (!email || email.length > 254) outcome = 'email';
  else if (form.get('ageConfirmed') !== 'yes') outcome = 'age';
  else {
    try {
      await subscribeNewsletter(params.store, {
        email, category: 'marketing', consents: ['email_marketing'], preferredLanguage: /^[a-z]{2}$/.test(language) ? language : 'en', ageConfirmed: true,
        ...(Number.isInteger(version) && version > 0 ? { consentVersion: version } : {}),
      }, apiTargetFrom(context));
      outcome = 'accepted';
    } catch (error) {
      outcome = outcomeOf(error);
    }
  }
  const status = outcome === 'accepted' ? 200 : outcome === 'tooMany' ? 429 : outcome === 'failed' ? 503 : 400;
  return data({ outcome }, { status });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const outcome = actionData?.outcome;
  return (
    <div className="auth-page newsletter-page">
      <h1>{t('newsletter.pageTitle')}</h1>
      {outcome === 'accepted' ? (
        <FormAlert tone="success" alert={{ key: 'newsletter.accepted' }} />
      ) : (
        <>
          <FormAlert alert={outcome ? { key: `newsletter.errors.${outcome}` } : null} />
          <p className="auth-page__lead">{t('newsletter.lead')}</p>
          <NewsletterSignup store={code} language={store.language} idPrefix="newsletter-page" />
        </>
      )}
      <p className="auth-page__links"><Link to={storePath(code, '/')}>{t('newsletter.toShop')}</Link></p>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
