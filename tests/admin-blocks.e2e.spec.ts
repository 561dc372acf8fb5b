/**
 * Sperrungen as an admin uses it on a phone and a desktop: a block without a reason is refused
 * under its own field, in German, with the keyboard taken there (never the browser's bubble); a
 * weekly block ("jede Woche") is previewed, set and listed as such.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { blockTexts } from '@platzbuchung/domain/blocks/blocks';
import {
  createClub,
  expectAccessible,
  loginViaApi,
  openPage,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';

describe('Sperrungen', () => {
  const browser = useChromium();
  let admin: Account;

  beforeAll(async () => {
    ({ admin } = await createClub({ courts_count: 4 }));
  });

  for (const size of ['phone', 'desktop'] as const) {
    it(`asks for the missing reason under its field (${size})`, async () => {
      await loginViaApi(browser.context, admin);
      const page = await browser.newPage(size);
      await openPage(page, '/admin/sperrungen');
      const preview = page.getByRole('button', { name: 'Vorschau' });
      await preview.waitFor({ timeout: UI_TIMEOUT_MS });
      await preview.click();

      const reason = page.getByRole('textbox', { name: 'Grund' });
      await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
      const errorId = await reason.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe(blockTexts.reasonMissing);
      expect(await reason.evaluate((input) => input === document.activeElement)).toBe(true);
      // Our form checks, not the browser: no constraint of its own is left to bubble up.
      expect(await reason.evaluate((input) => (input as HTMLInputElement).form?.noValidate)).toBe(true);
      await expectAccessible(page, `admin-blocks-reason-${size}`);
      await screenshot(page, 'admin-blocks-reason');

      await reason.fill('Turnier');
      await expect.poll(() => reason.getAttribute('aria-invalid')).toBeNull();
      await preview.click();
      await page.getByRole('button', { name: /^Sperren/ }).waitFor({ timeout: UI_TIMEOUT_MS });
    });
  }

  it("sets a weekly block: one day's hours, every week until a day, listed as weekly", async () => {
    await loginViaApi(browser.context, admin);
    for (const size of ['phone', 'desktop'] as const) {
      const page = await browser.newPage(size);
      await openPage(page, '/admin/sperrungen');
      await page.getByRole('button', { name: 'Vorschau' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('checkbox', { name: 'Jede Woche wiederholen' }).check();
      // A weekly block ends on the day it begins: only its hour is asked, and until when it repeats.
      expect(await page.getByText('Bis (Tag)', { exact: true }).count()).toBe(0);
      await page.getByText('Wiederholen bis (Tag)').waitFor();
      await page.getByRole('textbox', { name: 'Grund' }).fill(`Training ${size}`);
      await screenshot(page, 'admin-blocks-weekly-form');
      await page.getByRole('button', { name: 'Vorschau' }).click();
      const what = page.locator('.block-preview__what');
      await what.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await what.innerText()).toMatch(/ · wöchentlich bis \w{2}\., \d{2}\.\d{2}\.\d{4} · Training /);
      await screenshot(page, 'admin-blocks-weekly-preview');
      await page.getByRole('button', { name: /^Sperren/ }).click();
      await page.getByText(/^Die Sperrung wurde eingerichtet\./).waitFor({ timeout: UI_TIMEOUT_MS });
      const row = page.locator('.block-row', { hasText: `Training ${size}` });
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.innerText()).toContain('wöchentlich bis');
      await expectAccessible(page, `admin-blocks-weekly-${size}`);
      await screenshot(page, 'admin-blocks-weekly');
      await page.close();
    }
  });
});
