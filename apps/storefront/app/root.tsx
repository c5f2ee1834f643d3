import { QueryClientProvider } from './lib/api/query';
import { useState } from 'react';
import { TranslationProvider } from './i18n/react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { RouteError } from './components/common/route-error';
import { CATALOGUE_URLS, i18nFor, toLanguage } from './i18n/i18n';
import { AGE_GATE_SCRIPT } from './lib/age-verification/age-gate';
import { InlineStylesheet } from './lib/document-styles';
import { createQueryClient, getBrowserQueryClient } from './lib/api/query-client';
import { FALLBACK_TAG, languageTag } from './lib/locale';
import { useNonce } from './lib/nonce';
import { useOptionalStoreLayout } from './lib/store-layout-data';

// The stylesheet is in the document itself (InlineStylesheet), not a link: see docs/decisions/0043.
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/** The document: language from the store view's locale (English outside one), catalogue for that language. */
export function Layout({ children }: { children: React.ReactNode }) {
  const store = useOptionalStoreLayout()?.store;
  const language = toLanguage(store?.language);
  const nonce = useNonce();
  return (
    // The head's script may mark the document for the age gate before React hydrates it.
    <html lang={store ? languageTag(store.locale) : FALLBACK_TAG} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        <Meta />
        <InlineStylesheet />
        {/* The page's catalogue, fetched with the scripts instead of after them (entry.client waits
            for it), at their low priority: nothing hydration needs goes before the first paint's. */}
        <link rel="preload" href={CATALOGUE_URLS[language]} as="fetch" crossOrigin="anonymous" fetchPriority="low" />
        {store && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: AGE_GATE_SCRIPT }} />}
        <Links />
      </head>
      <body>
        <TranslationProvider translator={i18nFor(language)}>{children}</TranslationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // The server renders each request with its own cache; the browser keeps one for the session.
  const [queryClient] = useState(() => (typeof window === 'undefined' ? createQueryClient({ forServer: true }) : getBrowserQueryClient()));
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="page page--bare">
      <RouteError error={error} />
    </main>
  );
}
