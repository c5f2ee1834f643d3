import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { graphql, messages } from './shop';

/** The terms checkbox's accessible name in a language: the catalogue's text without its link tags. */
export function termsLabel(language: 'en' | 'de' = 'en'): string {
  return messages(language)('legal.acceptTerms').replace(/<\/?[a-z]+>/g, '');
}

/** The "I accept the terms and conditions ..." checkbox inside `scope` (a form, the payment step, the page). */
export function termsCheckbox(scope: Page | Locator, language: 'en' | 'de' = 'en'): Locator {
  return scope.getByRole('checkbox', { name: termsLabel(language) });
}

/**
 * Ticks the terms checkbox, as every registration and every order needs (docs/decisions/0027).
 * Journeys that register in the browser or click "Place order" call this first.
 */
export async function acceptTerms(scope: Page | Locator, language: 'en' | 'de' = 'en'): Promise<void> {
  const box = termsCheckbox(scope, language);
  await box.check();
  await expect(box).toBeChecked();
}

/** Ticks the terms in the payment step and clicks "Place order". */
export async function acceptTermsAndPlaceOrder(scope: Page | Locator, language: 'en' | 'de' = 'en'): Promise<void> {
  await acceptTerms(scope, language);
  await scope.getByRole('button', { name: messages(language)('checkout.placeOrder') }).click();
}

/** The store view's checkout agreement ids, for journeys that place orders through the API. */
export async function checkoutAgreementIds(request: APIRequestContext, store = 'gb'): Promise<number[]> {
  const data = await graphql<{ checkoutAgreements: { agreement_id: number }[] }>(request, '{ checkoutAgreements { agreement_id } }', {}, store);
  return data.checkoutAgreements.map((a) => a.agreement_id);
}

/** setPaymentMethodOnCart with the card and the store's agreements ticked; variables `$c` and `$ids`. */
export const SET_CARD_WITH_TERMS =
  'mutation ($c: String!, $ids: [Int!]) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: "ember_card", agreement_ids: $ids}}) { cart { id } } }';
