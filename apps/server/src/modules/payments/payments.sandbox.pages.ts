import { currencyExponent, toMajor } from '@ember/contracts';
import { SANDBOX_PREFIX, TEST_CARDS } from './payments.sandbox.js';
import type { SandboxSessionRow } from './payments.sandbox.store.js';
import { SANDBOX_WORDS } from './payments.sandbox.words.js';

/**
 * The sandbox PSP's hosted pages: plain server-rendered HTML that runs no script at all, so the
 * shop's strict CSP (script-src 'self', form-action 'self') holds; every value is escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Who reads the page: the language and locale of the shop the payment came from (its return URL). */
export interface PageAudience {
  language: 'en' | 'de';
  locale: string;
}

export const PAGE_ENGLISH: PageAudience = { language: 'en', locale: 'en_GB' };


/** The sandbox's card refusals (payments.sandbox.ts) in German; English is as the sandbox writes them. */
const PROBLEMS_DE: Record<string, string> = {
  'The card number is not valid.': 'Die Kartennummer ist nicht gültig.',
  'The expiry date is not valid.': 'Das Ablaufdatum ist nicht gültig.',
  'The card has expired.': 'Die Karte ist abgelaufen.',
  'The security code is not valid.': 'Die Prüfnummer ist nicht gültig.',
  'The sandbox accepts only its test cards.': 'Die Sandbox akzeptiert nur ihre Testkarten.',
};

/** Every refusal the sandbox's card check can answer (the test checks each has German words). */
export const SANDBOX_CARD_PROBLEMS = Object.keys(PROBLEMS_DE);

/** The test cards' behaviour in German, by the English label. */
const CARD_LABELS_DE: Record<string, string> = {
  'Visa, authorised': 'Visa, genehmigt',
  'Mastercard, authorised': 'Mastercard, genehmigt',
  'Visa, declined: insufficient funds': 'Visa, abgelehnt: Deckung unzureichend',
  'Visa, strong authentication required, every time': 'Visa, starke Authentifizierung bei jeder Zahlung erforderlich',
  'Visa, strong authentication required, later charges exempt': 'Visa, starke Authentifizierung erforderlich, spätere Abbuchungen ausgenommen',
  'Visa, authorised, later charges declined': 'Visa, genehmigt, spätere Abbuchungen abgelehnt',
};

export function fillInText(audience: PageAudience): string {
  return SANDBOX_WORDS[audience.language].fillIn;
}

function problemText(message: string, audience: PageAudience): string {
  return audience.language === 'de' ? PROBLEMS_DE[message] ?? message : message;
}

function cardLabel(label: string, audience: PageAudience): string {
  return audience.language === 'de' ? CARD_LABELS_DE[label] ?? label : label;
}

function amountOf(s: SandboxSessionRow, audience: PageAudience): string {
  return new Intl.NumberFormat(audience.locale.replace('_', '-'), {
    style: 'currency', currency: s.currency, minimumFractionDigits: currencyExponent(s.currency),
  }).format(toMajor(s.amount, s.currency));
}

function layout(audience: PageAudience, banner: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${audience.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} – ${esc(SANDBOX_WORDS[audience.language].site)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f4f4f4; }
main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border: 1px solid #767676; border-radius: .5rem; }
.banner { background: #fff3cd; border: 1px solid #8a6d00; padding: .5rem; margin-bottom: 1rem; }
label { display: block; margin-top: .75rem; font-weight: 600; }
input { font: inherit; padding: .4rem; width: 100%; box-sizing: border-box; border: 1px solid #767676; }
.row { display: flex; gap: .5rem; }
button { font: inherit; margin-top: 1rem; padding: .6rem 1rem; border: 0; border-radius: .3rem; background: #c2410c; color: #fff; cursor: pointer; }
button.secondary { background: #4a4a4a; }
.error { color: #a00; font-weight: 600; }
table { border-collapse: collapse; margin-top: 1rem; font-size: .9rem; }
td, th { border: 1px solid #767676; padding: .25rem .5rem; text-align: left; }
</style>
</head>
<body>
<main>
<p class="banner">${esc(banner)}</p>
${body}
</main>
</body>
</html>`;
}

/** The card form: the card number is posted to the sandbox, which keeps only a token, brand, last four and expiry. */
export function renderCardPage(s: SandboxSessionRow, error: string | null = null, audience: PageAudience = PAGE_ENGLISH): string {
  const w = SANDBOX_WORDS[audience.language];
  const cards = Object.entries(TEST_CARDS)
    .map(([number, c]) => `<tr><td><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${esc(cardLabel(c.label, audience))}</td></tr>`)
    .join('\n');
  const amount = amountOf(s, audience);
  return layout(
    audience,
    w.bannerCard,
    w.cardTitle,
    `<h1>${esc(w.pay(amount))}</h1>
${error ? `<p class="error" role="alert">${esc(problemText(error, audience))}</p>` : ''}
<form method="post" action="${SANDBOX_PREFIX}/pay/${esc(s.token)}" autocomplete="on">
<label for="card_number">${esc(w.cardNumber)}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<div class="row">
<div><label for="exp_month">${esc(w.month)}</label><input id="exp_month" name="exp_month" inputmode="numeric" autocomplete="cc-exp-month" required maxlength="2"></div>
<div><label for="exp_year">${esc(w.year)}</label><input id="exp_year" name="exp_year" inputmode="numeric" autocomplete="cc-exp-year" required maxlength="4"></div>
<div><label for="cvc">${esc(w.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div>
</div>
<label for="holder">${esc(w.holder)}</label>
<input id="holder" name="holder" autocomplete="cc-name" maxlength="100">
<button type="submit">${esc(w.pay(amount))}</button>
</form>
<table><caption>${esc(w.testCards)}</caption>
<thead><tr><th scope="col">${esc(w.number)}</th><th scope="col">${esc(w.behaviour)}</th></tr></thead>
<tbody>
${cards}
</tbody></table>`,
  );
}

/** The issuer's strong-authentication challenge: approve or fail, as a shopper would in the bank's app. */
export function renderChallengePage(s: SandboxSessionRow, audience: PageAudience = PAGE_ENGLISH): string {
  const w = SANDBOX_WORDS[audience.language];
  return layout(
    audience,
    w.bannerChallenge,
    w.challengeTitle,
    `<h1>${esc(w.confirm(amountOf(s, audience)))}</h1>
<p>${esc(w.challengeText(s.card_brand ?? '', s.card_last4 ?? ''))}</p>
<form method="post" action="${SANDBOX_PREFIX}/challenge/${esc(s.token)}">
<button type="submit" name="decision" value="approve">${esc(w.approve)}</button>
<button type="submit" name="decision" value="fail" class="secondary">${esc(w.failAuth)}</button>
</form>`,
  );
}

/** The bank's page of an online transfer. */
export function renderBankPage(s: SandboxSessionRow, audience: PageAudience = PAGE_ENGLISH): string {
  const w = SANDBOX_WORDS[audience.language];
  return layout(
    audience,
    w.bannerBank,
    w.bankTitle,
    `<h1>${esc(w.transfer(amountOf(s, audience)))}</h1>
<p>${esc(w.bankText)}</p>
<form method="post" action="${SANDBOX_PREFIX}/bank/${esc(s.token)}">
<button type="submit" name="decision" value="approve">${esc(w.approveTransfer)}</button>
<button type="submit" name="decision" value="fail" class="secondary">${esc(w.cancelTransfer)}</button>
</form>`,
  );
}

export function renderGonePage(audience: PageAudience = PAGE_ENGLISH): string {
  const w = SANDBOX_WORDS[audience.language];
  return layout(audience, w.bannerGone, w.goneTitle, `<h1>${esc(w.goneHeading)}</h1><p>${esc(w.goneText)}</p>`);
}
