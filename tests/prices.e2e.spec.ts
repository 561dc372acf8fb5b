/**
 * Prices as admins set them and members meet them, in real Chromium (docs/architecture/money.md):
 * the Verein tab's card "Preise und Zahlung" with its rule rows and the preview of one hour; the
 * Platzordnung listing the prices; the booking popup saying what the chosen hours cost, and
 * nothing for a club without prices.
 */
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import { priceTexts } from '@platzbuchung/domain/money/prices';
import type { Club } from '@platzbuchung/domain/types';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createClub,
  createPlayer,
  expectAccessible,
  loginViaApi,
  openPage,
  pageAs,
  screenshot,
  settingsCard,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSession } from './support/admin-api';
import { nextTuesday } from './support/charging-club';
import { openGrid, popup, slot } from './support/reservations-grid';

const browser = useChromium();

describe('prices', () => {
  let club: Club;
  let admin: Account;
  let player: Account;
  const tuesday = nextTuesday();

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 6, start_hour: 8, end_hour: 22 }));
    player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
  });

  it('a member of a club without prices sees no cost in the popup', async () => {
    const page = await pageAs(browser, player, 'phone');
    await openGrid(page, tuesday);
    await slot(page, 5, 19).click();
    const dialog = popup(page);
    await dialog.getByRole('button', { name: 'Reservieren' }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await dialog.locator('.popup__cost').innerText()).toBe('');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await page.close();
  });

  it('the admin sets hall rent and floodlight in the Verein card and previews an hour', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openPage(page, '/admin/verein');
    const card = settingsCard(page, priceTexts.cardTitle);
    await card.getByText(priceTexts.none).waitFor({ timeout: UI_TIMEOUT_MS });

    await card.getByRole('button', { name: priceTexts.add }).click();
    const hall = card.getByRole('listitem').nth(0);
    await hall.getByLabel(priceTexts.label).fill('Hallenmiete');
    await hall.getByLabel(priceTexts.euros).fill('18');

    await card.getByRole('button', { name: priceTexts.add }).click();
    const light = card.getByRole('listitem').nth(1);
    await light.getByLabel(priceTexts.label).fill('Flutlicht');
    await light.getByLabel(priceTexts.euros).fill('3,00');
    await light.getByLabel(priceTexts.allCourtsChoice).uncheck();
    await light.getByLabel('Platz 5', { exact: true }).check();
    await light.getByLabel(priceTexts.from, { exact: true }).selectOption('18');

    // A label of blanks is refused before anything is sent, under its field.
    await hall.getByLabel(priceTexts.label).fill('   ');
    await card.getByRole('button', { name: clubSettingsTexts.save }).click();
    await hall.getByText(priceTexts.blankLabel).waitFor({ timeout: UI_TIMEOUT_MS });
    await hall.getByLabel(priceTexts.label).fill('Hallenmiete');

    await card.getByRole('button', { name: clubSettingsTexts.save }).click();
    await card.getByText(clubSettingsTexts.saved).waitFor({ timeout: UI_TIMEOUT_MS });

    await card.getByLabel(priceTexts.previewCourt, { exact: true }).selectOption('5');
    await card.getByLabel(priceTexts.previewDay, { exact: true }).selectOption({ label: 'Dienstag' });
    await card.getByLabel(priceTexts.previewHour, { exact: true }).selectOption('19');
    await card.getByText('Di 19–20 Uhr, Platz 5: 21,00 €').waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'prices-card-desktop');
    await card.screenshot({ path: await screenshot(page, 'prices-card') });

    const admins = await apiSession(admin);
    const saved = await admins.get<{ prices: unknown[]; split_court_fee: boolean }>(
      `/api/admin/club?club_id=${club._id}`,
    );
    expect(saved.prices).toEqual([
      {
        label: 'Hallenmiete',
        courts: null,
        days: [1, 2, 3, 4, 5, 6, 7],
        from_hour: 8,
        to_hour: 22,
        cents_per_hour: 1800,
      },
      {
        label: 'Flutlicht',
        courts: ['5'],
        days: [1, 2, 3, 4, 5, 6, 7],
        from_hour: 18,
        to_hour: 22,
        cents_per_hour: 300,
      },
    ]);
    await admins.dispose();
    await page.close();

    // On a phone the card opens at the club's most expensive hour.
    const phone = await browser.newPage('phone');
    await openPage(phone, '/admin/verein');
    const phoneCard = settingsCard(phone, priceTexts.cardTitle);
    await phoneCard.getByText('Mo 18–19 Uhr, Platz 5: 21,00 €').waitFor({ timeout: UI_TIMEOUT_MS });
    await phoneCard.scrollIntoViewIfNeeded();
    await phoneCard.screenshot({ path: await screenshot(phone, 'prices-card') });
    await phone.close();
  });

  it('a member reads the prices in the Platzordnung and the cost of the chosen hours in the popup', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const page = await pageAs(browser, player, viewport);
      await openPage(page, '/reservations');
      await page.getByRole('link', { name: 'Platzordnung' }).click();
      const prices = page.getByRole('region', { name: priceTexts.heading });
      await prices.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await prices.getByRole('listitem').allInnerTexts()).toEqual([
        'Hallenmiete: 18,00\u00a0€ pro Stunde, Mo–So 8–22 Uhr, alle Plätze',
        'Flutlicht: 3,00\u00a0€ pro Stunde, Mo–So 18–22 Uhr, Platz 5',
      ]);
      await screenshot(page, 'club-rules-prices');

      await openGrid(page, tuesday);
      await slot(page, 5, 19).click();
      const dialog = popup(page);
      await dialog
        .getByText('Kosten: 21,00 € (Hallenmiete 18,00 €, Flutlicht 3,00 €)')
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await expectAccessible(page, `booking-popup-cost-${viewport}`);
      await screenshot(page, 'booking-popup-cost');
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();

      await slot(page, 1, 10).click();
      await popup(page).getByText('Kosten: 18,00 € (Hallenmiete)').waitFor({ timeout: UI_TIMEOUT_MS });
      await popup(page).getByRole('button', { name: 'Abbrechen' }).click();
      await page.close();
    }
  });
});
