import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { ADMIN_TOKEN, messages, storeFacts, waitForPageView } from './support/shop';

/**
 * Location by IP (docs/decisions/0065) and the platform configuration's flags (0066) as a visitor
 * sees them. Every journey comes from 127.0.0.1, which no country owns, so the browser's
 * `/api/location` is answered here with the server's own country record; the server's suite covers
 * the address lookup itself.
 */

interface LocationCountry {
  iso_code: string;
  name: string;
  suggested_store_code: string | null;
}

/** The directory's record of a country, named in the language of the store view asked from. */
async function countryFacts(page: Page, code: string, store: string): Promise<LocationCountry> {
  const response = await page.request.get(`/api/location/countries/${code}`, { headers: { Store: store } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as LocationCountry;
}

/** Answers the page's `/api/location` as if the visitor were in `country`; counts how often it was asked. */
async function visitorFrom(page: Page, country: LocationCountry): Promise<{ asked: () => number }> {
  let asked = 0;
  await page.route('**/api/location', async (route) => {
    asked += 1;
    await route.fulfill({ json: { country_code: country.iso_code, country, source: 'offline' } });
  });
  return { asked: () => asked };
}

/** Waits until the page has kept the location answer (the suggestion is decided from then on). */
async function answerKept(page: Page): Promise<void> {
  await page.waitForFunction(() => window.localStorage.getItem('ember.marketSuggestion') !== null);
}

/** A message with its parameters filled in, as the storefront's i18n does. */
function filled(template: string, params: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

test.describe('market suggestion', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a visitor from Germany on the British shop is offered the same page in the German shop once', async ({ page }, testInfo) => {
    const t = messages('en');
    const germany = await countryFacts(page, 'DE', 'gb');
    expect(germany.suggested_store_code).toBe('de');
    const shop = (await storeFacts(page.request, 'de')).store_name;
    const location = await visitorFrom(page, germany);

    await page.goto('/gb/faq');
    await waitForPageView(page);
    const bar = page.getByRole('complementary', { name: t('location.label') });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(filled(t('location.suggestion'), { country: germany.name, shop }));
    await expect(bar.getByRole('link', { name: filled(t('location.go'), { shop }) })).toHaveAttribute('href', '/de/faq');

    await expectNoSeriousViolations(page, 'the market suggestion');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    const box = (await bar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('market-suggestion-390.png') });

    // Dismissed: gone, on the next page and after a reload, without asking again.
    await bar.getByRole('button', { name: t('location.dismiss') }).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await waitForPageView(page);
    await page.goto('/gb/');
    await waitForPageView(page);
    await expect(bar).toHaveCount(0);
    expect(location.asked()).toBe(1);
  });

  test('following the suggestion opens the same page in the German shop, where it is not offered again', async ({ page }) => {
    const t = messages('en');
    const germany = await countryFacts(page, 'DE', 'gb');
    const shop = (await storeFacts(page.request, 'de')).store_name;
    const location = await visitorFrom(page, germany);

    await page.goto('/gb/faq');
    await waitForPageView(page);
    await page.getByRole('complementary', { name: t('location.label') }).getByRole('link', { name: filled(t('location.go'), { shop }) }).click();
    await expect(page).toHaveURL(/\/de\/faq$/);
    await expect(page.getByRole('complementary', { name: messages('de')('location.label') })).toHaveCount(0);

    // The British page again, after a reload: the suggestion was taken, so it stays away.
    await page.goto('/gb/faq');
    await waitForPageView(page);
    await expect(page.getByRole('complementary', { name: t('location.label') })).toHaveCount(0);
    expect(location.asked()).toBe(1);
  });

  test("a visitor from the market's own country is offered nothing", async ({ page }) => {
    const t = messages('en');
    const britain = await countryFacts(page, 'GB', 'gb');
    expect(britain.suggested_store_code).toBe('gb');
    const location = await visitorFrom(page, britain);

    await page.goto('/gb/faq');
    await waitForPageView(page);
    await answerKept(page);
    await expect(page.getByRole('complementary', { name: t('location.label') })).toHaveCount(0);
    expect(location.asked()).toBe(1);
  });
});

/**
 * An operator turns the trial store view's store locator off: the footer's link to it goes once the
 * change has reached the page (the change announcement drops the cached pages), and comes back when
 * it is turned on again. Nothing else reads this setting of this store view: the server's suites
 * change other settings, and the store locator's journeys open the page by its address.
 */
test("an operator's platform configuration change hides the footer's store locator link", async ({ page }) => {
  test.setTimeout(90_000);
  const store = 'gb_trial';
  const t = messages('en');
  const link = page.getByRole('contentinfo').getByRole('link', { name: t('storeLocator.title') });
  const put = async (on: boolean) => {
    const response = await page.request.put(`/admin/platform/configuration/${store}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { operator: 'location journey', settings: { store_locator_enabled: on } },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  /** Reloads until the server-rendered page has (or no longer has) the link. */
  const reloadUntil = async (shown: boolean) => {
    await expect(async () => {
      await page.reload();
      await waitForPageView(page);
      await expect(link).toHaveCount(shown ? 1 : 0, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  };

  const before = await page.request.get('/api/platform/configuration', { headers: { Store: store } });
  const original = ((await before.json()) as { settings: { store_locator_enabled: boolean } }).settings.store_locator_enabled;
  expect(original).toBe(true);

  await page.goto(`/${store}/`);
  await waitForPageView(page);
  await expect(link).toHaveAttribute('href', `/${store}/stores`);
  try {
    await put(false);
    await reloadUntil(false);
  } finally {
    await put(original);
  }
  await reloadUntil(true);
});
