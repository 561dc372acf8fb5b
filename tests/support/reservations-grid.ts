/**
 * Steps on the day grid and its popups the way a person takes them.
 *
 *   await openGrid(page, clubDay(1));
 *   await slot(page, 1, 10).click();
 *   await popup(page).getByRole('button', { name: 'Reservieren' }).click();
 *   await expectSlot(page, 1, 10, /Ihre Reservierung/);
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatHour } from '@platzbuchung/domain/dates';
import * as texts from '@platzbuchung/domain/texts';
import { isoFromGerman, openPage, pickDate, UI_TIMEOUT_MS } from './ui';

/** The cell of a court and hour, found by the start of its accessible name ("Platz 3, 14:00, …"). */
export function slot(page: Page, court: number, hour: number): Locator {
  const name = new RegExp(`^Platz ${court}, ${formatHour(hour)},`);
  return page.getByRole('button', { name });
}

/** The open popup (a modal dialog). */
export function popup(page: Page): Locator {
  return page.getByRole('dialog');
}

/** The grid's German date field (a button showing "Mo., 23.11.2026" that opens a calendar). */
export function dateInput(page: Page): Locator {
  return page.getByRole('button', { name: /^Datum / });
}

/** The day the grid shows, read from what its date field displays. */
export async function shownDay(page: Page): Promise<string> {
  return isoFromGerman(await dateInput(page).innerText());
}

/** Waits until the grid of the shown day is there (the splash has gone, the cells are drawn). */
export async function waitForGrid(page: Page): Promise<void> {
  await page.getByText(texts.reservationsSplash).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  await page.getByRole('grid', { name: /^Plätze am / }).waitFor({ timeout: UI_TIMEOUT_MS });
  await page.locator('.grid-scroll:not([aria-busy])').waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Opens /reservations and, when given, picks the day in the date picker. */
export async function openGrid(page: Page, date?: string): Promise<void> {
  await openPage(page, '/reservations');
  await waitForGrid(page);
  if (date) await showDay(page, date);
}

export async function showDay(page: Page, date: string): Promise<void> {
  if ((await shownDay(page)) !== date) await pickDate(page, dateInput(page), date);
  await expect.poll(() => shownDay(page), { timeout: UI_TIMEOUT_MS }).toBe(date);
  await waitForGrid(page);
}

/** Waits until the cell's accessible name matches (names say free, reserved, mine, past). */
export async function expectSlot(page: Page, court: number, hour: number, name: RegExp): Promise<void> {
  await expect
    .poll(async () => (await slot(page, court, hour).getAttribute('aria-label')) ?? '', {
      timeout: UI_TIMEOUT_MS,
    })
    .toMatch(name);
}

/**
 * Collects every alert the page shows in its alert dialog and closes it with its button, so a test
 * can assert on the texts; a browser `alert()` is collected marked as such, so a test expecting the
 * text fails on it. `posts` counts POSTs to /api/reservations, to prove an alert came before any
 * request.
 */
export function watchPage(page: Page): { alerts: string[]; posts: string[] } {
  const seen = { alerts: [] as string[], posts: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.alerts.push(`(browser alert) ${dialog.message()}`);
    void dialog.accept();
  });
  void (async () => {
    const dialog = page.locator('dialog[role="alertdialog"][open]');
    // Until the page closes: waiting on a closed page throws, which ends the loop.
    for (;;) {
      try {
        await dialog.waitFor({ timeout: 0 });
        // Focus is on the dialog's button, as a keyboard user finds it.
        const focused = await page.evaluate(
          () => document.activeElement?.closest('[role="alertdialog"]') !== null,
        );
        const text = await dialog.locator('.alert__message').innerText();
        seen.alerts.push(focused ? text : `(focus not in the alert) ${text}`);
        await dialog.getByRole('button', { name: 'OK' }).click();
        await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      } catch {
        if (page.isClosed()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  })();
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/reservations') {
      seen.posts.push(request.url());
    }
  });
  return seen;
}
