import { randomUUID } from 'node:crypto';
import type { AccountNewsletter, MarketingAccepted, MarketingSubscribeBody, MarketingSubscriptionView, NewsletterStatus } from '@ember/contracts';
import type { Queryable, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import type { ConsentService } from '../consents/consents.service.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { TemplateParams } from '../messaging/messaging.templates.js';
import type { StoreService, StoreView } from '../store/store.service.js';
import { maskEmail, readConfirmLink, readUnsubscribeLink, signConfirmLink, signUnsubscribeLink, unsubscribeHeaders } from './marketing.link.js';
import * as store from './marketing.store.js';
import type { SignUp, SubscriberRow } from './marketing.store.js';

/** What the newsletter asks of the accounts: an account's address and age flag, and the account of an address. */
export interface MarketingCustomersPort {
  ageFacts(q: Queryable, uuid: string): Promise<{ email: string; is_age_verified: boolean } | null>;
  activeAccountByEmail(q: Queryable, email: string): Promise<{ uuid: string; store_code: string } | null>;
}

export interface MarketingDeps {
  consents: ConsentService;
  messaging: MessagingService;
  stores: StoreService;
  customers: MarketingCustomersPort;
  /** The legal age of a country (the age-verification module's rules). */
  minimumAge(q: Queryable, country: string): Promise<number>;
  /** A storefront page's absolute URL in a store view, from configuration only. */
  linkTo(storeCode: string, path: string): string;
}

export interface MarketingSettings {
  /** MARKETING_LINK_SECRET: the HMAC key of the confirmation and unsubscribe links. */
  linkSecret: string;
  /** MARKETING_LINK_TTL_DAYS: how long a confirmation link works. */
  linkTtlDays: number;
}

/** Who signs up: a guest who stated their age, or a customer whose account's age is verified. */
type Signer = { kind: 'guest'; ageConfirmed: boolean } | { kind: 'customer'; uuid: string };

/** Where a change came from and the client address (marketing_subscriber_event). */
export interface ChangeMeta {
  source: 'api' | 'legacy' | 'footer' | 'account' | 'confirmation_link' | 'one_click' | 'unsubscribe_page';
  ip: string | null;
}

/** The purpose the newsletter is: news by e-mail, in the consents module's marketing section. */
export const NEWSLETTER_PURPOSE = 'email_marketing';
/** Where a consent given or withdrawn through the newsletter is recorded as coming from (consent_history.source). */
const CONSENT_SOURCE = 'newsletter';
const DAY_MS = 86_400_000;
/** A sign-up again within this time of the last confirmation e-mail sends no second one. */
const RESEND_AFTER_MS = 60_000;
const ACCEPTED: MarketingAccepted = { accepted: true };
/** The marketing e-mails: each carries List-Unsubscribe and List-Unsubscribe-Post. */
type MarketingTemplate = 'newsletter_confirmation' | 'newsletter_welcome';

/**
 * The newsletter (spec §3 "Marketing subscriber", §4 "Newsletter", docs/decisions/0070): double opt-in
 * by a signed, expiring e-mailed link; only confirmed adults (a customer whose age is verified, or a
 * guest who stated they are of the market's legal age); the consent's text version and every change
 * kept; each marketing e-mail carries a one-click unsubscribe link (RFC 8058). A sign-up answers the
 * same whatever the address's state, so nobody learns who is subscribed. Writes run in the caller's transaction.
 */
export class MarketingService {
  constructor(
    private readonly deps: MarketingDeps,
    private readonly settings: MarketingSettings,
  ) {}

  /**
   * A guest's sign-up (`POST /api/messaging/marketing-communications`, legacy `/subscribe`, the footer):
   * a new or lapsed address becomes UNCONFIRMED and is e-mailed the confirmation link; a subscribed one
   * changes nothing and is sent nothing. The answer is the same in every case.
   */
  async subscribe(tx: Tx, view: StoreView, body: MarketingSubscribeBody, meta: ChangeMeta): Promise<MarketingAccepted> {
    return this.signUp(tx, view, body.email, body, { kind: 'guest', ageConfirmed: body.ageConfirmed === true }, meta);
  }

  /** A customer's sign-up from their account: the account's address, refused until their age is verified. Double opt-in as a guest's. */
  async subscribeAccount(tx: Tx, view: StoreView, uuid: string, consentVersion: number | undefined, meta: ChangeMeta): Promise<AccountNewsletter> {
    const facts = await this.deps.customers.ageFacts(tx, uuid);
    if (!facts) throw new AppError('NOT_FOUND', 'No such customer');
    await this.signUp(tx, view, facts.email, { consents: [NEWSLETTER_PURPOSE], preferredLanguage: view.language, consentVersion }, { kind: 'customer', uuid }, meta);
    return this.accountStatus(tx, view, uuid);
  }

  /**
   * Confirms the sign-up a genuine link names, once (`POST .../confirm/{token}`): SUBSCRIBED, the consent
   * granted to the address's account in the store view's website, and the welcome e-mail. A link that is
   * malformed, forged, of a subscriber that is gone or of one that unsubscribed since is MARKETING_LINK_INVALID;
   * an unconfirmed sign-up's link past its expiry is MARKETING_LINK_EXPIRED; a subscribed one answers the same again.
   */
  async confirm(tx: Tx, token: string, meta: ChangeMeta, now = new Date()): Promise<MarketingSubscriptionView> {
    // The signature first: a forged link costs no database work.
    const link = readConfirmLink(this.settings.linkSecret, token);
    const found = link && (await store.lockSubscriber(tx, link.subscriberId));
    if (!link || !found || found.status === 'UNSUBSCRIBED' || found.status === 'NOT_ACTIVE') {
      throw new AppError('MARKETING_LINK_INVALID', phrase('marketing.linkInvalid'));
    }
    if (found.status === 'SUBSCRIBED') return viewOf(found);
    if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('MARKETING_LINK_EXPIRED', phrase('marketing.linkExpired'));
    const account = found.user_uuid ?? (await this.accountOf(tx, found));
    const subscribed = await store.setStatus(tx, found.id, 'SUBSCRIBED', account);
    await store.insertEvent(tx, subscribed, meta.source, meta.ip);
    if (account) await this.deps.consents.update(tx, account, subscribed.consents.map((purpose_id) => ({ purpose_id, granted: true })), { source: CONSENT_SOURCE, ip: meta.ip });
    const view = await this.deps.stores.resolve(subscribed.store_code, tx);
    this.sendMarketing(tx, subscribed, 'newsletter_welcome', { market: view.name, unsubscribe_link: this.unsubscribeLink(subscribed) });
    return viewOf(subscribed);
  }

  /** What an unsubscribe link's holder sees before pressing the button: the status and the address masked. */
  async linkView(q: Queryable, token: string): Promise<MarketingSubscriptionView> {
    const link = readUnsubscribeLink(this.settings.linkSecret, token);
    const found = link && (await store.findSubscriber(q, link.subscriberId));
    if (!found) throw new AppError('MARKETING_LINK_INVALID', phrase('marketing.linkInvalid'));
    return viewOf(found);
  }

  /**
   * Unsubscribes the subscriber an unsubscribe link names (the one-click POST, the unsubscribe page, legacy
   * `/unsubscribe`), without a login; idempotent. The account's e-mail consent is withdrawn with it.
   */
  async unsubscribeByLink(tx: Tx, token: string, meta: ChangeMeta): Promise<MarketingSubscriptionView> {
    const link = readUnsubscribeLink(this.settings.linkSecret, token);
    const found = link && (await store.lockSubscriber(tx, link.subscriberId));
    if (!found) throw new AppError('MARKETING_LINK_INVALID', phrase('marketing.linkInvalid'));
    return viewOf(await this.unsubscribe(tx, found, meta));
  }

  /**
   * `DELETE /api/messaging/marketing-communications/{subscriberUuid}`: the signed-in customer's own
   * subscription (of their account or their address) ends; any other id answers NOT_FOUND like a missing one.
   */
  async unsubscribeById(tx: Tx, subscriberId: string, uuid: string, meta: ChangeMeta): Promise<MarketingSubscriptionView> {
    const found = await store.lockSubscriber(tx, subscriberId);
    const facts = found && (await this.deps.customers.ageFacts(tx, uuid));
    if (!found || !facts || (found.user_uuid !== uuid && found.email !== facts.email.toLowerCase())) throw new AppError('NOT_FOUND', 'No such subscription');
    return viewOf(await this.unsubscribe(tx, found, meta));
  }

  /** The account's newsletter in a store view: its address's subscription, or NOT_ACTIVE. */
  async accountStatus(q: Queryable, view: StoreView, uuid: string): Promise<AccountNewsletter> {
    const facts = await this.deps.customers.ageFacts(q, uuid);
    if (!facts) throw new AppError('NOT_FOUND', 'No such customer');
    const found = await store.findSubscriberOf(q, view.code, facts.email.toLowerCase());
    const version = (await this.deps.consents.purposeVersions(q, [NEWSLETTER_PURPOSE])).get(NEWSLETTER_PURPOSE) ?? 1;
    return {
      status: found?.status ?? 'NOT_ACTIVE', subscriber_uuid: found?.id ?? null, email_masked: maskEmail(facts.email.toLowerCase()),
      is_age_verified: facts.is_age_verified, consent_version: version, updated_at: found ? new Date(found.updated_at).toISOString() : null,
    };
  }

  /** The account's newsletter ends in a store view (from the account's communication preferences). */
  async unsubscribeAccount(tx: Tx, view: StoreView, uuid: string, meta: ChangeMeta): Promise<AccountNewsletter> {
    const facts = await this.deps.customers.ageFacts(tx, uuid);
    if (!facts) throw new AppError('NOT_FOUND', 'No such customer');
    const found = await store.lockSubscriberOf(tx, view.code, facts.email.toLowerCase());
    if (found) await this.unsubscribe(tx, found, meta);
    return this.accountStatus(tx, view, uuid);
  }

  /** The data-subject export: the subscriptions of the subject's addresses and account, with every change. */
  async exportFor(q: Queryable, emails: string[], uuid: string | null) {
    const subscribers = await store.subscribersOf(q, emails, uuid);
    const events = await store.eventsOf(q, subscribers.map((s) => s.id));
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    return subscribers.map((s) => ({
      uuid: s.id, store_code: s.store_code, category: s.category, email: s.email, status: s.status, preferred_language: s.preferred_language,
      consents: s.consents, consent_versions: s.consent_versions, age_basis: s.age_basis, legal_age: s.legal_age, age_confirmed_at: iso(s.age_confirmed_at),
      requested_at: iso(s.requested_at), confirmed_at: iso(s.confirmed_at), unsubscribed_at: iso(s.unsubscribed_at), created_at: iso(s.created_at),
      history: events.filter((e) => e.subscriber_id === s.id).map((e) => ({
        status: e.status, consents: e.consents, consent_versions: e.consent_versions, source: e.source, ip: e.ip, changed_at: iso(e.created_at),
      })),
    }));
  }

  /** Erasure: the subscriptions of the subject's addresses and account go, with their history. */
  eraseFor(tx: Tx, emails: string[], uuid: string | null): Promise<number> {
    return store.deleteSubscribersOf(tx, emails, uuid);
  }

  private async signUp(
    tx: Tx, view: StoreView, rawEmail: string, body: Pick<MarketingSubscribeBody, 'consents' | 'preferredLanguage' | 'consentVersion'>, signer: Signer, meta: ChangeMeta,
  ): Promise<MarketingAccepted> {
    const email = rawEmail.trim().toLowerCase();
    const consents = [...new Set(body.consents)];
    const offered = new Set((await this.deps.consents.marketingPurposes(tx, 'en')).map((p) => p.id));
    const unknown = consents.find((p) => !offered.has(p));
    if (unknown) throw new AppError('VALIDATION_FAILED', phrase('marketing.unknownPurpose', { purpose: unknown }), { fields: { consents: unknown } });
    if (!consents.includes(NEWSLETTER_PURPOSE)) throw new AppError('VALIDATION_FAILED', phrase('marketing.emailConsentMissing'), { fields: { consents: NEWSLETTER_PURPOSE } });
    const versions = await this.deps.consents.purposeVersions(tx, consents);
    if (body.consentVersion !== undefined && body.consentVersion !== versions.get(NEWSLETTER_PURPOSE)) {
      throw new AppError('VALIDATION_FAILED', phrase('marketing.consentChanged'), { fields: { consentVersion: 'changed' } });
    }
    const legalAge = await this.deps.minimumAge(tx, view.default_country);
    let userUuid: string | null = null;
    if (signer.kind === 'guest') {
      if (!signer.ageConfirmed) throw new AppError('VALIDATION_FAILED', phrase('marketing.ageNotConfirmed', { age: legalAge }), { fields: { ageConfirmed: 'required' } });
    } else {
      const facts = await this.deps.customers.ageFacts(tx, signer.uuid);
      if (!facts?.is_age_verified) throw new AppError('AGE_VERIFICATION_REQUIRED', phrase('marketing.ageNotVerified'));
      userUuid = signer.uuid;
    }
    const signUp: SignUp = {
      email, preferred_language: body.preferredLanguage, consents, consent_versions: Object.fromEntries(consents.map((p) => [p, versions.get(p) ?? 1])),
      user_uuid: userUuid, age_basis: signer.kind === 'customer' ? 'account_verified' : 'self_declared', legal_age: legalAge,
    };
    let subscriber = await store.insertSubscriber(tx, randomUUID(), view.code, signUp);
    if (!subscriber) {
      const known = await store.lockSubscriberOf(tx, view.code, email);
      if (!known) throw new Error('marketing subscriber vanished under its unique key');
      // Subscribed already: nothing changes and nothing is sent; an unconfirmed sign-up just e-mailed is not e-mailed again at once.
      if (known.status === 'SUBSCRIBED') return ACCEPTED;
      if (known.status === 'UNCONFIRMED' && Date.now() - new Date(known.requested_at).getTime() < RESEND_AFTER_MS) return ACCEPTED;
      subscriber = await store.renewSignUp(tx, known.id, signUp);
    }
    await store.insertEvent(tx, subscriber, meta.source, meta.ip);
    const expiresAt = new Date(Math.floor((Date.now() + this.settings.linkTtlDays * DAY_MS) / 1000) * 1000);
    const token = signConfirmLink(this.settings.linkSecret, subscriber.id, expiresAt);
    this.sendMarketing(tx, subscriber, 'newsletter_confirmation', {
      market: view.name,
      link: this.deps.linkTo(subscriber.store_code, `/newsletter/confirm/${token}`),
      expires_on: new Intl.DateTimeFormat(localeOf(view, subscriber.preferred_language), { dateStyle: 'long', timeZone: view.timezone }).format(expiresAt),
      unsubscribe_link: this.unsubscribeLink(subscriber),
    });
    return ACCEPTED;
  }

  private async unsubscribe(tx: Tx, found: SubscriberRow, meta: ChangeMeta): Promise<SubscriberRow> {
    if (found.status === 'UNSUBSCRIBED') return found;
    const done = await store.setStatus(tx, found.id, 'UNSUBSCRIBED', null);
    await store.insertEvent(tx, done, meta.source, meta.ip);
    if (done.user_uuid) {
      await this.deps.consents.update(tx, done.user_uuid, done.consents.map((purpose_id) => ({ purpose_id, granted: false })), { source: CONSENT_SOURCE, ip: meta.ip });
    }
    return done;
  }

  /** The active account of the subscriber's address in its store view's website, if any. */
  private async accountOf(q: Queryable, s: SubscriberRow): Promise<string | null> {
    const account = await this.deps.customers.activeAccountByEmail(q, s.email);
    if (!account) return null;
    const views = await this.deps.stores.list(q);
    const website = views.find((v) => v.code === s.store_code)?.website_code;
    return views.some((v) => v.code === account.store_code && v.website_code === website) ? account.uuid : null;
  }

  private unsubscribeLink(s: SubscriberRow): string {
    return this.deps.linkTo(s.store_code, `/unsubscribe/${signUnsubscribeLink(this.settings.linkSecret, s.id)}`);
  }

  /** A marketing e-mail: in the subscriber's language, with its one-click unsubscribe headers. */
  private sendMarketing<T extends MarketingTemplate>(tx: Tx, s: SubscriberRow, template: T, params: TemplateParams<T>): void {
    const headers = unsubscribeHeaders(this.unsubscribeLink(s));
    this.deps.messaging.queue(tx, { channel: 'email', recipient: s.email, language: s.preferred_language, template, params, headers });
  }
}

/** The locale dates are written in: the store view's when the reader's language is its, else the language. */
function localeOf(view: StoreView, language: string): string {
  return language === view.language ? view.locale.replace('_', '-') : language;
}

function viewOf(s: SubscriberRow): MarketingSubscriptionView {
  return { status: s.status as NewsletterStatus, email_masked: maskEmail(s.email) };
}
