import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLogController, isStaticAssetRequest, logHooks, logSerializers, redactUrl } from './access-log.js';
import { frameworkErrorHandler } from './edge.js';

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

describe('redaction in the request log', () => {
  it('replaces reset tokens, e-mail addresses, phone numbers and secret-named query values, and keeps the rest', () => {
    const token = 'Qx3vG9kLm2Rt7Yp1Zs5Wc8Nb4Hd6Jf0AeUoIiKlPq';
    expect(redactUrl(`/account-legacy/password/change/${token}`)).toBe('/account-legacy/password/change/[redacted]');
    expect(redactUrl('/account/users/verify/ada.lovelace%40example.com')).toBe('/account/users/verify/[redacted]');
    expect(redactUrl('/account/users/verify/ada@example.com?x=1')).toBe('/account/users/verify/[redacted]?x=1');
    expect(redactUrl('/gb/reset-password?token=abc&returnTo=%2Fgb%2F')).toBe('/gb/reset-password?token=[redacted]&returnTo=%2Fgb%2F');
    expect(redactUrl('/dev/mailbox/messages?recipient=%2B447911123456')).toBe('/dev/mailbox/messages?recipient=[redacted]');
    expect(redactUrl('/x?q=%2B44%207911%20123456')).toBe('/x?q=[redacted]');
    expect(redactUrl('/account/users/1f0c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/profile')).toBe('/account/users/1f0c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/profile');
    expect(redactUrl('/gb/p/ember-one-starter-kit-copper-edition?color=sage')).toBe('/gb/p/ember-one-starter-kit-copper-edition?color=sage');
    expect(redactUrl('/graphql?query=%7BstoreConfig%7Bcode%7D%7D')).toBe('/graphql?query=%7BstoreConfig%7Bcode%7D%7D');
  });

  it('replaces route parameters by their name, whatever their value looks like', () => {
    expect(redactUrl('/profile/verify/123456', '/profile/verify/:code')).toBe('/profile/verify/[redacted]');
    expect(redactUrl('/api/loyalty/orders/000000012', '/api/loyalty/orders/:order_id')).toBe('/api/loyalty/orders/000000012');
  });

  it('writes no token or e-mail address into any line of a request that fails', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: logSerializers, hooks: logHooks }, logController: new AccessLogController() });
    app.get('/password/change/:token', async (request) => {
      throw new Error(`no reset for ${(request.params as { token: string }).token} of ada@example.com`);
    });
    await app.ready();
    const token = 'Qx3vG9kLm2Rt7Yp1Zs5Wc8Nb4Hd6Jf0AeUoIiKlPq';
    const res = await app.inject({ url: `/password/change/${token}?email=ada%40example.com` });
    await app.close();
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('/password/change/[redacted]?email=[redacted]');
    expect(log).toContain('"level":50');
    expect(log).not.toContain(token);
    expect(log).not.toMatch(/ada(@|%40)example/);
  });

  it('logs a URL Fastify refuses before routing with its secrets redacted, and answers it in the shop\'s shape', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: logSerializers, hooks: logHooks }, logController: new AccessLogController(), frameworkErrors: frameworkErrorHandler });
    app.get('/users/verify/:email', async () => 'ok');
    await app.ready();
    const res = await app.inject({ url: '/users/verify/ada%40example.com%ff' });
    await app.close();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const log = lines.join('');
    expect(log).toContain('/users/verify/[redacted]');
    expect(log).not.toMatch(/ada(@|%40)example/);
  });
});
