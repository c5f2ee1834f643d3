import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLogController, isStaticAssetRequest } from './access-log.js';

describe('isStaticAssetRequest', () => {
  it('names build assets, media and root files as static', () => {
    for (const url of ['/assets/entry.client-B2KiKG3L.js', '/assets/styles-DUOt3QCP.css?v=1', '/media/devices/one.svg', '/favicon.svg', '/robots.txt']) {
      expect(isStaticAssetRequest(url), url).toBe(true);
    }
  });

  it('keeps pages, APIs and probes out', () => {
    for (const url of ['/gb/', '/gb/p/ember-one', '/graphql?query=%7B%7D', '/account/users/authentication', '/readyz', '/__manifest?paths=%2Fgb', '/gb/assets/x.js', '/openapi.json']) {
      expect(isStaticAssetRequest(url), url).toBe(false);
    }
  });
});

/** An app logging at `level` into memory, with one static-looking route and one page route. */
async function loggedApp(level: string) {
  const lines: Array<{ level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new AccessLogController() });
  app.get('/assets/app.js', async () => 'console.log(1)');
  app.get('/gb/', async () => '<html></html>');
  app.get('/assets/broken.js', async () => {
    throw new Error('disk gone');
  });
  await app.ready();
  return { app, lines };
}

describe('the access log', () => {
  it('writes no line for a static asset at info but keeps a page request and an asset failure', async () => {
    const { app, lines } = await loggedApp('info');
    await app.inject({ url: '/assets/app.js' });
    await app.inject({ url: '/gb/' });
    await app.inject({ url: '/assets/broken.js' });
    await app.close();
    const requestLines = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
    expect(requestLines).toEqual(['/gb/']);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
    expect(lines.some((l) => l.level >= 50 && l.res?.statusCode === 500)).toBe(true);
  });

  it('writes static asset requests at debug', async () => {
    const { app, lines } = await loggedApp('debug');
    await app.inject({ url: '/assets/app.js' });
    await app.close();
    const assetLines = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
    expect(assetLines).toHaveLength(2);
    expect(assetLines.every((l) => l.level === 20)).toBe(true);
  });
});
