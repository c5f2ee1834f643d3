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
loadCatalogue(document.documentElement.lang).then(hydrate, (error: unknown) => {
  console.error(error);
  hydrate();
});
