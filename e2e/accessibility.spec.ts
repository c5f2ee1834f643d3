import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForPageView } from './support/shop';

const pages = ['/gb/', '/gb/shop', '/gb/p/ember-one', '/gb/faq', '/gb/flavor-finder', '/de/p/ember-one', '/gb/blog', '/de/blog/caring-for-your-ember-one', '/gb/contact', '/de/get-started'];

for (const path of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await waitForPageView(page);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(blocking).toEqual([]);
  });
}
