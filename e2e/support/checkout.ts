import type { Locator, Page } from '@playwright/test';
import { SANDBOX_WORDS } from '../../apps/server/src/modules/payments/payments.sandbox.words';
import { messages } from './shop';

/** The checkout's address step with a typed address, saved. */
export async function fillCheckoutAddress(
  main: Locator, language: 'en' | 'de', shopper: { firstname: string; lastname: string }, address: { street: string; postcode: string; city: string },
): Promise<void> {
  const t = messages(language);
  await main.getByLabel(t('account.fields.firstname')).fill(shopper.firstname);
  await main.getByLabel(t('account.fields.lastname')).fill(shopper.lastname);
  await main.getByLabel(t('account.fields.street1')).fill(address.street);
  await main.getByLabel(t('account.fields.postcode')).fill(address.postcode);
  await main.getByLabel(t('account.fields.city')).fill(address.city);
  await main.getByRole('button', { name: t('checkout.address.save') }).click();
}

/** A test card on the sandbox's hosted card page (in the shop's language), submitted. */
export async function payOnCardPage(page: Page, language: 'en' | 'de', opts: { number?: string; holder?: string; month?: number; yearsAhead?: number } = {}): Promise<void> {
  const w = SANDBOX_WORDS[language];
  await page.getByLabel(w.cardNumber).fill(opts.number ?? '4111 1111 1111 1111');
  await page.getByLabel(w.month).fill(String(opts.month ?? 12));
  await page.getByLabel(w.year).fill(String(new Date().getFullYear() + (opts.yearsAhead ?? 2)));
  await page.getByLabel(w.cvc).fill('123');
  if (opts.holder) await page.getByLabel(w.holder).fill(opts.holder);
  await page.getByRole('button', { name: w.pay('').trim() }).click();
}
