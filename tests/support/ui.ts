/**
 * Steps through the UI the way a person does it. Every helper waits for what a person would see
 * (a heading, a URL), never for a fixed time.
 *
 *   await openPage(page, '/login');            // waits until the startup splash is gone
 *   await loginViaUi(page, admin);             // ends on /reservations
 *   await logoutViaUi(page);                   // /profile → 'Abmelden' → ends on /
 */
import type { Locator, Page } from 'playwright-core';
import { formatDateDe, formatMonthDe, MONTHS_DE } from '@platzbuchung/domain/dates';
import { expect } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import { SERVER_RENDERED_ATTRIBUTE } from '@platzbuchung/host/contract';
import { loginViaApi, type Credentials } from './api';
import type { ChromiumHandle, ViewportName } from './chromium';

/** Generous for a first load that compiles nothing but fetches every remote chunk once. */
export const UI_TIMEOUT_MS = 20_000;

/** A page of a fresh browser context, logged in as this member and nobody else. */
export async function pageAs(
  browser: ChromiumHandle,
  account: Credentials,
  viewport: ViewportName = 'phone',
): Promise<Page> {
  await browser.freshContext();
  await loginViaApi(browser.context, account);
  return browser.newPage(viewport);
}

/** Opens `path` and waits until the shell has finished starting (its splash is gone). */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForStartup(page);
}

export async function waitForStartup(page: Page): Promise<void> {
  // A member's page has a frame from the server until the shell renders (services/api/src/http/page-frame.ts).
  await page.locator('[data-page-frame]').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  // A stranger's page is rendered by the server and works once React has hydrated it, which then
  // drops the root's mark (services/api/src/http/painted-pages.ts).
  await page
    .locator(`#root[${SERVER_RENDERED_ATTRIBUTE}]`)
    .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  await page.locator('#main').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  await page.getByText(texts.startupSplash).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

/** The main heading of the screen, once a remote (or the shell) has rendered it. */
export function mainHeading(page: Page): Locator {
  return page.locator('#main h1');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form control by its visible label, exactly, with or without the ' *' of a required field. */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}(\\s*\\*)?\\s*$`));
}

/**
 * Picks the club in the sign-up form: a plain list while the site has few clubs, a search box with
 * suggestions once it has many (the e2e database gains clubs as the run goes on).
 */
export async function pickClub(page: Page, name: string): Promise<void> {
  const search = page.locator('input[name="club_id-search"]');
  if ((await search.count()) === 0) {
    await field(page, 'Verein').selectOption({ label: name });
    return;
  }
  await search.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

/** Waits until the form's fields are there (forms show 'Loading...' until their schema arrived). */
export async function waitForForm(page: Page, submitLabel: string): Promise<void> {
  await page
    .getByRole('button', { name: submitLabel, exact: true })
    .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

/** Logs in on /login and waits for /reservations. */
export async function loginViaUi(page: Page, credentials: Credentials): Promise<void> {
  await openPage(page, '/login');
  await waitForForm(page, texts.submitLogin);
  await field(page, 'E-Mail').fill(credentials.email);
  await field(page, 'Passwort').fill(credentials.password);
  await page.getByRole('button', { name: texts.submitLogin, exact: true }).click();
  await page.waitForURL('**/reservations', { timeout: UI_TIMEOUT_MS });
}

/** Logs out through the account panel ('Abmelden' on /profile) and waits for /. */
export async function logoutViaUi(page: Page): Promise<void> {
  await openPage(page, '/profile');
  await page.getByRole('button', { name: texts.logout }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: UI_TIMEOUT_MS });
}

/** The path (and query) the page shows right now. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** "Mo., 23.11.2026" (or "23.11.2026") → "2026-11-23"; anything else is a test failure. */
export function isoFromGerman(text: string): string {
  const match = /(\d{2})\.(\d{2})\.(\d{4})/.exec(text);
  if (!match) throw new Error(`no German date in "${text}"`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/**
 * Chooses `date` (YYYY-MM-DD) in a German date field (packages/ui date-field) as a person does:
 * opens its calendar, pages to the month and clicks the day.
 */
export async function pickDate(page: Page, dateField: Locator, date: string): Promise<void> {
  await dateField.click();
  const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
  await calendar.waitFor({ timeout: UI_TIMEOUT_MS });
  // Page from the month the calendar shows (its title, "November 2026") to the wanted one.
  const wanted = formatMonthDe(date);
  const title = calendar.locator('[aria-live]');
  const monthIndex = (text: string) => {
    const [month, year] = text.trim().split(' ');
    return Number(year) * 12 + (MONTHS_DE as readonly string[]).indexOf(month ?? '');
  };
  const months = monthIndex(wanted) - monthIndex(await title.innerText());
  const step = calendar.getByRole('button', { name: months > 0 ? 'Nächster Monat' : 'Vorheriger Monat' });
  for (let i = 0; i < Math.abs(months); i++) await step.click();
  expect(await title.innerText()).toBe(wanted);
  await calendar.getByRole('button', { name: formatDateDe(date), exact: true }).click();
  await calendar.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

/** A card of the admin's Verein tab by its title: each saves on its own, so tests act inside one. */
export function settingsCard(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}
