/**
 * The soft age gate's memory and its exemptions: a visitor who confirmed is not asked again for a
 * year, and crawlers get the page as it is (the gate is a client overlay over full content).
 */
export const AGE_GATE_COOKIE = 'ember_age_gate';
const ONE_YEAR_S = 365 * 24 * 3600;

const CRAWLER = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|headlesschrome\/.*\bgoogle/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

export function hasConfirmedAge(cookie: string): boolean {
  return cookie.split(';').some((c) => c.trim().startsWith(`${AGE_GATE_COOKIE}=`));
}

export function confirmAgeCookie(store: string, secure: boolean): string {
  return `${AGE_GATE_COOKIE}=${encodeURIComponent(store)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
