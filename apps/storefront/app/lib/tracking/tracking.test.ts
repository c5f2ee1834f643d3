import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_CHANGE_EVENT, CONSENT_VERSION, hasConsent, parseConsent } from './consent';
import { consentModeState, ensureConsentDefault, pushToDataLayer, resetConsentDefault } from './consent-mode';
import { ACCEPT_ALL, consentCookie, consentValue, REJECT_ALL, storeConsent } from './consent-choice';
import { pushEcommerceEvent, selectItemEvent, viewItemListEvent } from './data-layer';
import {
  createGtmRunner, CUSTOM_EVENT_DELAY_MS, dispatchCustomEvent, dropGtmRunner, GTM_INSTANCE_MISSING, GTM_POLL_INTERVAL_MS, GTM_UNAVAILABLE,
  GTM_WAIT_TIMEOUT_MS, gtmRunner, waitForGtmRunner,
} from './gtm-runner';
import { onLoadEvent } from './page-view';
import type { ProductSummary } from '../api/catalog.api';
import type { StoreView } from '../api/store.api';

type Entry = Record<string, unknown>;

/** A browser as far as tracking sees one: a cookie jar of one cookie, the data layer, events. */
function fakeBrowser(cookie = '') {
  const events: string[] = [];
  const win = {
    dataLayer: [] as Entry[],
    location: { protocol: 'https:' },
    dispatchEvent: (e: Event) => events.push(e.type),
  };
  const doc = { cookie };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  return { win, doc, events };
}

/** Consent Mode commands are `arguments` objects: read as plain arrays. */
const asCommand = (entry: Entry) => Array.from(entry as unknown as ArrayLike<unknown>);
const isCommand = (entry: Entry) => Object.prototype.toString.call(entry) === '[object Arguments]';

const store = { store_code: 'gb', default_country: 'GB', language: 'en', is_trial_store: false } as StoreView;

const product = {
  sku: 'EMBER-ONE', name: 'Ember One', product_kind: 'device',
  price_range: { minimum_price: { final_price: { value: 49, currency: 'GBP' } } },
} as unknown as ProductSummary;

beforeEach(() => {
  resetConsentDefault();
  dropGtmRunner();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the consent cookie', () => {
  it('reads the version and the accepted groups, and treats another version as no choice', () => {
    expect(CONSENT_VERSION).toBe(1);
    expect(parseConsent('a=1; ember_consent=1.fam')).toEqual({ functional: true, analytics: true, marketing: true });
    expect(parseConsent('ember_consent=1.a')).toEqual({ functional: false, analytics: true, marketing: false });
    expect(parseConsent('ember_consent=1.')).toEqual(REJECT_ALL);
    expect(parseConsent('ember_consent=0.fam')).toBeNull();
    expect(parseConsent('other_ember_consent=1.fam')).toBeNull();
    expect(parseConsent('')).toBeNull();
  });

  it('writes what it reads, first-party, for half a year', () => {
    expect(consentValue(ACCEPT_ALL)).toBe('1.fam');
    expect(consentValue(REJECT_ALL)).toBe('1.');
    expect(parseConsent(`ember_consent=${consentValue({ functional: true, analytics: false, marketing: true })}`)).toEqual({ functional: true, analytics: false, marketing: true });
    expect(consentCookie(ACCEPT_ALL, true)).toBe('ember_consent=1.fam; Path=/; Max-Age=15724800; SameSite=Lax; Secure');
  });

  it('maps the groups onto Consent Mode v2: everything optional denied by default, security always granted', () => {
    expect(consentModeState(null)).toEqual({
      ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied',
      functionality_storage: 'denied', personalization_storage: 'denied', security_storage: 'granted',
    });
    expect(consentModeState({ functional: true, analytics: true, marketing: false })).toMatchObject({
      analytics_storage: 'granted', functionality_storage: 'granted', personalization_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied',
    });
    expect(consentModeState(ACCEPT_ALL).ad_personalization).toBe('granted');
  });
});

describe('consent gating of the data layer', () => {
  it('pushes consent default first and nothing else without a choice', () => {
    const { win } = fakeBrowser();
    pushToDataLayer({ event: 'on_load' });
    pushToDataLayer({ ecommerce: null });
    expect(win.dataLayer).toHaveLength(1);
    expect(isCommand(win.dataLayer[0]!)).toBe(true);
    expect(asCommand(win.dataLayer[0]!)).toEqual(['consent', 'default', consentModeState(null)]);
  });

  it('after "reject all" pushes only consent commands', () => {
    const { win } = fakeBrowser('ember_consent=1.');
    pushToDataLayer({ event: 'on_load' });
    expect(win.dataLayer.every(isCommand)).toBe(true);
    expect(win.dataLayer.map((e) => asCommand(e).slice(0, 2))).toEqual([['consent', 'default'], ['consent', 'update']]);
    expect(hasConsent('analytics')).toBe(false);
  });

  it('with analytics accepted pushes the stored choice as consent update, then the entries', () => {
    const { win } = fakeBrowser('ember_consent=1.a');
    pushToDataLayer({ event: 'on_load' });
    expect(asCommand(win.dataLayer[1]!)).toEqual(['consent', 'update', consentModeState({ functional: false, analytics: true, marketing: false })]);
    expect(win.dataLayer[2]).toEqual({ event: 'on_load' });
  });

  it('a choice made on the page is stored, sent as consent update and announced to the tracker', () => {
    const { win, doc, events } = fakeBrowser();
    ensureConsentDefault();
    storeConsent({ functional: false, analytics: true, marketing: false });
    expect(doc.cookie).toMatch(/^ember_consent=1\.a; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
    expect(asCommand(win.dataLayer[1]!)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' })]);
    expect(events).toEqual([CONSENT_CHANGE_EVENT]);
  });

  it('sends no e-commerce event without analytics consent, not even later', async () => {
    vi.useFakeTimers();
    const { win } = fakeBrowser('ember_consent=1.fm');
    await createGtmRunner(null).pageView(Promise.resolve('GB'), () => ({ event: 'on_load' }));
    pushEcommerceEvent(viewItemListEvent('all', 'All', [product]));
    await vi.advanceTimersByTimeAsync(GTM_WAIT_TIMEOUT_MS + CUSTOM_EVENT_DELAY_MS);
    expect(win.dataLayer.every(isCommand)).toBe(true);
  });
});

describe('the GTM runner (spec §4, §8, §9)', () => {
  it('uses the spec’s numbers and messages', () => {
    expect([GTM_POLL_INTERVAL_MS, GTM_WAIT_TIMEOUT_MS, CUSTOM_EVENT_DELAY_MS]).toEqual([500, 15_000, 500]);
    expect(GTM_UNAVAILABLE).toBe('GTM instance is unavailable');
    expect(GTM_INSTANCE_MISSING).toBe('The instance for GTMEVARunner is not available');
  });

  it('logs that the instance is not available when asked before it exists', () => {
    fakeBrowser('ember_consent=1.a');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(gtmRunner()).toBeNull();
    expect(warn).toHaveBeenCalledWith('The instance for GTMEVARunner is not available');
    createGtmRunner(null);
    warn.mockClear();
    expect(gtmRunner()).not.toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('waiting polls every 500 ms and fails after 15,000 ms with "GTM instance is unavailable"', async () => {
    vi.useFakeTimers();
    fakeBrowser('ember_consent=1.a');
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const waiting = waitForGtmRunner();
    const outcome = waiting.then(() => 'resolved', (error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('GTM instance is unavailable');
    expect(timeout.mock.calls.every(([, ms]) => ms === 500)).toBe(true);
    expect(timeout).toHaveBeenCalledTimes(30);
  });

  it('waiting resolves at the first poll after the page view went out', async () => {
    vi.useFakeTimers();
    fakeBrowser('ember_consent=1.a');
    let resolved = false;
    void waitForGtmRunner().then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(1_200);
    await createGtmRunner(null).pageView(Promise.resolve(null), () => ({ event: 'on_load' }));
    await vi.advanceTimersByTimeAsync(299);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });

  it('pushes on_load only once the country lookup settled, answered or failed', async () => {
    const { win } = fakeBrowser('ember_consent=1.a');
    let answer!: (code: string | null) => void;
    const runner = createGtmRunner(null);
    const view = runner.pageView(new Promise((r) => (answer = r)), (country) => onLoadEvent('home-page', 'home', store, null, country));
    await Promise.resolve();
    expect(win.dataLayer.filter((e) => e.event === 'on_load')).toEqual([]);
    expect(runner.loaded).toBe(false);
    answer('DE');
    await view;
    expect(win.dataLayer.find((e) => e.event === 'on_load')).toMatchObject({ template_name: 'home-page', user_country: 'DE' });
    await createGtmRunner(null).pageView(Promise.reject(new Error('offline')), (country) => onLoadEvent('faq-page', 'faq', store, null, country));
    expect(win.dataLayer.filter((e) => e.event === 'on_load').at(-1)).toMatchObject({ template_name: 'faq-page', user_country: 'GB' });
  });

  it('dispatches custom events 500 ms after they are asked for, and never before on_load', async () => {
    vi.useFakeTimers();
    const { win } = fakeBrowser('ember_consent=1.a');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    dispatchCustomEvent({ event: 'early' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(win.dataLayer.some((e) => e.event === 'early')).toBe(false);
    await createGtmRunner(null).pageView(Promise.resolve('GB'), () => ({ event: 'on_load' }));
    // The waiting poll sees the instance at its next 500 ms tick, then the 500 ms delay.
    await vi.advanceTimersByTimeAsync(500 + 499);
    expect(win.dataLayer.some((e) => e.event === 'early')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(win.dataLayer.map((e) => e.event).filter(Boolean)).toEqual(['on_load', 'early']);

    pushEcommerceEvent(selectItemEvent(product, 'all', 'All products', 3));
    await vi.advanceTimersByTimeAsync(499);
    expect(win.dataLayer.some((e) => e.event === 'select_item')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const last = win.dataLayer.slice(-2);
    expect(last[0]).toEqual({ ecommerce: null });
    expect(last[1]).toMatchObject({ event: 'select_item', ecommerce: { item_list_id: 'all', items: [{ item_id: 'EMBER-ONE', index: 3, item_list_name: 'All products' }] } });
  });

  it('a new visitor (signing in) gets a new instance, the same one keeps it', () => {
    const first = createGtmRunner(null);
    expect(createGtmRunner(null)).toBe(first);
    expect(createGtmRunner('3f1c2a9e-8d4b-4c1a-9a7e-2b6f0c1d5e4f')).not.toBe(first);
  });
});

describe('personal data in page views', () => {
  it('carries a user id only when it is a uuid', () => {
    const uuid = '3f1c2a9e-8d4b-4c1a-9a7e-2b6f0c1d5e4f';
    expect(onLoadEvent('home-page', 'home', store, { uuid })).toMatchObject({ user_id: uuid });
    expect(onLoadEvent('home-page', 'home', store, { uuid: 'jane@example.com' })).not.toHaveProperty('user_id');
  });
});
