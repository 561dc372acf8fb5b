/**
 * Steps through the UI the way a person does it. Every helper waits for what a person would see
 * (a heading, a URL), never for a fixed time.
 *
 *   await openPage(page, '/login');            // waits until the startup splash is gone
 *   await loginViaUi(page, admin);             // ends on /reservations
 *   await logoutViaUi(page);                   // /profile → 'Abmelden' → ends on /
 */
import type { Locator, Page } from 'playwright-core';
import { texts } from '@platzbuchung/domain/texts';
import type { Credentials } from './api';

/** Generous for a first load that compiles nothing but fetches every remote chunk once. */
export const UI_TIMEOUT_MS = 20_000;

/** Opens `path` and waits until the shell has finished starting (its splash is gone). */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForStartup(page);
}

export async function waitForStartup(page: Page): Promise<void> {
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
