import { NEVER_EXPIRES, readLink, signLink } from '../../platform/signed-link.js';

/**
 * The newsletter's two e-mailed links (docs/decisions/0070), signed with MARKETING_LINK_SECRET
 * (platform/signed-link.ts): the confirmation of a sign-up (expires after MARKETING_LINK_TTL_DAYS) and
 * the unsubscribe link every marketing e-mail carries (never expires: an old e-mail still unsubscribes).
 * Each purpose has its own context, so a confirmation token never unsubscribes and the other way round.
 */

const CONFIRM = 'ember-newsletter-confirmation-v1';
const UNSUBSCRIBE = 'ember-newsletter-unsubscribe-v1';

export interface NewsletterLink {
  subscriberId: string;
  expiresAt: Date;
}

const named = (link: { id: string; expiresAt: Date } | null): NewsletterLink | null => link && { subscriberId: link.id, expiresAt: link.expiresAt };

/** The token of the link that confirms `subscriberId`'s sign-up, valid until `expiresAt`. */
export function signConfirmLink(secret: string, subscriberId: string, expiresAt: Date): string {
  return signLink(secret, CONFIRM, subscriberId, expiresAt);
}

export function readConfirmLink(secret: string, token: string): NewsletterLink | null {
  return named(readLink(secret, CONFIRM, token));
}

/** The token of `subscriberId`'s unsubscribe link. */
export function signUnsubscribeLink(secret: string, subscriberId: string): string {
  return signLink(secret, UNSUBSCRIBE, subscriberId, NEVER_EXPIRES);
}

export function readUnsubscribeLink(secret: string, token: string): NewsletterLink | null {
  return named(readLink(secret, UNSUBSCRIBE, token));
}

/** The headers of a marketing e-mail (RFC 2369, RFC 8058): its unsubscribe link, answered by a one-click POST. */
export function unsubscribeHeaders(link: string, mailto?: string): Record<string, string> {
  if (!/^https?:\/\/[^\s<>,]+$/.test(link)) throw new Error('An unsubscribe link is an absolute http(s) URL');
  const targets = [`<${link}>`];
  if (mailto) {
    if (!/^[^\s<>,@]+@[^\s<>,@]+$/.test(mailto)) throw new Error('An unsubscribe mailbox is a plain e-mail address');
    targets.push(`<mailto:${mailto}?subject=unsubscribe>`);
  }
  return { 'List-Unsubscribe': targets.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** An address as a link's holder sees it: `a***@e***.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}
