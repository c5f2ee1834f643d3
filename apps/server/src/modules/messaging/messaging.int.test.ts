import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../../test/test-app.js';
import type { EmailMessage, EmailSender, SmsMessage, SmsSender } from './messaging.senders.js';
import { createMessagingService, MessagingService, type MessagingOptions } from './messaging.service.js';
import { findMessagesFor, listRecentRows } from './messaging.store.js';
import { inTransaction } from '../../platform/transaction.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const newEmail = () => `reader+${randomUUID().slice(0, 8)}@example.com`;

interface OutboxState {
  sent_at: Date | null;
  failed_at: Date | null;
  attempts: number;
  last_error: string | null;
  body: string;
  due_in_s: number;
}

async function rowsFor(recipient: string): Promise<OutboxState[]> {
  const { rows } = await (await testDb()).query<OutboxState>(
    `SELECT sent_at, failed_at, attempts, last_error, body, extract(epoch FROM next_attempt_at - now())::float8 AS due_in_s
       FROM messaging_outbox WHERE recipient = $1 ORDER BY id`,
    [recipient],
  );
  return rows;
}

async function enqueueCode(recipient: string, channel: 'email' | 'sms' = 'email', code = '424242') {
  const db = await testDb();
  return inTransaction(db, (tx) => server.app.services.messaging.enqueue(tx, { channel, recipient, template: 'verification_code', language: 'en', params: { code, minutes: 10 } }));
}

/** Senders that record what they are handed; `failFor` makes deliveries to those recipients fail. */
function recordingSenders(failFor: string[] = [], delayMs = 0) {
  const seen: (EmailMessage | SmsMessage)[] = [];
  const send = async (m: EmailMessage | SmsMessage) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    seen.push(m);
    if (failFor.includes(m.to)) throw new Error('mailbox unavailable');
  };
  const email: EmailSender = { send };
  const sms: SmsSender = { send };
  return { email, sms, seen };
}

async function service(opts: Partial<MessagingOptions> & Pick<MessagingOptions, 'email' | 'sms'>) {
  return new MessagingService(await testDb(), { redactSecretsAfterSend: false, ...opts });
}

/**
 * Runs delivery until every row of the given recipients satisfies `done` (other tests' rows may be
 * due first: on PostgreSQL a suite renewing 1,000 subscriptions queues as many order e-mails).
 */
async function deliverUntil(svc: MessagingService, recipients: string[], done: (row: OutboxState) => boolean = (r) => Boolean(r.sent_at) || r.attempts > 0) {
  for (let i = 0; i < 500; i++) {
    await svc.deliverPending();
    const rows = (await Promise.all(recipients.map(rowsFor))).flat();
    if (rows.every(done)) return;
  }
  throw new Error('rows were not delivered');
}

describe('messaging: the outbox', () => {
  it('writes a message only when the enqueuing transaction commits', async () => {
    const db = await testDb();
    const rolledBack = newEmail();
    await expect(
      inTransaction(db, async (tx) => {
        await server.app.services.messaging.enqueue(tx, { channel: 'email', recipient: rolledBack, template: 'verification_code', params: { code: '111111', minutes: 10 } });
        throw new Error('the causing change failed');
      }),
    ).rejects.toThrow('the causing change failed');
    expect(await rowsFor(rolledBack)).toHaveLength(0);

    const committed = newEmail();
    await enqueueCode(committed);
    const [row] = await rowsFor(committed);
    expect(row).toMatchObject({ sent_at: null, attempts: 0 });
    expect(row!.body).toContain('424242');
  });

  it('delivers due e-mails and SMS through their senders and marks them sent', async () => {
    const email = newEmail();
    const phone = `+4479${String(Date.now()).slice(-8)}`;
    await enqueueCode(email, 'email', '100001');
    await enqueueCode(phone, 'sms', '100002');
    const senders = recordingSenders();
    await deliverUntil(await service(senders), [email, phone]);
    expect((await rowsFor(email))[0]!.sent_at).not.toBeNull();
    expect((await rowsFor(phone)).at(-1)!.sent_at).not.toBeNull();
    const mail = senders.seen.find((m) => m.to === email) as EmailMessage;
    expect(mail.subject).toBe('Your Ember verification code');
    expect(mail.text).toContain('100001');
    expect(senders.seen.find((m) => m.to === phone && m.text.includes('100002'))).toBeDefined();
  });

  it('counts a failed delivery, retries it after a backoff, and gives up after the last allowed attempt', async () => {
    const recipient = newEmail();
    const retried = newEmail();
    await enqueueCode(recipient);
    const failing = await service({ ...recordingSenders([recipient, retried]), maxAttempts: 2 });
    await deliverUntil(failing, [recipient]);
    let [row] = await rowsFor(recipient);
    expect(row).toMatchObject({ sent_at: null, failed_at: null, attempts: 1, last_error: 'mailbox unavailable' });
    expect(row!.due_in_s).toBeGreaterThan(5);

    // Not due yet: a second run leaves it alone; once due, the second failure is the last.
    await failing.deliverPending();
    expect((await rowsFor(recipient))[0]!.attempts).toBe(1);
    const db = await testDb();
    await db.query(`UPDATE messaging_outbox SET next_attempt_at = now() WHERE recipient = $1`, [recipient]);
    await failing.deliverPending();
    [row] = await rowsFor(recipient);
    expect(row).toMatchObject({ sent_at: null, attempts: 2 });
    expect(row!.failed_at).not.toBeNull();

    // A retry that succeeds marks the row sent and clears the error.
    await enqueueCode(retried);
    await deliverUntil(failing, [retried]);
    await db.query(`UPDATE messaging_outbox SET next_attempt_at = now() WHERE recipient = $1`, [retried]);
    await deliverUntil(await service(recordingSenders()), [retried], (r) => Boolean(r.sent_at));
    expect((await rowsFor(retried))[0]).toMatchObject({ attempts: 1, last_error: null, failed_at: null });
  });

  it('hands a message to only one of two senders running at once', async () => {
    const recipient = newEmail();
    await enqueueCode(recipient);
    const a = recordingSenders([], 50);
    const b = recordingSenders([], 50);
    await Promise.all([(await service(a)).deliverPending(), (await service(b)).deliverPending()]);
    await deliverUntil(await service(a), [recipient]);
    const handed = [...a.seen, ...b.seen].filter((m) => m.to === recipient);
    expect(handed).toHaveLength(1);
  });

  it('blanks the body of a delivered one-time code when secrets must not rest in the outbox', async () => {
    const recipient = newEmail();
    await enqueueCode(recipient, 'email', '777777');
    await deliverUntil(await service({ ...recordingSenders(), redactSecretsAfterSend: true }), [recipient]);
    const [row] = await rowsFor(recipient);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.body).toBe('');
  });

  it('leaves messages waiting in the outbox in LIVE mode without providers', async () => {
    const live = createMessagingService(await testDb(), { STORE_MODE: 'LIVE', MAIL_FROM: 'Ember <no-reply@ember.example>' });
    const recipient = newEmail();
    await enqueueCode(recipient);
    expect(await live.deliverPending()).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect((await rowsFor(recipient))[0]).toMatchObject({ sent_at: null, attempts: 0 });
  });
});

describe('messaging: the dev mailbox', () => {
  it('lists the latest messages newest first as an escaped HTML page that is never cached', async () => {
    const recipient = newEmail();
    await enqueueCode(recipient, 'email', '<img src=x onerror=alert(1)>');
    await enqueueCode(recipient, 'email', '222222');
    // Other suites share the database: narrow the page to this test's recipient.
    const res = await fetch(`${server.url}/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<th scope="col">Recipient</th>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html.indexOf('222222')).toBeLessThan(html.indexOf('&lt;img src=x'));
    expect(html.match(/<tr>/g)!.length).toBe(3);
    const all = await (await fetch(`${server.url}/dev/mailbox`)).text();
    expect(all.match(/<tr>/g)!.length).toBeLessThanOrEqual(51);
  });

  it('serves one recipient’s messages as JSON, newest first', async () => {
    const recipient = newEmail();
    await enqueueCode(recipient, 'email', '333333');
    await enqueueCode(recipient, 'email', '444444');
    const res = await fetch(`${server.url}/dev/mailbox/messages?recipient=${encodeURIComponent(recipient.toUpperCase())}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await res.json()) as { messages: any[] };
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ channel: 'email', recipient, status: 'pending', template: 'verification_code', language: 'en' });
    expect(messages[0].body).toContain('444444');
    expect(messages[1].body).toContain('333333');
    const bad = await fetch(`${server.url}/dev/mailbox/messages?recipient=${recipient}&extra=1`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.code).toBe('VALIDATION_FAILED');
  });

  it('keeps newest first when the message ids gain a digit, and so does the data-subject export', async () => {
    const recipient = newEmail();
    // 999…9 then 1000…0: as text the older id would sort first. Far above the sequence, and rolled back.
    const older = '999999999999999';
    const newer = '1000000000000000';
    const rollback = new Error('rollback');
    const seen = await inTransaction((await testDb()), async (tx) => {
        for (const id of [older, newer]) {
          await tx.query(
            `INSERT INTO messaging_outbox (id, channel, recipient, subject, body, template, language)
             OVERRIDING SYSTEM VALUE VALUES ($1::bigint, 'email', $2, 'Code', $3, 'verification_code', 'en')`,
            [id, recipient, `Your code is ${id.slice(-6)}.`],
          );
        }
        const recent = (await listRecentRows(tx, { recipient, limit: 10 })).map((m) => m.id);
        const exported = (await findMessagesFor(tx, [recipient])).map((m) => m.id);
        throw Object.assign(rollback, { seen: { recent, exported } });
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
        return (err as Error & { seen: { recent: string[]; exported: string[] } }).seen;
      });
    expect(seen).toEqual({ recent: [newer, older], exported: [older, newer] });
  });

  it.skipIf(!process.env.DATABASE_URL)('is not served in LIVE store mode', async () => {
    // LIVE boots only with real payment provider settings, or on an instance that does not serve payments.
    const live = await startTestServer({ STORE_MODE: 'LIVE', SERVICES: 'messaging', PUBLIC_BASE_URL: 'https://shop.example', ADMIN_TOKEN: 'live-mode-operator-token-0123456789abcdef', OPERATOR_TOTP_KEY: 'o'.repeat(40), AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40) });
    try {
      for (const path of ['/dev/mailbox', '/dev/mailbox/messages']) expect((await fetch(`${live.url}${path}`)).status).toBe(404);
    } finally {
      await live.close();
    }
  });
});

describe('messaging: the delivery job', () => {
  it('delivers on a timer while the app runs outside tests', async () => {
    const app = await startTestServer({ NODE_ENV: 'development' });
    try {
      const recipient = newEmail();
      await inTransaction((await testDb()), (tx) =>
        app.app.services.messaging.enqueue(tx, { channel: 'email', recipient, template: 'verification_code', params: { code: '555555', minutes: 10 } }),
      );
      const deadline = Date.now() + 10_000;
      while (!(await rowsFor(recipient))[0]!.sent_at && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect((await rowsFor(recipient))[0]!.sent_at).not.toBeNull();
    } finally {
      await app.close();
    }
  });
});
