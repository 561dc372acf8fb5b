/**
 * The German date field's calendar is not part of a screen's first visit: its code loads when the
 * field is first pointed at, focused or opened (packages/ui/src/components/date-field.tsx). A
 * failed load says so in place of the calendar, and the next opening asks again.
 */
import { describe, it } from 'vitest';
import { uiTexts } from '@platzbuchung/ui/texts';
import { createClub, loginViaApi, UI_TIMEOUT_MS, useChromium } from './support';
import { dateInput, openGrid } from './support/reservations-grid';

const browser = useChromium();

describe("the date field's calendar", () => {
  it('says so when its code could not be loaded, and opens at the next try', async () => {
    const { admin } = await createClub();
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openGrid(page);

    await page.route('**/*.js', (route) => route.abort());
    await dateInput(page).click();
    await page.getByRole('alert').getByText(uiTexts.networkError).waitFor({ timeout: UI_TIMEOUT_MS });
    await dateInput(page).click();
    await page.getByRole('alert').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    await page.unroute('**/*.js');
    await dateInput(page).click();
    const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    await calendar.waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
