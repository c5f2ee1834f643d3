import { chromium } from 'playwright';
const base = 'http://127.0.0.1:3204';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [path, width, name] of [['/gb/shop?flavour=amber&sort=newest', 1280, 'filters-open-gb'], ['/de/shop/devices', 390, 'filters-open-de-390']]) {
  const ctx = await b.newContext({ viewport: { width, height: 1100 } });
  await ctx.addCookies([{ name: 'ember_age_gate', value: path.split('/')[1], url: base }]);
  const p = await ctx.newPage();
  await p.goto(base + path, { waitUntil: 'networkidle' });
  await p.locator('.listing-filters__panel > summary').click();
  console.log(name, await p.evaluate(() => document.documentElement.scrollWidth));
  await p.screenshot({ path: `/tmp/catshots/${name}.png` });
  await ctx.close();
}
await b.close();
