import { z } from 'zod';
import { EmailSchema } from './identity.js';

/**
 * Wire contracts of the marketing service (spec §7 "Marketing and forms": the newsletter at
 * `/api/messaging/marketing-communications`, its legacy family at `/messaging-legacy`, the one-click
 * unsubscribe of the e-mails' List-Unsubscribe link and the account's newsletter; docs/decisions/0070).
 */

/** Spec §4 "Newsletter". NOT_ACTIVE: the address has no subscription. */
export const NEWSLETTER_STATUSES = ['NOT_ACTIVE', 'SUBSCRIBED', 'UNSUBSCRIBED', 'UNCONFIRMED'] as const;
export const NewsletterStatusSchema = z.enum(NEWSLETTER_STATUSES);
export type NewsletterStatus = z.infer<typeof NewsletterStatusSchema>;

/** A consent purpose id of the consents module's marketing section (`email_marketing`). */
const PurposeIdSchema = z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, 'must be a consent purpose id');

/**
 * `POST /api/messaging/marketing-communications` (and legacy `POST /messaging-legacy/subscribe`):
 * spec §7's fields, plus the age statement a guest confirms and the version of the consent text shown.
 */
export const MarketingSubscribeBodySchema = z.strictObject({
  email: EmailSchema,
  category: z.literal('marketing'),
  /** Marketing purposes agreed to; `email_marketing` must be among them. */
  consents: z.array(PurposeIdSchema).min(1).max(10),
  preferredLanguage: z.string().trim().toLowerCase().regex(/^[a-z]{2}$/, 'must be a two-letter language code'),
  /** "I am of legal age" (the market's legal age): what a guest confirms. */
  ageConfirmed: z.boolean().optional(),
  /** The version of the consent text the person was shown; a text changed since is refused. */
  consentVersion: z.number().int().min(1).max(10_000).optional(),
});
export type MarketingSubscribeBody = z.infer<typeof MarketingSubscribeBodySchema>;

/** The answer to every sign-up, for a new address and a subscribed one alike (no enumeration). */
export const MarketingAcceptedSchema = z.object({ accepted: z.literal(true) });
export type MarketingAccepted = z.infer<typeof MarketingAcceptedSchema>;

export const MarketingSubscriberParamsSchema = z.strictObject({ subscriberUuid: z.uuid() });

/** `{token}`: the token of an e-mailed link, judged by the service (a malformed one is MARKETING_LINK_INVALID). */
export const MarketingTokenParamsSchema = z.strictObject({ token: z.string().min(1).max(200) });
export const MarketingStoreTokenParamsSchema = z.strictObject({ store: z.string().min(1).max(32), token: z.string().min(1).max(200) });

/** A subscription as its link's holder or its customer sees it: the address masked. */
export const MarketingSubscriptionViewSchema = z.object({
  status: NewsletterStatusSchema,
  email_masked: z.string(),
});
export type MarketingSubscriptionView = z.infer<typeof MarketingSubscriptionViewSchema>;

/** RFC 8058 one-click: the body a mail client posts to the List-Unsubscribe link. */
export const OneClickUnsubscribeBodySchema = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') });

/** Legacy `POST /messaging-legacy/unsubscribe`: the token of an e-mail's unsubscribe link. */
export const LegacyUnsubscribeBodySchema = z.strictObject({ token: z.string().min(1).max(200) });

/** `GET /account/users/{uuid}/newsletter`: the account's newsletter in the store view of the `Store` header. */
export const AccountNewsletterSchema = z.object({
  status: NewsletterStatusSchema,
  subscriber_uuid: z.string().nullable(),
  email_masked: z.string(),
  /** Only customers whose age is verified may subscribe from their account. */
  is_age_verified: z.boolean(),
  /** The current version of the e-mail marketing consent text. */
  consent_version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type AccountNewsletter = z.infer<typeof AccountNewsletterSchema>;

/** `POST /account/users/{uuid}/newsletter`: subscribe the account's address (double opt-in). */
export const AccountNewsletterSubscribeBodySchema = z.strictObject({
  consentVersion: z.number().int().min(1).max(10_000).optional(),
});
