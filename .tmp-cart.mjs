import { chromium } from 'playwright';
const base = 'http://127.0.0.1:3204';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [store, width] of [['de', 390], ['de', 1280]]) {
  const ctx = await b.newContext({ viewport: { width, height: 900 } });
  await ctx.addCookies([{ name: 'ember_age_gate', value: store, url: base }]);
  const p = await ctx.newPage();
  await p.goto(`${base}/${store}/p/ember-one-starter-kit`, { waitUntil: 'networkidle' });
  await p.getByRole('radio', { name: 'Ember One Kupfer' }).check();
  await p.getByRole('radio', { name: /Teak/ }).check();
  await p.getByRole('button', { name: 'In den Warenkorb' }).click();
  await p.waitForTimeout(1500);
  await p.screenshot({ path: `/tmp/catshots/added-${store}-${width}.png` });
  await p.goto(`${base}/${store}/cart`, { waitUntil: 'networkidle' });
  console.log('cart', width, await p.evaluate(() => document.documentElement.scrollWidth));
  await p.screenshot({ path: `/tmp/catshots/cart-${store}-${width}.png`, fullPage: true });
  await ctx.close();
}
await b.close();
