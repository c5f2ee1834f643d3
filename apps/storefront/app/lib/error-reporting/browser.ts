import { captureException, dedupeIntegration, globalHandlersIntegration, init, linkedErrorsIntegration, withScope } from '@sentry/browser';
import { describeFailure, scrubBrowserEvent, type BrowserReportingConfig } from './report';

/**
 * The browser's error reporting, loaded after the page (entry.client) and only when the head says a
 * DSN is configured: the Sentry SDK is never part of a page's first scripts (docs/decisions/0071).
 */
type Queue = unknown[] | { push(error: unknown): unknown };
const w = window as unknown as { __emberReporting?: BrowserReportingConfig; __emberErrors?: Queue };

function report(error: unknown): void {
  const { send, tags, contexts } = describeFailure(error);
  if (!send) return;
  withScope((scope) => {
    scope.setTags(tags);
    for (const [name, context] of Object.entries(contexts)) scope.setContext(name, context);
    captureException(error);
  });
}

const config = w.__emberReporting;
if (config) {
  init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    defaultIntegrations: false,
    // From now on the SDK's own handlers catch what is not caught.
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend: (event) => scrubBrowserEvent(event),
  });
  // What failed before the SDK was here, then every failure as it comes.
  const early = Array.isArray(w.__emberErrors) ? w.__emberErrors : [];
  w.__emberErrors = { push: report };
  for (const error of early) report(error);
}
