import { currencyExponent, toMajor } from '@ember/contracts';
import { SANDBOX_PREFIX, TEST_CARDS } from './payments.sandbox.js';
import type { SandboxSessionRow } from './payments.sandbox.store.js';

/**
 * The sandbox PSP's hosted pages: plain server-rendered HTML that runs no script at all, so the
 * shop's strict CSP (script-src 'self', form-action 'self') holds; every value is escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function amountOf(s: SandboxSessionRow): string {
  return `${toMajor(s.amount, s.currency).toFixed(currencyExponent(s.currency))} ${s.currency}`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} – Ember payment sandbox</title>
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
<p class="banner">TEST mode: no money moves. Use a test card below.</p>
${body}
</main>
</body>
</html>`;
}

/** The card form: the card number is posted to the sandbox, which keeps only a token, brand, last four and expiry. */
export function renderCardPage(s: SandboxSessionRow, error: string | null = null): string {
  const cards = Object.entries(TEST_CARDS)
    .map(([number, c]) => `<tr><td><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${esc(c.label)}</td></tr>`)
    .join('\n');
  return layout(
    'Card payment',
    `<h1>Pay ${esc(amountOf(s))}</h1>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${SANDBOX_PREFIX}/pay/${esc(s.token)}" autocomplete="on">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<div class="row">
<div><label for="exp_month">Month (MM)</label><input id="exp_month" name="exp_month" inputmode="numeric" autocomplete="cc-exp-month" required maxlength="2"></div>
<div><label for="exp_year">Year (YYYY)</label><input id="exp_year" name="exp_year" inputmode="numeric" autocomplete="cc-exp-year" required maxlength="4"></div>
<div><label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div>
</div>
<label for="holder">Name on card</label>
<input id="holder" name="holder" autocomplete="cc-name" maxlength="100">
<button type="submit">Pay ${esc(amountOf(s))}</button>
</form>
<table><caption>Test cards (any future expiry, any 3-digit code)</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Behaviour</th></tr></thead>
<tbody>
${cards}
</tbody></table>`,
  );
}

/** The issuer's strong-authentication challenge: approve or fail, as a shopper would in the bank's app. */
export function renderChallengePage(s: SandboxSessionRow): string {
  return layout(
    'Confirm the payment',
    `<h1>Confirm ${esc(amountOf(s))}</h1>
<p>Your bank asks you to confirm this payment with card ${esc(s.card_brand ?? '')} ending ${esc(s.card_last4 ?? '')}.</p>
<form method="post" action="${SANDBOX_PREFIX}/challenge/${esc(s.token)}">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="fail" class="secondary">Fail authentication</button>
</form>`,
  );
}

/** The bank's page of an online transfer. */
export function renderBankPage(s: SandboxSessionRow): string {
  return layout(
    'Online bank transfer',
    `<h1>Transfer ${esc(amountOf(s))}</h1>
<p>Sandbox Bank asks you to approve the transfer to Ember.</p>
<form method="post" action="${SANDBOX_PREFIX}/bank/${esc(s.token)}">
<button type="submit" name="decision" value="approve">Approve transfer</button>
<button type="submit" name="decision" value="fail" class="secondary">Cancel transfer</button>
</form>`,
  );
}

export function renderGonePage(): string {
  return layout('Session ended', '<h1>This payment session has ended</h1><p>It was completed, cancelled or has expired. Return to the shop to see your order.</p>');
}
