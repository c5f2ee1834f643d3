import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalogue } from './i18n/i18n';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The first render must say what the server said: the page's catalogue (its language is the
// document's, its fetch started by the head's preload) comes first. Should it fail, the page
// hydrates all the same and keeps working, its words then as keys.
// With error reporting configured (the head's script says so), its SDK comes once the page has
// loaded (this module may run before or after that: it is loaded async).
if ('__emberReporting' in window) {
  const loadReporting = () => void import('./lib/error-reporting/browser');
  if (document.readyState === 'complete') loadReporting();
  else addEventListener('load', loadReporting);
}

loadCatalogue(document.documentElement.lang).then(hydrate, (error: unknown) => {
  console.error(error);
  hydrate();
});
