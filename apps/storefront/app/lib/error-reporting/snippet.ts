import type { BrowserReportingConfig } from './report';

/**
 * The head's inline script when error reporting is configured (server only: entry.server puts it in
 * the document): it names the DSN and keeps the first failures (up to 20: uncaught errors, rejected
 * promises, the API clients' reports) until the SDK loads after the page (entry.client). The same
 * for every visitor, so a page kept for everyone may carry it. Nothing when no DSN is configured.
 */
export function reportingSnippet(config: BrowserReportingConfig | undefined, nonce: string | undefined): string {
  if (!config) return '';
  const json = JSON.stringify({ dsn: config.dsn, environment: config.environment, ...(config.release ? { release: config.release } : {}) }).replace(/</g, '\\u003c');
  const script =
    `(function(w){var q=[];w.__emberReporting=${json};w.__emberErrors=q;` +
    'function k(e){if(w.__emberErrors===q&&q.length<20)q.push(e)}' +
    'w.addEventListener("error",function(e){k(e.error||e.message)});' +
    'w.addEventListener("unhandledrejection",function(e){k(e.reason)})})(window)';
  return `<script${nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=]/g, '')}"` : ''}>${script}</script>`;
}
