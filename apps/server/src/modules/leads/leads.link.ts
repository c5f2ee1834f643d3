import { readLink, signLink } from '../../platform/signed-link.js';

/**
 * The token of a lead's confirmation link (docs/decisions/0058): the lead's id and the link's expiry,
 * signed with LEADS_LINK_SECRET (platform/signed-link.ts). Nothing is stored: a link is genuine when
 * its signature matches, and the lead's state says what it did.
 */

/** Keeps these signatures apart from any other HMAC made with the same key. */
const CONTEXT = 'ember-lead-confirmation-v1';

export interface LeadLink {
  leadId: string;
  expiresAt: Date;
}

/** The token of a link to confirm `leadId`, valid until `expiresAt` (whole seconds). */
export function signLeadLink(secret: string, leadId: string, expiresAt: Date): string {
  return signLink(secret, CONTEXT, leadId, expiresAt);
}

/** The lead and expiry a token names when its signature is the shop's; null for anything else. */
export function readLeadLink(secret: string, token: string): LeadLink | null {
  const link = readLink(secret, CONTEXT, token);
  return link && { leadId: link.id, expiresAt: link.expiresAt };
}
