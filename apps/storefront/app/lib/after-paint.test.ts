import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { afterPaintScript } from './after-paint';
import { scriptsAfterPaint } from './after-paint.server';

const HEAD = '<!DOCTYPE html><html lang="de-CH"><head><meta charSet="utf-8"/><title>Grüße · Ember</title>'
  + '<link rel="modulepreload" href="/assets/entry.client-a.js"/><link rel="modulepreload" href="/assets/framework-b.js" nonce="n"/>'
  + '<link rel="icon" href="/favicon.svg"/></head>';
const BODY = '<body><p>Zum Inhalt – <code>&lt;script type="module"</code> is text here.</p>'
  + '<script>window.__reactRouterContext = {};</script><script type="module" async="">import * as route0 from "/assets/root-c.js";</script></body></html>';

async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(scriptsAfterPaint())) out.push(c as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('scripts after the first paint', () => {
  const expected = (html: string) => html
    .replaceAll('<link rel="modulepreload"', '<link data-after-paint="modulepreload"')
    .replace(/<script( nonce="[^"]*")? type="module"/, '<script$1 type="text/plain" data-after-paint="module"');

  // A cached page has no nonce; a page rendered for one request has one on every script.
  for (const [name, html] of <[string, string][]>[['a cached page', HEAD + BODY], ['a page with a nonce', HEAD + BODY.replace('<script type="module"', '<script nonce="9f/MajCgowWJJkCV1ZX1RA==" type="module"')]]) {
    it(`makes every module preload and the module script of ${name} inert, and nothing else, however the document is cut`, async () => {
      const whole = Buffer.from(html, 'utf8');
      expect(expected(html)).toContain('data-after-paint="module"');
      for (let at = 1; at < whole.length; at++) {
        expect(await run([whole.subarray(0, at), whole.subarray(at)]), `cut at ${at}`).toBe(expected(html));
      }
      expect(await run([...whole].map((b) => Buffer.from([b])))).toBe(expected(html));
    });
  }

  it('starts the catalogue given, the preloads and the module script, in a script that needs no escaping', () => {
    const script = afterPaintScript('/assets/de-x.json');
    expect(script).toContain('link("preload","/assets/de-x.json","fetch")');
    expect(script).toContain('img[fetchpriority="high"]');
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/<\/?script/i);
  });
});
