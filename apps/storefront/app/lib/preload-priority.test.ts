import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './preload-priority';

const HEAD = '<!DOCTYPE html><html lang="de-CH"><head><meta charSet="utf-8"/><title>Grüße · Ember</title>'
  + '<link rel="modulepreload" href="/assets/entry.client-a.js"/><link rel="modulepreload" href="/assets/framework-b.js" nonce="n"/>'
  + '<link rel="preload" href="/assets/de-c.json" as="fetch" crossorigin="anonymous"/></head>';
const BODY = '<body><p>Zum Inhalt – <code>&lt;link rel="modulepreload"</code> is text here.</p></body></html>';

async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(lowPriorityModulePreloads())) out.push(c as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('low-priority module preloads', () => {
  const whole = Buffer.from(HEAD + BODY, 'utf8');
  const expected = HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + BODY;

  it('marks every module preload of the head, and nothing else, however the document is cut', async () => {
    for (let at = 1; at < whole.length; at++) {
      expect(await run([whole.subarray(0, at), whole.subarray(at)]), `cut at ${at}`).toBe(expected);
    }
    expect(await run([...whole].map((b) => Buffer.from([b])))).toBe(expected);
  });
});
