import type { Config } from '../../config.js';
import type { Db, Queryable, Reader, Tx } from '../../platform/db.js';
import { DevMailboxEmailSender, SmtpEmailSender, TestSmsSender, type EmailSender, type SmsSender } from './messaging.senders.js';
import { claimDueRows, countPending, deleteMessagesFor, findMessagesFor, insertOutboxRow, queueOutboxRow, listRecentRows, markFailed, markSent, type MessageChannel, type OutboxRow } from './messaging.store.js';
import { isSecretTemplate, renderTemplate, type TemplateCode, type TemplateParams } from './messaging.templates.js';

export type { MessageChannel, OutboxRow } from './messaging.store.js';

export interface OutgoingMessage<T extends TemplateCode = TemplateCode> {
  channel: MessageChannel;
  /** E-mail address or E.164 phone number, already normalised by the caller. */
  recipient: string;
  template: T;
  /** The reader's language (e.g. the store view's); texts fall back to English. */
  language?: string;
  params: TemplateParams<T>;
  /** Extra e-mail headers: only those of ALLOWED_HEADERS (a marketing e-mail's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

/** The extra headers an outbox e-mail may carry; nothing else reaches a sender. */
export const ALLOWED_HEADERS = new Set(['List-Unsubscribe', 'List-Unsubscribe-Post']);
const MAX_HEADER_VALUE = 1000;

export interface MessagingOptions {
  /** null: e-mails wait in the outbox until a sender is configured. */
  email: EmailSender | null;
  /** null: SMS wait in the outbox until a gateway is configured. */
  sms: SmsSender | null;
  /** Blank the body of secret messages (one-time codes) once delivered, so they do not rest in the outbox. */
  redactSecretsAfterSend: boolean;
  maxAttempts?: number;
  batchSize?: number;
  leaseSeconds?: number;
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  failed: number;
}

/** Seconds to wait after the n-th failed attempt: 10 s doubling, at most an hour. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, failedAttempts - 1));
}

const MAX_RECIPIENT = 254;

/**
 * Outgoing e-mail and SMS through a transactional outbox: callers enqueue in their own transaction,
 * the delivery job sends at least once and retries failures with backoff.
 */
export class MessagingService {
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;

  constructor(
    private readonly db: Reader,
    private readonly opts: MessagingOptions,
  ) {
    this.maxAttempts = opts.maxAttempts ?? 10;
    this.batchSize = opts.batchSize ?? 50;
    this.leaseSeconds = opts.leaseSeconds ?? 60;
  }

  /** Writes a message in the caller's transaction: it exists exactly when the caller's change commits. */
  async enqueue<T extends TemplateCode>(tx: Tx, message: OutgoingMessage<T>): Promise<{ id: string }> {
    return insertOutboxRow(tx, outboxRow(message));
  }

  /**
   * enqueue for a caller that needs no id: the row is written with the transaction's next statement
   * or its commit, at no round trip of its own. A message that cannot be rendered fails here.
   */
  queue<T extends TemplateCode>(tx: Tx, message: OutgoingMessage<T>): void {
    queueOutboxRow(tx, outboxRow(message));
  }

  /** Sends one batch of due messages; each is marked sent, or counted as failed and scheduled again. */
  async deliverPending(): Promise<DeliveryReport> {
    const rows = await claimDueRows(this.db, {
      email: this.opts.email !== null,
      sms: this.opts.sms !== null,
      limit: this.batchSize,
      leaseSeconds: this.leaseSeconds,
    });
    const report: DeliveryReport = { claimed: rows.length, sent: 0, failed: 0 };
    for (const row of rows) {
      try {
        await this.send(row);
        await markSent(this.db, row.id, this.opts.redactSecretsAfterSend && isSecretTemplate(row.template));
        report.sent += 1;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await markFailed(this.db, row.id, reason || 'delivery failed', retryDelaySeconds(row.attempts + 1), this.maxAttempts);
        report.failed += 1;
      }
    }
    return report;
  }

  /** The latest messages, newest first; the dev mailbox reads them. */
  listRecent(opts: { recipient?: string; limit: number }): Promise<OutboxRow[]> {
    return listRecentRows(this.db, opts);
  }

  /** Closes provider connections (SMTP). */
  /** The outbox's depth: messages waiting for delivery and the oldest one's age, for the metrics. */
  pendingSummary(): Promise<{ pending: number; oldestSeconds: number }> {
    return countPending(this.db);
  }

  /** What the outbox holds about these recipients, for a data-subject export. */
  exportFor(db: Queryable, recipients: string[]) {
    return findMessagesFor(db, recipients);
  }

  /** Erases every message to these recipients (account cancellation). */
  eraseFor(tx: Tx, recipients: string[]): Promise<number> {
    return deleteMessagesFor(tx, recipients);
  }

  async close(): Promise<void> {
    await this.opts.email?.close?.();
    await this.opts.sms?.close?.();
  }

  private async send(row: OutboxRow): Promise<void> {
    if (row.channel === 'email') {
      await this.opts.email!.send({ to: row.recipient, subject: row.subject ?? '', text: row.body, ...(row.headers ? { headers: row.headers } : {}) });
    } else {
      await this.opts.sms!.send({ to: row.recipient, text: row.body });
    }
  }
}

/**
 * Chooses the senders for a configuration: SMTP when SMTP_URL is set; in TEST mode the dev mailbox
 * and the test SMS gateway; in LIVE mode without a provider, messages wait in the outbox.
 */
export function createMessagingService(db: Db, config: Pick<Config, 'STORE_MODE' | 'SMTP_URL' | 'MAIL_FROM'>): MessagingService {
  const test = config.STORE_MODE === 'TEST';
  const email: EmailSender | null = config.SMTP_URL ? new SmtpEmailSender(config.SMTP_URL, config.MAIL_FROM) : test ? new DevMailboxEmailSender() : null;
  const sms: SmsSender | null = test ? new TestSmsSender() : null;
  return new MessagingService(db, { email, sms, redactSecretsAfterSend: !test });
}

/** The outbox row of a message: its recipient checked, its template rendered in its language. */
function outboxRow<T extends TemplateCode>(message: OutgoingMessage<T>) {
  const recipient = message.recipient.trim();
  if (!recipient || recipient.length > MAX_RECIPIENT || /[\r\n]/.test(recipient)) throw new Error('Invalid message recipient');
  const rendered = renderTemplate(message.template, message.channel, message.language, message.params);
  return {
    headers: checkedHeaders(message),
    channel: message.channel,
    recipient,
    subject: rendered.subject,
    body: rendered.body,
    template: message.template,
    language: rendered.language,
  };
}

/** A message's extra headers: e-mail only, known names, values without line breaks (no header injection). */
function checkedHeaders(message: OutgoingMessage): Record<string, string> | null {
  const entries = Object.entries(message.headers ?? {});
  if (!entries.length) return null;
  if (message.channel !== 'email') throw new Error('Only e-mails carry headers');
  for (const [name, value] of entries) {
    if (!ALLOWED_HEADERS.has(name)) throw new Error(`Header ${name} is not one an outbox e-mail carries`);
    if (!value || value.length > MAX_HEADER_VALUE || /[\r\n\0]/.test(value)) throw new Error(`Invalid ${name} header`);
  }
  return Object.fromEntries(entries);
}
