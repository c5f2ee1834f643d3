/**
 * Every text the shop sends by e-mail or SMS, in English and German. A template renders a subject and
 * a plain-text body for e-mail and a short body for SMS; `secret` marks messages whose body must not
 * outlive delivery in LIVE mode (one-time codes).
 */
export type MessageLanguage = 'en' | 'de';

interface Rendered {
  subject: string;
  email: string;
  sms: string;
}

interface Template<P> {
  secret: boolean;
  texts: Record<MessageLanguage, (p: P) => Rendered>;
}

const SIGNATURE = { en: 'Your Ember team', de: 'Ihr Ember-Team' };

export const TEMPLATES = {
  verification_code: {
    secret: true,
    texts: {
      en: (p: { code: string; minutes: number }) => ({
        subject: 'Your Ember verification code',
        email:
          `Your verification code is ${p.code}.\n\n` +
          `It is valid for ${p.minutes} minutes. Never share it: Ember will never ask you for it.\n` +
          `If you did not ask for a code, you can ignore this message.\n\n${SIGNATURE.en}`,
        sms: `${p.code} is your Ember verification code. It is valid for ${p.minutes} minutes. Never share it.`,
      }),
      de: (p: { code: string; minutes: number }) => ({
        subject: 'Ihr Ember-Bestätigungscode',
        email:
          `Ihr Bestätigungscode lautet ${p.code}.\n\n` +
          `Er ist ${p.minutes} Minuten gültig. Geben Sie ihn nicht weiter: Ember wird Sie nie danach fragen.\n` +
          `Wenn Sie keinen Code angefordert haben, können Sie diese Nachricht ignorieren.\n\n${SIGNATURE.de}`,
        sms: `${p.code} ist Ihr Ember-Bestätigungscode. Er ist ${p.minutes} Minuten gültig. Geben Sie ihn nicht weiter.`,
      }),
    },
  } satisfies Template<{ code: string; minutes: number }>,
  password_reset: {
    secret: true,
    texts: {
      en: (p: { link: string }) => ({
        subject: 'Reset your Ember password',
        email:
          `Someone asked to reset the password of your Ember account. To choose a new one, open:\n\n${p.link}\n\n` +
          `The link works once and only for a short time. If it was not you, ignore this message: your password stays as it is.\n\n${SIGNATURE.en}`,
        sms: `Reset your Ember password: ${p.link} (works once, for a short time).`,
      }),
      de: (p: { link: string }) => ({
        subject: 'Ihr Ember-Passwort zurücksetzen',
        email:
          `Jemand möchte das Passwort Ihres Ember-Kontos zurücksetzen. Ein neues wählen Sie hier:\n\n${p.link}\n\n` +
          `Der Link gilt nur einmal und nur kurze Zeit. Wenn Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.\n\n${SIGNATURE.de}`,
        sms: `Ember-Passwort zurücksetzen: ${p.link} (nur einmal und kurz gültig).`,
      }),
    },
  } satisfies Template<{ link: string }>,
  order_confirmation: {
    secret: false,
    texts: {
      en: (p: OrderConfirmationParams) => ({
        subject: `Your Ember order ${p.order_number}`,
        email:
          `Thank you for your order ${p.order_number}, ${p.firstname}.\n\n` +
          p.lines.map((l) => `${l.quantity} × ${l.name}  ${l.row_total}`).join('\n') +
          `\n\nShipping: ${p.shipping}\nTotal: ${p.grand_total}\n\n` +
          `We will let you know when it ships. You can follow it in your account under My orders.\n\n${SIGNATURE.en}`,
        sms: `Thank you for your Ember order ${p.order_number} (${p.grand_total}).`,
      }),
      de: (p: OrderConfirmationParams) => ({
        subject: `Ihre Ember-Bestellung ${p.order_number}`,
        email:
          `Vielen Dank für Ihre Bestellung ${p.order_number}, ${p.firstname}.\n\n` +
          p.lines.map((l) => `${l.quantity} × ${l.name}  ${l.row_total}`).join('\n') +
          `\n\nVersand: ${p.shipping}\nGesamt: ${p.grand_total}\n\n` +
          `Wir benachrichtigen Sie, sobald sie versandt ist. Sie finden sie in Ihrem Konto unter Meine Bestellungen.\n\n${SIGNATURE.de}`,
        sms: `Vielen Dank für Ihre Ember-Bestellung ${p.order_number} (${p.grand_total}).`,
      }),
    },
  } satisfies Template<OrderConfirmationParams>,
  order_shipped: {
    secret: false,
    texts: {
      en: (p: OrderShippedParams) => ({
        subject: `Your Ember order ${p.order_number} is on its way`,
        email:
          `Good news, ${p.firstname}: your order ${p.order_number} has shipped with ${p.carrier}.\n\n` +
          `Tracking number: ${p.tracking_number}\n${p.track_url ? `Follow it here: ${p.track_url}\n` : ''}\n${SIGNATURE.en}`,
        sms: `Your Ember order ${p.order_number} has shipped with ${p.carrier}: ${p.track_url ?? p.tracking_number}`,
      }),
      de: (p: OrderShippedParams) => ({
        subject: `Ihre Ember-Bestellung ${p.order_number} ist unterwegs`,
        email:
          `Gute Nachrichten, ${p.firstname}: Ihre Bestellung ${p.order_number} wurde mit ${p.carrier} versandt.\n\n` +
          `Sendungsnummer: ${p.tracking_number}\n${p.track_url ? `Sendungsverfolgung: ${p.track_url}\n` : ''}\n${SIGNATURE.de}`,
        sms: `Ihre Ember-Bestellung ${p.order_number} wurde mit ${p.carrier} versandt: ${p.track_url ?? p.tracking_number}`,
      }),
    },
  } satisfies Template<OrderShippedParams>,
  order_canceled: {
    secret: false,
    texts: {
      en: (p: { order_number: string; firstname: string }) => ({
        subject: `Your Ember order ${p.order_number} is cancelled`,
        email:
          `${p.firstname}, your order ${p.order_number} has been cancelled. ` +
          `If you already paid, the amount goes back to your payment method.\n\n${SIGNATURE.en}`,
        sms: `Your Ember order ${p.order_number} has been cancelled.`,
      }),
      de: (p: { order_number: string; firstname: string }) => ({
        subject: `Ihre Ember-Bestellung ${p.order_number} wurde storniert`,
        email:
          `${p.firstname}, Ihre Bestellung ${p.order_number} wurde storniert. ` +
          `Falls Sie bereits bezahlt haben, erhalten Sie den Betrag über Ihre Zahlungsart zurück.\n\n${SIGNATURE.de}`,
        sms: `Ihre Ember-Bestellung ${p.order_number} wurde storniert.`,
      }),
    },
  } satisfies Template<{ order_number: string; firstname: string }>,
};

/** What the shipping notice shows. */
export interface OrderShippedParams {
  order_number: string;
  firstname: string;
  carrier: string;
  tracking_number: string;
  track_url: string | null;
}

/** What the order confirmation shows; amounts are already formatted in the order's currency. */
export interface OrderConfirmationParams {
  order_number: string;
  firstname: string;
  lines: { quantity: number; name: string; row_total: string }[];
  shipping: string;
  grand_total: string;
}

export type TemplateCode = keyof typeof TEMPLATES;
export type TemplateParams<T extends TemplateCode> = Parameters<(typeof TEMPLATES)[T]['texts']['en']>[0];

/** The language a message is written in: the caller's if the shop has texts for it, otherwise English. */
export function messageLanguage(language: string | undefined): MessageLanguage {
  const base = language?.slice(0, 2).toLowerCase();
  return base === 'de' ? 'de' : 'en';
}

/** Renders a template for one channel: e-mails get a subject, SMS only a body. */
export function renderTemplate<T extends TemplateCode>(
  template: T,
  channel: 'email' | 'sms',
  language: string | undefined,
  params: TemplateParams<T>,
): { language: MessageLanguage; subject: string | null; body: string; secret: boolean } {
  const lang = messageLanguage(language);
  const t = TEMPLATES[template];
  // Indexing by a generic key widens the texts to a union of signatures; the key fixes the params.
  const rendered = (t.texts[lang] as (p: TemplateParams<T>) => Rendered)(params);
  return channel === 'email'
    ? { language: lang, subject: rendered.subject, body: rendered.email, secret: t.secret }
    : { language: lang, subject: null, body: rendered.sms, secret: t.secret };
}

/** Whether a template's body carries a secret (looked up by the code stored on an outbox row). */
export function isSecretTemplate(code: string): boolean {
  return Object.hasOwn(TEMPLATES, code) ? TEMPLATES[code as TemplateCode].secret : false;
}
