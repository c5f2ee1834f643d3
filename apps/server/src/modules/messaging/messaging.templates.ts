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
  password_changed: {
    secret: false,
    texts: {
      en: (p: { reset_link: string }) => ({
        subject: 'Your Ember password has been changed',
        email:
          `The password of your Ember account has just been reset, and every device signed in to it has been signed out.\n\n` +
          `If it was you, there is nothing more to do: sign in with the new password. If it was not you, choose a new password at once here:\n\n${p.reset_link}\n\n` +
          `and contact us.\n\n${SIGNATURE.en}`,
        sms: 'The password of your Ember account has been changed. If it was not you, reset it at once and contact us.',
      }),
      de: (p: { reset_link: string }) => ({
        subject: 'Ihr Ember-Passwort wurde geändert',
        email:
          `Das Passwort Ihres Ember-Kontos wurde soeben zurückgesetzt, und alle angemeldeten Geräte wurden abgemeldet.\n\n` +
          `Wenn Sie das waren, ist nichts weiter zu tun: Melden Sie sich mit dem neuen Passwort an. Wenn nicht, wählen Sie sofort hier ein neues Passwort:\n\n${p.reset_link}\n\n` +
          `und kontaktieren Sie uns.\n\n${SIGNATURE.de}`,
        sms: 'Das Passwort Ihres Ember-Kontos wurde geändert. Wenn Sie das nicht waren, setzen Sie es sofort zurück und kontaktieren Sie uns.',
      }),
    },
  } satisfies Template<{ reset_link: string }>,
  registration_attempt: {
    secret: false,
    texts: {
      en: (p: { login_link: string; reset_link: string }) => ({
        subject: 'Someone tried to register with your e-mail address',
        email:
          `Someone just tried to open a new Ember account with this e-mail address, which already has an account. No new account was opened.\n\n` +
          `If it was you, sign in here:\n\n${p.login_link}\n\nor, if you have forgotten your password, reset it here:\n\n${p.reset_link}\n\n` +
          `If it was not you, you can ignore this message: your account is unchanged.\n\n${SIGNATURE.en}`,
        sms: 'Someone tried to register with your e-mail address at Ember. If it was you, sign in or reset your password.',
      }),
      de: (p: { login_link: string; reset_link: string }) => ({
        subject: 'Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren',
        email:
          `Soeben wollte jemand mit dieser E-Mail-Adresse ein neues Ember-Konto eröffnen; zu dieser Adresse gibt es bereits ein Konto. Es wurde kein neues Konto eröffnet.\n\n` +
          `Wenn Sie das waren, melden Sie sich hier an:\n\n${p.login_link}\n\noder setzen Sie Ihr Passwort hier zurück, falls Sie es vergessen haben:\n\n${p.reset_link}\n\n` +
          `Wenn Sie das nicht waren, können Sie diese Nachricht ignorieren: Ihr Konto bleibt unverändert.\n\n${SIGNATURE.de}`,
        sms: 'Jemand wollte sich bei Ember mit Ihrer E-Mail-Adresse registrieren. Wenn Sie das waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
      }),
    },
  } satisfies Template<{ login_link: string; reset_link: string }>,
  email_change_attempt: {
    secret: false,
    texts: {
      en: (p: { reset_link: string }) => ({
        subject: 'Someone tried to move another Ember account to your e-mail address',
        email:
          `Someone signed in to another Ember account just asked to change its e-mail address to this one, which already belongs to your account. Nothing was changed.\n\n` +
          `If it was you, sign in to this account instead; if you have forgotten its password, reset it here:\n\n${p.reset_link}\n\n` +
          `If it was not you, you can ignore this message: your account is unchanged.\n\n${SIGNATURE.en}`,
        sms: 'Someone tried to move another Ember account to your e-mail address. Nothing was changed.',
      }),
      de: (p: { reset_link: string }) => ({
        subject: 'Jemand wollte ein anderes Ember-Konto auf Ihre E-Mail-Adresse umstellen',
        email:
          `Soeben wollte jemand die E-Mail-Adresse eines anderen Ember-Kontos auf diese Adresse ändern; sie gehört bereits zu Ihrem Konto. Es wurde nichts geändert.\n\n` +
          `Wenn Sie das waren, melden Sie sich mit diesem Konto an; falls Sie das Passwort vergessen haben, setzen Sie es hier zurück:\n\n${p.reset_link}\n\n` +
          `Wenn Sie das nicht waren, können Sie diese Nachricht ignorieren: Ihr Konto bleibt unverändert.\n\n${SIGNATURE.de}`,
        sms: 'Jemand wollte ein anderes Ember-Konto auf Ihre E-Mail-Adresse umstellen. Es wurde nichts geändert.',
      }),
    },
  } satisfies Template<{ reset_link: string }>,
  contact_changed: {
    secret: false,
    texts: {
      en: (p: { what: 'email' | 'phone' }) => ({
        subject: p.what === 'email' ? 'The e-mail address of your Ember account has been changed' : 'The phone number of your Ember account has been changed',
        email:
          `The ${p.what === 'email' ? 'e-mail address' : 'phone number'} of your Ember account has just been changed` +
          `${p.what === 'email' ? ': messages now go to the new address, and this one no longer signs in' : ''}.\n\n` +
          `If it was you, there is nothing more to do. If it was not you, contact us at once.\n\n${SIGNATURE.en}`,
        sms: `The ${p.what === 'email' ? 'e-mail address' : 'phone number'} of your Ember account has been changed. If it was not you, contact us at once.`,
      }),
      de: (p: { what: 'email' | 'phone' }) => ({
        subject: p.what === 'email' ? 'Die E-Mail-Adresse Ihres Ember-Kontos wurde geändert' : 'Die Telefonnummer Ihres Ember-Kontos wurde geändert',
        email:
          `Die ${p.what === 'email' ? 'E-Mail-Adresse' : 'Telefonnummer'} Ihres Ember-Kontos wurde soeben geändert` +
          `${p.what === 'email' ? ': Nachrichten gehen jetzt an die neue Adresse, und mit dieser melden Sie sich nicht mehr an' : ''}.\n\n` +
          `Wenn Sie das waren, ist nichts weiter zu tun. Wenn nicht, kontaktieren Sie uns sofort.\n\n${SIGNATURE.de}`,
        sms: `Die ${p.what === 'email' ? 'E-Mail-Adresse' : 'Telefonnummer'} Ihres Ember-Kontos wurde geändert. Wenn Sie das nicht waren, kontaktieren Sie uns sofort.`,
      }),
    },
  } satisfies Template<{ what: 'email' | 'phone' }>,
  form_acknowledgement: {
    secret: false,
    texts: {
      en: (p: { reference: string; complaint: boolean }) => ({
        subject: p.complaint ? `We have received your complaint (${p.reference})` : `We have received your message (${p.reference})`,
        email:
          `Thank you for contacting Ember. We have received your ${p.complaint ? 'complaint' : 'message'} and will answer as soon as we can.\n\n` +
          `Your reference is ${p.reference}; please quote it if you write to us about it.\n\n${SIGNATURE.en}`,
        sms: `Ember has received your ${p.complaint ? 'complaint' : 'message'} (reference ${p.reference}).`,
      }),
      de: (p: { reference: string; complaint: boolean }) => ({
        subject: p.complaint ? `Wir haben Ihre Beschwerde erhalten (${p.reference})` : `Wir haben Ihre Nachricht erhalten (${p.reference})`,
        email:
          `Vielen Dank, dass Sie Ember kontaktiert haben. Wir haben Ihre ${p.complaint ? 'Beschwerde' : 'Nachricht'} erhalten und antworten so bald wie möglich.\n\n` +
          `Ihre Referenz lautet ${p.reference}; bitte geben Sie sie an, wenn Sie uns dazu schreiben.\n\n${SIGNATURE.de}`,
        sms: `Ember hat Ihre ${p.complaint ? 'Beschwerde' : 'Nachricht'} erhalten (Referenz ${p.reference}).`,
      }),
    },
  } satisfies Template<{ reference: string; complaint: boolean }>,
  lead_confirmation: {
    // The link confirms consents for whoever opens it: like a reset link, it does not outlive delivery in LIVE mode.
    secret: true,
    texts: {
      en: (p: LeadMailParams) => ({
        subject: 'Confirm how Ember may keep in touch',
        email:
          `Hello ${p.firstname},\n\nthank you for meeting us. You asked us to keep in touch by:\n\n${p.purposes.map((x) => `- ${x}`).join('\n')}\n\n` +
          `Please confirm it here:\n\n${p.link}\n\nThe link works until ${p.expires_on}. If you did not ask for this, ignore this message: ` +
          `nothing changes and we will not write again.\n\n${SIGNATURE.en}`,
        sms: `Ember: confirm how we may keep in touch: ${p.link}`,
      }),
      de: (p: LeadMailParams) => ({
        subject: 'Bestätigen Sie, wie Ember in Kontakt bleiben darf',
        email:
          `Hallo ${p.firstname},\n\nschön, dass wir uns kennengelernt haben. Sie möchten, dass wir in Kontakt bleiben:\n\n${p.purposes.map((x) => `- ${x}`).join('\n')}\n\n` +
          `Bitte bestätigen Sie das hier:\n\n${p.link}\n\nDer Link gilt bis ${p.expires_on}. Wenn Sie das nicht wollten, ignorieren Sie diese Nachricht: ` +
          `Es ändert sich nichts, und wir schreiben Ihnen nicht wieder.\n\n${SIGNATURE.de}`,
        sms: `Ember: Bestätigen Sie, wie wir in Kontakt bleiben dürfen: ${p.link}`,
      }),
    },
  } satisfies Template<LeadMailParams>,
  newsletter_confirmation: {
    // The link subscribes whoever opens it and presses the button: it does not outlive delivery in LIVE mode.
    secret: true,
    texts: {
      en: (p: NewsletterMailParams) => ({
        subject: 'Please confirm your Ember newsletter subscription',
        email:
          `Hello,\n\nsomeone, we hope you, asked for the Ember newsletter (${p.market}) at this address. ` +
          `Please confirm it here:\n\n${p.link}\n\nThe link works until ${p.expires_on}. If you did not ask for it, ignore this message: ` +
          `you will not be subscribed and we will not write again.\n\n` +
          `Not you? Unsubscribe: ${p.unsubscribe_link}\n\n${SIGNATURE.en}`,
        sms: `Ember: confirm the newsletter: ${p.link}`,
      }),
      de: (p: NewsletterMailParams) => ({
        subject: 'Bitte bestätigen Sie Ihr Ember-Newsletter-Abonnement',
        email:
          `Hallo,\n\njemand, hoffentlich Sie, hat für diese Adresse den Ember-Newsletter (${p.market}) bestellt. ` +
          `Bitte bestätigen Sie das hier:\n\n${p.link}\n\nDer Link gilt bis ${p.expires_on}. Wenn Sie ihn nicht bestellt haben, ignorieren Sie diese Nachricht: ` +
          `Sie werden nicht eingetragen, und wir schreiben Ihnen nicht wieder.\n\n` +
          `Nicht Sie? Abmelden: ${p.unsubscribe_link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Bestätigen Sie den Newsletter: ${p.link}`,
      }),
    },
  } satisfies Template<NewsletterMailParams>,
  newsletter_welcome: {
    secret: false,
    texts: {
      en: (p: NewsletterWelcomeParams) => ({
        subject: 'Welcome to the Ember newsletter',
        email:
          `Hello,\n\nthank you for confirming: you will now hear about offers, launches and club news from Ember (${p.market}).\n\n` +
          `You can unsubscribe at any time with one click: ${p.unsubscribe_link}\n\n${SIGNATURE.en}`,
        sms: `Ember: welcome to the newsletter. Unsubscribe: ${p.unsubscribe_link}`,
      }),
      de: (p: NewsletterWelcomeParams) => ({
        subject: 'Willkommen beim Ember-Newsletter',
        email:
          `Hallo,\n\nvielen Dank für Ihre Bestätigung: Ab jetzt erfahren Sie von Angeboten, Neuheiten und Club-Neuigkeiten von Ember (${p.market}).\n\n` +
          `Sie können sich jederzeit mit einem Klick abmelden: ${p.unsubscribe_link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Willkommen beim Newsletter. Abmelden: ${p.unsubscribe_link}`,
      }),
    },
  } satisfies Template<NewsletterWelcomeParams>,
  order_received: {
    secret: false,
    texts: {
      en: (p: OrderMailParams) => ({
        subject: `We have received your Ember order ${p.order_number}`,
        email:
          `Thank you, ${p.firstname}: we have received your order ${p.order_number}. It is waiting for your payment.\n\n` +
          orderSummary('en', p) +
          `\n\nWe will confirm the order by e-mail as soon as the payment has gone through. If you left the payment page, ` +
          `you can pay from the order confirmation page or, with an account, under My orders. Unpaid orders are cancelled after a while.\n\n${SIGNATURE.en}`,
        sms: `Ember has received your order ${p.order_number} (${p.grand_total}); it is waiting for your payment.`,
      }),
      de: (p: OrderMailParams) => ({
        subject: `Wir haben Ihre Ember-Bestellung ${p.order_number} erhalten`,
        email:
          `Vielen Dank, ${p.firstname}: Wir haben Ihre Bestellung ${p.order_number} erhalten. Sie wartet auf Ihre Zahlung.\n\n` +
          orderSummary('de', p) +
          `\n\nSobald die Zahlung eingegangen ist, bestätigen wir die Bestellung per E-Mail. Haben Sie die Zahlungsseite verlassen, ` +
          `können Sie auf der Bestellbestätigungsseite oder, mit einem Konto, unter Meine Bestellungen bezahlen. Unbezahlte Bestellungen werden nach einiger Zeit storniert.\n\n${SIGNATURE.de}`,
        sms: `Ember hat Ihre Bestellung ${p.order_number} (${p.grand_total}) erhalten; sie wartet auf Ihre Zahlung.`,
      }),
    },
  } satisfies Template<OrderMailParams>,
  order_confirmed: {
    secret: false,
    texts: {
      en: (p: OrderMailParams) => ({
        subject: `Your Ember order ${p.order_number} is confirmed`,
        email:
          `Thank you for your order ${p.order_number}, ${p.firstname}. Your payment has gone through and the order is confirmed.\n\n` +
          orderSummary('en', p) +
          `\n\nWe will let you know when it ships. You can follow it in your account under My orders.\n\n${SIGNATURE.en}`,
        sms: `Thank you for your Ember order ${p.order_number} (${p.grand_total}): it is confirmed.`,
      }),
      de: (p: OrderMailParams) => ({
        subject: `Ihre Ember-Bestellung ${p.order_number} ist bestätigt`,
        email:
          `Vielen Dank für Ihre Bestellung ${p.order_number}, ${p.firstname}. Ihre Zahlung ist eingegangen und die Bestellung bestätigt.\n\n` +
          orderSummary('de', p) +
          `\n\nWir benachrichtigen Sie, sobald sie versandt ist. Sie finden sie in Ihrem Konto unter Meine Bestellungen.\n\n${SIGNATURE.de}`,
        sms: `Vielen Dank für Ihre Ember-Bestellung ${p.order_number} (${p.grand_total}): Sie ist bestätigt.`,
      }),
    },
  } satisfies Template<OrderMailParams>,
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
  subscription_payment_failed: {
    secret: false,
    texts: {
      en: (p: SubscriptionMailParams & { retry_date: string | null }) => ({
        subject: 'We could not charge your Ember subscription',
        email:
          `${p.firstname}, your card was declined for the delivery due on ${p.delivery_date}, so it has not been sent.\n\n` +
          (p.retry_date ? `We will try again on ${p.retry_date}. ` : '') +
          `To use another card or change your subscription, open:\n\n${p.link}\n\n${SIGNATURE.en}`,
        sms: `Ember: your subscription payment was declined.${p.retry_date ? ` We try again on ${p.retry_date}.` : ''}`,
      }),
      de: (p: SubscriptionMailParams & { retry_date: string | null }) => ({
        subject: 'Ihr Ember-Abo konnte nicht abgebucht werden',
        email:
          `${p.firstname}, Ihre Karte wurde für die Lieferung vom ${p.delivery_date} abgelehnt; sie wurde daher nicht verschickt.\n\n` +
          (p.retry_date ? `Wir versuchen es am ${p.retry_date} erneut. ` : '') +
          `Eine andere Karte wählen oder Ihr Abo ändern Sie hier:\n\n${p.link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Die Zahlung für Ihr Abo wurde abgelehnt.${p.retry_date ? ` Neuer Versuch am ${p.retry_date}.` : ''}`,
      }),
    },
  } satisfies Template<SubscriptionMailParams & { retry_date: string | null }>,
  subscription_action_required: {
    secret: false,
    texts: {
      en: (p: SubscriptionMailParams & { order_number: string }) => ({
        subject: 'Confirm the payment of your Ember subscription',
        email:
          `${p.firstname}, your bank asks you to confirm the payment of order ${p.order_number}, the delivery due on ${p.delivery_date}. ` +
          `It is sent once you confirm it here, within three days:\n\n${p.link}\n\n${SIGNATURE.en}`,
        sms: `Ember: please confirm the payment of your subscription order ${p.order_number}: ${p.link}`,
      }),
      de: (p: SubscriptionMailParams & { order_number: string }) => ({
        subject: 'Bestätigen Sie die Zahlung Ihres Ember-Abos',
        email:
          `${p.firstname}, Ihre Bank bittet Sie, die Zahlung der Bestellung ${p.order_number} (Lieferung vom ${p.delivery_date}) zu bestätigen. ` +
          `Sie wird verschickt, sobald Sie hier innerhalb von drei Tagen bestätigen:\n\n${p.link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Bitte bestätigen Sie die Zahlung Ihrer Abo-Bestellung ${p.order_number}: ${p.link}`,
      }),
    },
  } satisfies Template<SubscriptionMailParams & { order_number: string }>,
  subscription_renewal_refused: {
    secret: false,
    texts: {
      en: (p: SubscriptionMailParams & { reason: RenewalRefusal }) => ({
        subject: 'Your Ember subscription delivery was not sent',
        email:
          `${p.firstname}, we could not place the delivery due on ${p.delivery_date}: ${REFUSAL_WORDS.en[p.reason]} Nothing was charged.\n\n` +
          `Your subscription:\n\n${p.link}\n\n${SIGNATURE.en}`,
        sms: `Ember: your subscription delivery of ${p.delivery_date} was not sent. Nothing was charged.`,
      }),
      de: (p: SubscriptionMailParams & { reason: RenewalRefusal }) => ({
        subject: 'Ihre Ember-Abolieferung wurde nicht verschickt',
        email:
          `${p.firstname}, die Lieferung vom ${p.delivery_date} konnten wir nicht aufgeben: ${REFUSAL_WORDS.de[p.reason]} Es wurde nichts abgebucht.\n\n` +
          `Ihr Abo:\n\n${p.link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Ihre Abolieferung vom ${p.delivery_date} wurde nicht verschickt. Es wurde nichts abgebucht.`,
      }),
    },
  } satisfies Template<SubscriptionMailParams & { reason: RenewalRefusal }>,
  subscription_paused: {
    secret: false,
    texts: {
      en: (p: SubscriptionMailParams & { reason: 'payment_failed' | 'age_verification' }) => ({
        subject: 'Your Ember subscription is paused',
        email:
          `${p.firstname}, your subscription is paused: ${p.reason === 'payment_failed' ? 'we could not charge your card after several tries.' : 'your age verification is no longer valid.'} ` +
          `No delivery is sent or charged until you resume it here:\n\n${p.link}\n\n${SIGNATURE.en}`,
        sms: 'Ember: your subscription is paused. Resume it in your account.',
      }),
      de: (p: SubscriptionMailParams & { reason: 'payment_failed' | 'age_verification' }) => ({
        subject: 'Ihr Ember-Abo ist pausiert',
        email:
          `${p.firstname}, Ihr Abo ist pausiert: ${p.reason === 'payment_failed' ? 'Ihre Karte konnte auch nach mehreren Versuchen nicht belastet werden.' : 'Ihre Altersverifizierung ist nicht mehr gültig.'} ` +
          `Bis Sie es hier fortsetzen, wird nichts geliefert oder abgebucht:\n\n${p.link}\n\n${SIGNATURE.de}`,
        sms: 'Ember: Ihr Abo ist pausiert. Setzen Sie es in Ihrem Konto fort.',
      }),
    },
  } satisfies Template<SubscriptionMailParams & { reason: 'payment_failed' | 'age_verification' }>,
  trial_ending: {
    secret: false,
    texts: {
      en: (p: TrialMailParams & { end_date: string }) => ({
        subject: 'Your Ember free trial ends soon',
        email:
          `${p.firstname}, your free trial ends on ${p.end_date}. If you keep the device, we charge ${p.amount} to the card you paid the trial with on that day; ` +
          `you need to do nothing.\n\nNot for you? Start your free return before ${p.end_date} here and nothing more is charged:\n\n${p.link}\n\n${SIGNATURE.en}`,
        sms: `Ember: your free trial ends on ${p.end_date}. Keep it for ${p.amount}, or return it free before then in your account.`,
      }),
      de: (p: TrialMailParams & { end_date: string }) => ({
        subject: 'Ihr Ember-Gratistest endet bald',
        email:
          `${p.firstname}, Ihr Gratistest endet am ${p.end_date}. Wenn Sie das Gerät behalten, buchen wir an diesem Tag ${p.amount} von der Karte ab, mit der Sie den Test bezahlt haben; ` +
          `Sie müssen nichts tun.\n\nNichts für Sie? Starten Sie Ihre kostenlose Rücksendung vor dem ${p.end_date} hier, dann wird nichts weiter abgebucht:\n\n${p.link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Ihr Gratistest endet am ${p.end_date}. Behalten für ${p.amount} oder vorher kostenlos im Konto zurücksenden.`,
      }),
    },
  } satisfies Template<TrialMailParams & { end_date: string }>,
  trial_converted: {
    secret: false,
    texts: {
      en: (p: TrialMailParams & { order_number: string }) => ({
        subject: 'Your Ember trial device is yours',
        email: `${p.firstname}, your free trial has ended and the device is yours: we charged ${p.amount} to your card (order ${p.order_number}).\n\nYour orders:\n\n${p.link}\n\n${SIGNATURE.en}`,
        sms: `Ember: your trial device is yours. ${p.amount} charged (order ${p.order_number}).`,
      }),
      de: (p: TrialMailParams & { order_number: string }) => ({
        subject: 'Ihr Ember-Testgerät gehört Ihnen',
        email: `${p.firstname}, Ihr Gratistest ist zu Ende und das Gerät gehört Ihnen: Wir haben ${p.amount} von Ihrer Karte abgebucht (Bestellung ${p.order_number}).\n\nIhre Bestellungen:\n\n${p.link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Ihr Testgerät gehört Ihnen. ${p.amount} abgebucht (Bestellung ${p.order_number}).`,
      }),
    },
  } satisfies Template<TrialMailParams & { order_number: string }>,
  trial_payment_failed: {
    secret: false,
    texts: {
      en: (p: TrialMailParams & { retry_date: string | null }) => ({
        subject: 'We could not charge your Ember trial device',
        email:
          `${p.firstname}, your free trial has ended and you kept the device, but we could not charge ${p.amount} to your card.\n\n` +
          (p.retry_date ? `We will try again on ${p.retry_date}. ` : 'Please contact us to pay or return the device. ') +
          `Your trial:\n\n${p.link}\n\n${SIGNATURE.en}`,
        sms: `Ember: we could not charge ${p.amount} for your trial device.${p.retry_date ? ` We try again on ${p.retry_date}.` : ''}`,
      }),
      de: (p: TrialMailParams & { retry_date: string | null }) => ({
        subject: 'Ihr Ember-Testgerät konnte nicht abgebucht werden',
        email:
          `${p.firstname}, Ihr Gratistest ist zu Ende und Sie haben das Gerät behalten, aber ${p.amount} konnten nicht von Ihrer Karte abgebucht werden.\n\n` +
          (p.retry_date ? `Wir versuchen es am ${p.retry_date} erneut. ` : 'Bitte kontaktieren Sie uns, um zu bezahlen oder das Gerät zurückzusenden. ') +
          `Ihr Test:\n\n${p.link}\n\n${SIGNATURE.de}`,
        sms: `Ember: ${p.amount} für Ihr Testgerät konnten nicht abgebucht werden.${p.retry_date ? ` Neuer Versuch am ${p.retry_date}.` : ''}`,
      }),
    },
  } satisfies Template<TrialMailParams & { retry_date: string | null }>,
  trial_action_required: {
    secret: false,
    texts: {
      en: (p: TrialMailParams & { order_number: string; pay_link: string }) => ({
        subject: 'Confirm the payment of your Ember trial device',
        email: `${p.firstname}, your bank asks you to confirm the payment of ${p.amount} for the device you kept after your trial (order ${p.order_number}). Confirm it here within three days:\n\n${p.pay_link}\n\n${SIGNATURE.en}`,
        sms: `Ember: please confirm the payment of your trial device: ${p.pay_link}`,
      }),
      de: (p: TrialMailParams & { order_number: string; pay_link: string }) => ({
        subject: 'Bestätigen Sie die Zahlung Ihres Ember-Testgeräts',
        email: `${p.firstname}, Ihre Bank bittet Sie, die Zahlung von ${p.amount} für das Gerät zu bestätigen, das Sie nach Ihrem Test behalten (Bestellung ${p.order_number}). Bestätigen Sie hier innerhalb von drei Tagen:\n\n${p.pay_link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Bitte bestätigen Sie die Zahlung Ihres Testgeräts: ${p.pay_link}`,
      }),
    },
  } satisfies Template<TrialMailParams & { order_number: string; pay_link: string }>,
  trial_refused: {
    secret: false,
    texts: {
      en: (p: TrialMailParams & { order_number: string }) => ({
        subject: 'Your Ember free trial order was cancelled',
        email:
          `${p.firstname}, we cancelled your trial order ${p.order_number} and refunded what you paid: the free trial is one per person, and the card it was paid with ` +
          `has had this trial before (or was not kept for the end of the trial). Nothing more is charged.\n\n${p.link}\n\n${SIGNATURE.en}`,
        sms: `Ember: your trial order ${p.order_number} was cancelled and refunded. The free trial is one per person.`,
      }),
      de: (p: TrialMailParams & { order_number: string }) => ({
        subject: 'Ihre Ember-Gratistest-Bestellung wurde storniert',
        email:
          `${p.firstname}, wir haben Ihre Testbestellung ${p.order_number} storniert und das Bezahlte erstattet: Der Gratistest gilt einmal pro Person, und mit der Karte ` +
          `wurde dieser Test bereits bezahlt (oder sie wurde für das Testende nicht gespeichert). Es wird nichts weiter abgebucht.\n\n${p.link}\n\n${SIGNATURE.de}`,
        sms: `Ember: Ihre Testbestellung ${p.order_number} wurde storniert und erstattet. Der Gratistest gilt einmal pro Person.`,
      }),
    },
  } satisfies Template<TrialMailParams & { order_number: string }>,
  return_authorized: {
    secret: false,
    texts: {
      en: (p: ReturnMailParams & { label_reference: string | null; label_url: string | null; store: string | null }) => ({
        subject: `Your Ember return ${p.return_number} is authorised`,
        email:
          `${p.firstname}, we have authorised your return ${p.return_number} for order ${p.order_number}.\n\n` +
          (p.store
            ? `Please hand the items in at ${p.store}.\n`
            : `Print your prepaid return label (${p.label_reference ?? ''}) and stick it on the parcel:\n${p.label_url ?? ''}\n`) +
          `\nWe refund you once the items have arrived and been checked.\n\n${SIGNATURE.en}`,
        sms: `Ember: your return ${p.return_number} is authorised.`,
      }),
      de: (p: ReturnMailParams & { label_reference: string | null; label_url: string | null; store: string | null }) => ({
        subject: `Ihre Ember-Rücksendung ${p.return_number} ist genehmigt`,
        email:
          `${p.firstname}, wir haben Ihre Rücksendung ${p.return_number} zur Bestellung ${p.order_number} genehmigt.\n\n` +
          (p.store
            ? `Bitte geben Sie die Artikel hier ab: ${p.store}.\n`
            : `Drucken Sie Ihr vorausbezahltes Rücksendeetikett (${p.label_reference ?? ''}) aus und kleben Sie es auf das Paket:\n${p.label_url ?? ''}\n`) +
          `\nSobald die Artikel angekommen und geprüft sind, erstatten wir Ihnen den Betrag.\n\n${SIGNATURE.de}`,
        sms: `Ember: Ihre Rücksendung ${p.return_number} ist genehmigt.`,
      }),
    },
  } satisfies Template<ReturnMailParams & { label_reference: string | null; label_url: string | null; store: string | null }>,
  return_refunded: {
    secret: false,
    texts: {
      en: (p: ReturnMailParams & { amount: string }) => ({
        subject: `Your Ember return ${p.return_number}: ${p.amount} refunded`,
        email:
          `${p.firstname}, we have checked the items of your return ${p.return_number} (order ${p.order_number}) and refund ${p.amount} ` +
          `to your payment method. It can take a few days to show.\n\n${SIGNATURE.en}`,
        sms: `Ember: ${p.amount} of your return ${p.return_number} is refunded.`,
      }),
      de: (p: ReturnMailParams & { amount: string }) => ({
        subject: `Ihre Ember-Rücksendung ${p.return_number}: ${p.amount} erstattet`,
        email:
          `${p.firstname}, wir haben die Artikel Ihrer Rücksendung ${p.return_number} (Bestellung ${p.order_number}) geprüft und erstatten ${p.amount} ` +
          `auf Ihr Zahlungsmittel. Es kann einige Tage dauern, bis der Betrag sichtbar ist.\n\n${SIGNATURE.de}`,
        sms: `Ember: ${p.amount} Ihrer Rücksendung ${p.return_number} sind erstattet.`,
      }),
    },
  } satisfies Template<ReturnMailParams & { amount: string }>,
};

/** What every return e-mail names (docs/decisions/0077). */
export interface ReturnMailParams {
  return_number: string;
  order_number: string;
  firstname: string;
}

/** What every trial e-mail names: the customer, what keeping the device costs (formatted) and where to see the trial. */
export interface TrialMailParams {
  firstname: string;
  amount: string;
  link: string;
}

/** What every subscription e-mail names: the customer, the delivery's date (in the store's format) and where to manage it. */
export interface SubscriptionMailParams {
  firstname: string;
  delivery_date: string;
  link: string;
}

/** Why a renewal was not placed: a rule a one-off order obeys, or no card to charge. */
export type RenewalRefusal = 'age_verification' | 'out_of_stock' | 'limit' | 'address' | 'not_offered' | 'no_card' | 'other';

const REFUSAL_WORDS: Record<MessageLanguage, Record<RenewalRefusal, string>> = {
  en: {
    age_verification: 'your age verification is no longer valid, so your subscription is paused until you verify it again.',
    out_of_stock: 'a product of your subscription is out of stock. Swap it for another flavour, or we try again with your next delivery.',
    limit: 'it would go over the quantity limit of your market.',
    address: 'we cannot deliver to the address of your subscription. Choose another one.',
    not_offered: 'a product of your subscription is no longer offered. Choose another one.',
    no_card: 'there is no saved card to charge. Your subscription is paused.',
    other: 'the order could not be placed.',
  },
  de: {
    age_verification: 'Ihre Altersverifizierung ist nicht mehr gültig; Ihr Abo ist pausiert, bis Sie sie erneuern.',
    out_of_stock: 'ein Produkt Ihres Abos ist nicht vorrätig. Tauschen Sie es gegen eine andere Sorte, sonst versuchen wir es mit der nächsten Lieferung.',
    limit: 'sie würde die Höchstmenge Ihres Marktes überschreiten.',
    address: 'an die Adresse Ihres Abos können wir nicht liefern. Wählen Sie eine andere.',
    not_offered: 'ein Produkt Ihres Abos wird nicht mehr angeboten. Wählen Sie ein anderes.',
    no_card: 'es ist keine Karte gespeichert. Ihr Abo ist pausiert.',
    other: 'die Bestellung konnte nicht aufgegeben werden.',
  },
};

/** What a lead's confirmation e-mail shows: the purposes by name in the reader's language, the link and its last day (formatted). */
export interface LeadMailParams {
  firstname: string;
  purposes: string[];
  link: string;
  expires_on: string;
}

/** What the newsletter's confirmation e-mail shows: the market, the confirmation link and its last day (formatted), the unsubscribe link. */
export interface NewsletterMailParams {
  market: string;
  link: string;
  expires_on: string;
  unsubscribe_link: string;
}

/** What the newsletter's welcome e-mail shows. */
export interface NewsletterWelcomeParams {
  market: string;
  unsubscribe_link: string;
}

/** What the shipping notice shows. */
export interface OrderShippedParams {
  order_number: string;
  firstname: string;
  carrier: string;
  tracking_number: string;
  track_url: string | null;
}

/**
 * What the order e-mails show, amounts already formatted in the order's currency and locale: every
 * line, then every total line of the order, so the lines add up to the total as printed.
 */
export interface OrderMailParams {
  order_number: string;
  firstname: string;
  lines: { quantity: number; name: string; row_total: string }[];
  subtotal: string;
  /** Each discount with its label (coupon or campaign), as a positive amount taken off. */
  discounts: { label: string; amount: string }[];
  shipping: string;
  /** Taxes included in the prices (VAT), each with its title. */
  taxes: { title: string; amount: string }[];
  grand_total: string;
}

const SUMMARY_WORDS = {
  en: { subtotal: 'Subtotal', discount: 'Discount', shipping: 'Shipping', tax: 'Including', total: 'Total' },
  de: { subtotal: 'Zwischensumme', discount: 'Rabatt', shipping: 'Versand', tax: 'inkl.', total: 'Gesamt' },
};

/** The order's lines and total lines, one per row: items, subtotal, each discount, shipping, included taxes, total. */
function orderSummary(language: MessageLanguage, p: OrderMailParams): string {
  const w = SUMMARY_WORDS[language];
  return [
    ...p.lines.map((l) => `${l.quantity} × ${l.name}  ${l.row_total}`),
    '',
    `${w.subtotal}: ${p.subtotal}`,
    ...p.discounts.map((d) => `${w.discount} (${d.label}): −${d.amount}`),
    `${w.shipping}: ${p.shipping}`,
    `${w.total}: ${p.grand_total}`,
    ...p.taxes.map((t) => `${w.tax} ${t.title}: ${t.amount}`),
  ].join('\n');
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
