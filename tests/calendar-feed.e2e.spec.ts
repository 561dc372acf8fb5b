import { describe, expect, it } from 'vitest';
import { calendarTexts } from '@platzbuchung/domain/calendar/texts';
import {
  UI_TIMEOUT_MS,
  createClub,
  createPlayer,
  e2eStack,
  expectAccessible,
  loginViaApi,
  openPage,
  screenshot,
  useChromium,
} from './support';

const browser = useChromium();

/** The feed answers the link without a session, as a calendar app fetches it. */
async function feedStatus(url: string): Promise<number> {
  return (await fetch(`${e2eStack().baseUrl}${new URL(url).pathname}`)).status;
}

describe('"Kalender abonnieren" in the account panel', () => {
  it('shows the link, copies it, and makes a new one after asking; the old link then stops working', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id);
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('phone');
    await openPage(page, '/profile');

    const link = page.getByLabel(calendarTexts.linkLabel);
    await link.waitFor({ timeout: UI_TIMEOUT_MS });
    const first = await link.inputValue();
    expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedStatus(first)).toBe(200);
    // One tap hands the same link to the calendar app.
    expect(await page.getByRole('link', { name: calendarTexts.subscribe }).getAttribute('href')).toBe(
      first.replace(/^https?:\/\//, 'webcal://'),
    );

    await page.getByRole('button', { name: calendarTexts.copy }).click();
    await page
      .getByRole('status')
      .filter({ hasText: calendarTexts.copied })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'account-calendar');
    await screenshot(page, 'account-calendar');

    await page.getByRole('button', { name: calendarTexts.renew }).click();
    const confirm = page.getByRole('button', { name: calendarTexts.renewConfirm });
    await confirm.waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByText(calendarTexts.renewQuestion).waitFor();
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    await screenshot(page, 'account-calendar-renew');

    // Escape keeps the link; the focus returns to the button that asked.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: calendarTexts.renew }).waitFor();
    expect(await link.inputValue()).toBe(first);

    await page.getByRole('button', { name: calendarTexts.renew }).click();
    await page.getByRole('button', { name: calendarTexts.renewConfirm }).click();
    await page.getByText(calendarTexts.renewed).waitFor({ timeout: UI_TIMEOUT_MS });
    const second = await link.inputValue();
    expect(second).not.toBe(first);
    expect(await feedStatus(first)).toBe(404);
    expect(await feedStatus(second)).toBe(200);

    const desktop = await browser.newPage('desktop');
    await openPage(desktop, '/profile');
    await desktop.getByLabel(calendarTexts.linkLabel).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await desktop.getByLabel(calendarTexts.linkLabel).inputValue()).toBe(second);
    await screenshot(desktop, 'account-calendar');
  });
});
