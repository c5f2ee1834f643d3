import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../platform/html.js';
import { renderMailboxPage } from './messaging.mailbox.js';
import { isDeliveryWorkerEnabled, isDevMailboxEnabled } from './messaging.routes.js';
import { retryDelaySeconds } from './messaging.service.js';
import type { OutboxRow } from './messaging.store.js';
import { isSecretTemplate, messageLanguage, renderTemplate } from './messaging.templates.js';
import { startIntervalWorker } from '../../platform/jobs.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('message templates', () => {
  it('render the code in English and German, with a subject for e-mail only', () => {
    const en = renderTemplate('verification_code', 'email', 'en', { code: '123456', minutes: 10 });
    const de = renderTemplate('verification_code', 'email', 'de', { code: '123456', minutes: 10 });
    const sms = renderTemplate('verification_code', 'sms', 'de', { code: '123456', minutes: 10 });
    expect(en).toMatchObject({ language: 'en', subject: 'Your Ember verification code', secret: true });
    expect(en.body).toContain('123456');
    expect(de.subject).toBe('Ihr Ember-Bestätigungscode');
    expect(de.body).toMatch(/123456.*\n[\s\S]*10 Minuten/);
    expect(sms.subject).toBeNull();
    expect(sms.body.length).toBeLessThanOrEqual(160);
  });

  it('fall back to English for languages without texts', () => {
    expect(messageLanguage('fr')).toBe('en');
    expect(messageLanguage(undefined)).toBe('en');
    expect(messageLanguage('de_CH')).toBe('de');
    expect(renderTemplate('password_reset', 'email', 'it', { link: 'https://shop.example/gb/reset' }).body).toContain('https://shop.example/gb/reset');
  });

  it('mark one-time codes as secret and unknown templates as not', () => {
    expect(isSecretTemplate('verification_code')).toBe(true);
    expect(isSecretTemplate('toString')).toBe(false);
    expect(isSecretTemplate('nope')).toBe(false);
  });
});

describe('delivery retries', () => {
  it('back off from 10 seconds, doubling, up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});

describe('dev mailbox', () => {
  const row = (over: Partial<OutboxRow>): OutboxRow => ({
    id: '1', channel: 'email', recipient: 'a@example.com', subject: 'Hi', body: 'Body', template: 'verification_code', language: 'en',
    created_at: new Date('2026-01-02T03:04:05Z'), sent_at: null, failed_at: null, attempts: 0, last_error: null, ...over,
  });

  it('escapes every stored value in the page', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = renderMailboxPage([row({ recipient: '<b>@x.y', subject: '<script>alert(1)</script>', body: 'a & b' })]);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;@x.y');
    expect(html).toContain('a &amp; b');
    expect(html).toContain('<time datetime="2026-01-02T03:04:05.000Z">2026-01-02 03:04:05 UTC</time>');
  });

  it('says so when there are no messages', () => {
    expect(renderMailboxPage([])).toContain('No messages yet.');
  });

  it('is served only in TEST store mode', () => {
    expect(isDevMailboxEnabled({ STORE_MODE: 'TEST' })).toBe(true);
    expect(isDevMailboxEnabled({ STORE_MODE: 'LIVE' })).toBe(false);
  });

  it('leaves delivery to the tests themselves under NODE_ENV=test', () => {
    expect(isDeliveryWorkerEnabled({ NODE_ENV: 'test' })).toBe(false);
    expect(isDeliveryWorkerEnabled({ NODE_ENV: 'production' })).toBe(true);
    expect(isDeliveryWorkerEnabled({ NODE_ENV: 'development' })).toBe(true);
  });
});

describe('delivery worker', () => {
  it('runs repeatedly, never two runs at once, and stops after the run in flight', async () => {
    let runs = 0;
    let active = 0;
    let maxActive = 0;
    let finished = 0;
    const worker = startIntervalWorker(
      async () => {
        runs++;
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(15);
        active--;
        finished++;
      },
      { intervalMs: 5, onError: () => undefined },
    );
    await sleep(120);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(maxActive).toBe(1);
    await worker.stop();
    expect(finished).toBe(runs);
    const after = runs;
    await sleep(60);
    expect(runs).toBe(after);
  });

  it('reports a failed run and keeps going', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const worker = startIntervalWorker(
      async () => {
        runs++;
        throw new Error('database away');
      },
      { intervalMs: 5, onError: (e) => errors.push(e) },
    );
    await sleep(60);
    await worker.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(errors.length).toBe(runs);
  });
});
