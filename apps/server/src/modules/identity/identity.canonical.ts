/**
 * One person's mailbox under its many spellings. Mail providers treat an address case-insensitively,
 * deliver `name+tag@` to `name@`, and some ignore dots in the local part; whoever compares customers
 * (self-referral, one offer per person) compares these canonical forms, never the raw addresses.
 */

/** Domains that are one mailbox provider, under the name the canonical form uses. */
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/** Providers that ignore dots in the local part (`j.doe@` is `jdoe@`). */
const DOTLESS_DOMAINS = new Set(['gmail.com']);

/**
 * The canonical form of an e-mail address: lower case, the `+tag` removed, the provider's domain
 * alias resolved, and dots removed where the provider ignores them. Not an address to send to.
 */
export function canonicalEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  const domainRaw = trimmed.slice(at + 1);
  const domain = DOMAIN_ALIASES[domainRaw] ?? domainRaw;
  let local = trimmed.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** What identifies a person across accounts: the canonical e-mail and, when verified, the phone (E.164). */
export function contactKeys(contact: { email: string; verifiedTelephone: string | null }): string[] {
  const keys = [`email:${canonicalEmail(contact.email)}`];
  if (contact.verifiedTelephone) keys.push(`phone:${contact.verifiedTelephone}`);
  return keys;
}

/** Whether two accounts' contacts belong to the same person (any key in common). */
export function sharesContact(a: string[], b: string[]): boolean {
  return a.some((key) => b.includes(key));
}
