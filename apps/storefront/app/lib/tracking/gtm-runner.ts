import { hasConsent } from './consent';
import { pushToDataLayer } from './consent-mode';

/*
 * The tracking instance (spec §4, §8, §9). The page tracker creates it once the customer's data and,
 * where loyalty is on, their points have loaded; it pushes the page's `on_load` once the country
 * lookup settled. Events fired by the page (add to cart, a tile's click, the checkout's steps) wait
 * for it and go out 500 ms after.
 */

export const GTM_POLL_INTERVAL_MS = 500;
export const GTM_WAIT_TIMEOUT_MS = 15_000;
export const CUSTOM_EVENT_DELAY_MS = 500;
export const GTM_UNAVAILABLE = 'GTM instance is unavailable';
export const GTM_INSTANCE_MISSING = 'The instance for GTMEVARunner is not available';

export class GTMEVARunner {
  /** Whether the current page's `on_load` went out: custom events follow it, never precede it. */
  loaded = false;

  constructor(readonly userId: string | null) {}

  /** The page view, pushed when the country lookup has settled (answered or failed). */
  async pageView(country: Promise<string | null>, entry: (country: string | null) => Record<string, unknown>): Promise<void> {
    this.loaded = false;
    const code = await country.catch(() => null);
    pushToDataLayer(entry(code));
    this.loaded = true;
  }

  /** A custom event, CUSTOM_EVENT_DELAY_MS after it was asked for. */
  dispatch(entries: Record<string, unknown>[]): void {
    setTimeout(() => entries.forEach((e) => pushToDataLayer(e)), CUSTOM_EVENT_DELAY_MS);
  }
}

let instance: GTMEVARunner | null = null;

/** Creates the instance for a visitor (or keeps it for the same one). */
export function createGtmRunner(userId: string | null): GTMEVARunner {
  if (instance?.userId !== userId) instance = new GTMEVARunner(userId);
  return instance;
}

/** For tests and sign-out: no instance until the tracker makes one again. */
export function dropGtmRunner(): void {
  instance = null;
}

/** The instance, or null with the spec's message when it does not exist yet. */
export function gtmRunner(): GTMEVARunner | null {
  if (!instance) console.warn(GTM_INSTANCE_MISSING);
  return instance;
}

/** Resolves with the instance once it exists and its page view went out; polls, and gives up after the time-out. */
export function waitForGtmRunner(timeoutMs = GTM_WAIT_TIMEOUT_MS): Promise<GTMEVARunner> {
  return new Promise((resolve, reject) => {
    let waited = 0;
    const poll = () => {
      if (instance?.loaded) resolve(instance);
      else if (waited >= timeoutMs) reject(new Error(GTM_UNAVAILABLE));
      else {
        waited += GTM_POLL_INTERVAL_MS;
        setTimeout(poll, GTM_POLL_INTERVAL_MS);
      }
    };
    poll();
  });
}

/** Sends entries through the instance; nothing at all without the visitor's analytics consent. */
export function dispatchCustomEvent(...entries: Record<string, unknown>[]): void {
  if (!hasConsent('analytics')) return;
  if (instance?.loaded) return instance.dispatch(entries);
  if (!instance) gtmRunner();
  waitForGtmRunner().then((r) => r.dispatch(entries), (error: Error) => console.warn(error.message));
}
