import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectNoSeriousViolations } from './axe';
import { ADMIN_TOKEN } from './shop';

/** The console's shared English texts (each area's own are in `i18n/en/<area>.json`). */
export const consoleEn = JSON.parse(readFileSync(new URL('../../apps/console/src/i18n/en.json', import.meta.url), 'utf8')) as typeof import('../../apps/console/src/i18n/en.json');

/** One area's texts in a language, from `apps/console/src/i18n/<language>/<area>.json`. */
export function consoleAreaTexts<T = Record<string, unknown>>(area: string, language: 'en' | 'de' = 'en'): T {
  return JSON.parse(readFileSync(new URL(`../../apps/console/src/i18n/${language}/${area}.json`, import.meta.url), 'utf8')) as T;
}

export type OperatorRole = 'owner' | 'fulfilment' | 'compliance' | 'marketing' | 'support';

export interface OperatorLogin {
  uuid: string;
  email: string;
  name: string;
  password: string;
}

/** Adds an operator through the API as a script (bearer ADMIN_TOKEN) would. */
export async function createConsoleOperator(page: Page, role: OperatorRole): Promise<OperatorLogin> {
  const id = randomBytes(5).toString('hex');
  const operator = { email: `${role}-${id}@example.com`, name: `Operator ${id}`, password: `Console-${id}-Pw1!` };
  const response = await page.request.post('/admin/operators', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, data: { ...operator, role } });
  expect(response.status(), await response.text()).toBe(201);
  const { uuid } = (await response.json()) as { uuid: string };
  return { ...operator, uuid };
}

/** The authenticator's current code for a base32 secret. */
export function consoleTotpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** Creates an operator of the role, signs in at /console and enrols the authenticator; ends on the dashboard. */
export async function signInToConsole(page: Page, role: OperatorRole): Promise<OperatorLogin> {
  const operator = await createConsoleOperator(page, role);
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel(consoleEn.login.email).fill(operator.email);
  await page.getByLabel(consoleEn.login.password).fill(operator.password);
  await page.getByRole('button', { name: consoleEn.login.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: consoleEn.enrol.title })).toBeVisible();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  await page.getByLabel(consoleEn.totp.code).fill(consoleTotpCode(secret!));
  await page.getByRole('button', { name: consoleEn.enrol.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: consoleEn.dashboard.title })).toBeVisible();
  return operator;
}

/** The console's main navigation. */
export const consoleNav = (page: Page) => page.getByRole('navigation', { name: consoleEn.app.navigation });

/** No part of the page wider than the phone. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, what).toBeLessThanOrEqual(widths.inner);
}

/** Axe, then the phone's width (no sideways scroll, axe again), then back to the desktop. */
export async function checkConsolePage(page: Page, what: string): Promise<void> {
  await expectNoSeriousViolations(page, what);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, `${what} at 390 px`);
  await expectNoSeriousViolations(page, `${what} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
}
