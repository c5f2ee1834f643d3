import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/**
 * The address bar's hash. Plain `<a href="#/...">` links and the back button change it with a
 * `hashchange`; React Router links change it with `pushState`, which fires no event but re-renders
 * through `useLocation`. Empty on the server: the account app renders only in the browser.
 */
export function useLocationHash(): string {
  useLocation();
  return useSyncExternalStore(subscribe, readHash, () => '');
}

function readHash(): string {
  return window.location.hash;
}
