import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../platform/html.js';
import { renderMailboxPage } from './messaging.mailbox.js';
import { isDeliveryWorkerEnabled, isDevMailboxEnabled } from './messaging.routes.js';
import { MessagingService, retryDelaySeconds } from './messaging.service.js';
import { SmtpEmailSender, type EmailMessage, type SmtpMail } from './messaging.senders.js';
import type { Reader, Tx } from '../../platform/db.js';
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
    id: '1', channel: 'email', recipient: 'a@example.com', subject: 'Hi', body: 'Body', template: 'verification_code', language: 'en', headers: null,
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

describe('extra e-mail headers (List-Unsubscribe, RFC 8058)', () => {
  const ONE_CLICK = { 'List-Unsubscribe': '<https://shop.example/gb/unsubscribe/abc.def>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  const params = { market: 'United Kingdom', unsubscribe_link: 'https://shop.example/gb/unsubscribe/abc.def' };
  /** A transaction that only collects deferred writes. */
  const collecting = () => {
    const writes: unknown[][] = [];
    return { tx: { defer: (_sql: string, values?: unknown[]) => writes.push(values ?? []) } as unknown as Tx, writes };
  };
  const service = (email: { send(m: EmailMessage): Promise<void> } | null = null, db: Reader = {} as Reader) =>
    new MessagingService(db, { email, sms: null, redactSecretsAfterSend: false });

  it('are written with the outbox row as JSON', () => {
    const { tx, writes } = collecting();
    service().queue(tx, { channel: 'email', recipient: 'a@example.com', template: 'newsletter_welcome', params, headers: ONE_CLICK });
    expect(JSON.parse(writes[0]!.at(-1) as string)).toEqual(ONE_CLICK);
    service().queue(tx, { channel: 'email', recipient: 'a@example.com', template: 'newsletter_welcome', params });
    expect(writes[1]!.at(-1)).toBeNull();
  });

  it('refuse any other header, a line break in a value (header injection) and headers on an SMS', () => {
    const { tx, writes } = collecting();
    const queue = (headers: Record<string, string>, channel: 'email' | 'sms' = 'email') =>
      service().queue(tx, { channel, recipient: channel === 'email' ? 'a@example.com' : '+441234567890', template: 'newsletter_welcome', params, headers });
    expect(() => queue({ Bcc: 'x@example.com' })).toThrow(/Bcc/);
    expect(() => queue({ 'List-Unsubscribe': '<https://a.example/x>\r\nBcc: x@example.com' })).toThrow(/List-Unsubscribe/);
    expect(() => queue({ 'List-Unsubscribe-Post': '' })).toThrow(/List-Unsubscribe-Post/);
    expect(() => queue(ONE_CLICK, 'sms')).toThrow(/e-mails/);
    expect(writes).toHaveLength(0);
  });

  it('reach the e-mail sender from a claimed outbox row', async () => {
    const row = { id: '7', channel: 'email', recipient: 'a@example.com', subject: 'Welcome', body: 'Hello', template: 'newsletter_welcome', language: 'en', headers: ONE_CLICK,
      created_at: new Date(), sent_at: null, failed_at: null, attempts: 0, last_error: null };
    const db = { query: async (sql: string) => (sql.includes('RETURNING') ? { rows: [row], rowCount: 1 } : { rows: [], rowCount: 1 }) } as unknown as Reader;
    const sent: EmailMessage[] = [];
    const report = await service({ send: async (m) => void sent.push(m) }, db).deliverPending();
    expect(report).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(sent).toEqual([{ to: 'a@example.com', subject: 'Welcome', text: 'Hello', headers: ONE_CLICK }]);
  });

  it('are handed to nodemailer by the SMTP sender, and none when a message has none', async () => {
    const mails: SmtpMail[] = [];
    const sender = new SmtpEmailSender('smtp://mail.example', 'Ember <news@ember.example>', () => ({ sendMail: async (m) => mails.push(m), close: () => undefined }));
    await sender.send({ to: 'a@example.com', subject: 'Welcome', text: 'Hello', headers: ONE_CLICK });
    await sender.send({ to: 'b@example.com', subject: 'Code', text: '123456' });
    expect(mails[0]).toEqual({ from: 'Ember <news@ember.example>', to: 'a@example.com', subject: 'Welcome', text: 'Hello', headers: ONE_CLICK });
    expect(mails[1]).not.toHaveProperty('headers');
  });
});
