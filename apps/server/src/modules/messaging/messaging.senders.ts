/** One outgoing e-mail as a sender sees it: plain text only. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post), already checked by the outbox. */
  headers?: Record<string, string>;
}

export interface SmsMessage {
  to: string;
  text: string;
}

/** Hands an e-mail to a provider; a thrown error is a failed attempt and is retried later. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** Hands an SMS to a gateway; a thrown error is a failed attempt and is retried later. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
  close?(): Promise<void>;
}

/** The part of a nodemailer mail the shop sets. */
export interface SmtpMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export interface Transporter {
  sendMail(mail: SmtpMail): Promise<unknown>;
  close(): void;
}

/** E-mail over SMTP with nodemailer, connected on first use. */
export class SmtpEmailSender implements EmailSender {
  private transporter: Promise<Transporter> | null = null;

  constructor(
    private readonly url: string,
    private readonly from: string,
    /** How the transport is made: nodemailer's createTransport unless a test hands another. */
    private readonly createTransport?: (url: string) => Transporter,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    this.transporter ??= this.connect();
    const mail: SmtpMail = { from: this.from, to: message.to, subject: message.subject, text: message.text };
    if (message.headers && Object.keys(message.headers).length) mail.headers = { ...message.headers };
    await (await this.transporter).sendMail(mail);
  }

  async close(): Promise<void> {
    if (this.transporter) (await this.transporter.catch(() => null))?.close();
  }

  private async connect(): Promise<Transporter> {
    if (this.createTransport) return this.createTransport(this.url);
    // nodemailer ships no type declarations: load it by a plain string and describe the part used.
    const specifier: string = 'nodemailer';
    const mod = (await import(specifier)) as { default: { createTransport(url: string): Transporter } };
    return mod.default.createTransport(this.url);
  }
}

/** TEST mode without SMTP: the outbox row is the delivery, read at /dev/mailbox. */
export class DevMailboxEmailSender implements EmailSender {
  async send(): Promise<void> {}
}

/** TEST mode SMS gateway: accepts every message, which stays readable in the outbox. */
export class TestSmsSender implements SmsSender {
  async send(): Promise<void> {}
}
