import { describe, expect, it } from 'vitest';
import { renderBankPage, renderCardPage, renderChallengePage, renderGonePage, SANDBOX_CARD_PROBLEMS } from './payments.sandbox.pages.js';
import type { SandboxSessionRow } from './payments.sandbox.store.js';

const session = (kind: 'card' | 'bank_transfer', currency = 'EUR'): SandboxSessionRow => ({
  token: 'sbx_ses_0123456789abcdef0123456789abcdef', psp_reference: 'P', merchant_account: 'ember', merchant_reference: 'M', order_reference: 'O',
  kind, amount: 4_999, currency, sca_mode: 'none' as SandboxSessionRow['sca_mode'], tokenize: false, return_url: '/de/checkout/success',
  status: 'open' as SandboxSessionRow['status'], card_token: null, card_brand: 'visa', card_last4: '3184', card_exp_month: null, card_exp_year: null, card_fingerprint: null,
  card_outcome: null, refusal_reason: null, refunded_amount: 0, expires_at: new Date(), is_expired: false,
});
const GERMAN = { language: 'de' as const, locale: 'de_DE' };

describe('sandbox hosted pages', () => {
  it('asks for a test card only on the card page; the bank page asks for the transfer\'s approval', () => {
    expect(renderCardPage(session('card'))).toContain('Use a test card below.');
    const bank = renderBankPage(session('bank_transfer'));
    expect(bank).not.toMatch(/test card/i);
    expect(bank).toContain('Approve or cancel the transfer below');
    expect(renderChallengePage(session('card'))).not.toMatch(/test card/i);
  });

  it('speaks German with euros as Germany writes them for a German shop, with no English left', () => {
    const pages = [
      renderCardPage(session('card'), 'The card has expired.', GERMAN),
      renderBankPage(session('bank_transfer'), GERMAN),
      renderChallengePage(session('card'), GERMAN),
      renderGonePage(GERMAN),
    ];
    expect(pages[0]).toContain('<html lang="de">');
    expect(pages[0]).toContain('49,99\u00a0€ bezahlen');
    expect(pages[0]).toContain('Die Karte ist abgelaufen.');
    expect(pages[1]).toContain('49,99\u00a0€ überweisen');
    for (const page of pages) expect(page).not.toMatch(/\b(Pay|Transfer|Approve|Confirm|Card number|test card|no money moves|authorised)\b/);
  });

  it('has German words for every card refusal the sandbox answers', () => {
    for (const problem of SANDBOX_CARD_PROBLEMS) {
      expect(renderCardPage(session('card'), problem, GERMAN)).not.toContain(problem);
    }
  });
});

describe('payment method titles', () => {
  it('titles each method in English and German, and names a method no longer offered by its code', async () => {
    const { paymentMethodsFor, paymentMethodTitle } = await import('./payments.methods.js');
    const english = paymentMethodsFor('gb');
    const german = paymentMethodsFor('de', 'de');
    expect(german.map((m) => m.code)).toEqual(english.map((m) => m.code));
    for (const [i, m] of german.entries()) {
      expect(m.title).not.toBe(english[i]!.title);
      expect(m.description).not.toBe(english[i]!.description);
      expect(paymentMethodTitle(m.code, 'de')).toBe(m.title);
    }
    expect(paymentMethodTitle('checkmo', 'de')).toBe('checkmo');
  });
});
