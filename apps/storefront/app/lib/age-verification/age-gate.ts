/**
 * The soft age gate's memory and its exemptions: a visitor who confirmed is not asked again for a
 * year, and crawlers get the page as it is (the gate is a client overlay over full content).
 */
export const AGE_GATE_COOKIE = 'ember_age_gate';
const ONE_YEAR_S = 365 * 24 * 3600;

const CRAWLER = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|headlesschrome\/.*\bgoogle/i;

/** The class the document carries from its head until the gate is open as a modal dialog. */
export const AGE_GATE_PENDING = 'age-gate-pending';

/**
 * The document head's script: marks a visitor who has not answered (and is no crawler) before the
 * first paint, so the server-rendered gate shows at once. Page HTML is the same for everyone (the
 * page cache, docs/decisions/0042): the server reads no cookie, the browser decides.
 */
export const AGE_GATE_SCRIPT =
  `if(!/(?:^|;)\\s*${AGE_GATE_COOKIE}=/.test(document.cookie)&&!${CRAWLER}.test(navigator.userAgent))` +
  `document.documentElement.classList.add(${JSON.stringify(AGE_GATE_PENDING)})`;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

export function hasConfirmedAge(cookie: string): boolean {
  return cookie.split(';').some((c) => c.trim().startsWith(`${AGE_GATE_COOKIE}=`));
}

export function confirmAgeCookie(store: string, secure: boolean): string {
  return `${AGE_GATE_COOKIE}=${encodeURIComponent(store)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
