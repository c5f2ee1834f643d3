import { chromium } from 'playwright';
const base = 'http://127.0.0.1:3204';
const pages = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const spec of pages) {
  const [path, width, name, js] = spec.split('|');
  const ctx = await b.newContext({ viewport: { width: Number(width), height: Number(process.env.H ?? 900) }, javaScriptEnabled: js !== 'nojs' });
  const store = path.split('/')[1];
  await ctx.addCookies([{ name: 'ember_age_gate', value: store, url: base }]);
  const p = await ctx.newPage();
  await p.goto(base + path, { waitUntil: 'networkidle' });
  const sw = await p.evaluate(() => document.documentElement.scrollWidth);
  console.log(name, 'scrollWidth', sw, 'viewport', width);
  await p.screenshot({ path: `/tmp/catshots/${name}.png`, fullPage: !process.env.H });
  await ctx.close();
}
await b.close();
