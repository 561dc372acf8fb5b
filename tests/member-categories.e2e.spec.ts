/**
 * Member categories in real Chromium on a phone (docs/who-plays.md, "Member categories"): the admin
 * adds "Jugend", who plays Mo–Fr only until 18 Uhr, in the Verein tab and puts Lena in it under
 * Mitglieder; Lena's booking at 19 Uhr on a weekday is refused in the popup with her category's
 * German sentence, and the Platzordnung says the rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import { describeCategories } from '@platzbuchung/domain/categories/categories';
import * as categoryTexts from '@platzbuchung/domain/categories/texts';
import { addDays, weekdayOf } from '@platzbuchung/domain/dates';
import {
  createClub,
  createPlayer,
  expectAccessible,
  openPage,
  pageAs,
  screenshot,
  settingsCard,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { clubDay } from './support/reservations-api';
import { openGrid, popup, slot } from './support/reservations-grid';

const browser = useChromium();
const texts = categoryTexts.screen;
/** The next weekday (Mo–Fr) after today, when Jugend plays only until 18 Uhr. */
const weekday = (() => {
  let day = clubDay(1);
  while ([0, 6].includes(weekdayOf(day))) day = addDays(day, 1);
  return day;
})();
const juniors = {
  id: 'jugend',
  name: 'Jugend',
  can_book: true,
  windows: [{ days: [1, 2, 3, 4, 5], from_hour: 8, to_hour: 18 }],
};

describe('member categories', () => {
  let admin: Account;
  let lena: Account;
  const club = { start_hour: 8, end_hour: 22 };

  beforeAll(async () => {
    const created = await createClub({ courts_count: 2, ...club, reservations_limit: 3 });
    admin = created.admin;
    lena = await createPlayer(created.club._id, { first_name: 'Lena', last_name: 'Graf' });
  });

  it('the admin adds "Jugend", playing Mo–Fr until 18 Uhr, in the Verein tab', async () => {
    const page = await pageAs(browser, admin, 'phone');
    await openPage(page, '/admin/verein');
    const card = settingsCard(page, texts.title);
    await card.getByRole('button', { name: texts.add }).waitFor({ timeout: UI_TIMEOUT_MS });
    await card.getByRole('button', { name: texts.add }).click();
    const row = card.getByRole('listitem').last();
    await row.getByLabel(texts.name).fill('Jugend');
    await row.getByRole('button', { name: texts.addWindow }).click();
    await row.getByLabel(texts.to, { exact: true }).selectOption('18');
    await card.getByRole('button', { name: texts.save }).click();
    await card.getByText(clubSettingsTexts.saved).waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'admin-categories');
    await screenshot(page, 'admin-categories');
  });

  it('the admin puts Lena in Jugend under Mitglieder', async () => {
    const page = await pageAs(browser, admin, 'phone');
    await openPage(page, '/admin/mitglieder');
    const change = page.getByRole('button', { name: `${texts.change}: Lena Graf` });
    await change.waitFor({ timeout: UI_TIMEOUT_MS });
    await change.click();
    const form = page.getByRole('dialog', { name: texts.changeFor('Lena Graf') });
    await form.getByLabel(texts.column).selectOption({ label: 'Jugend' });
    await form.getByRole('button', { name: texts.saveMember }).click();
    await page.getByText(categoryTexts.categoryChanged('Jugend')).waitFor({ timeout: UI_TIMEOUT_MS });
    const row = page.getByRole('listitem').filter({ hasText: 'Lena Graf' });
    await row.getByText('Jugend', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'admin-member-category');
    await screenshot(page, 'admin-member-category');
  });

  it('Lena is refused at 19 Uhr on a weekday with her category’s sentence; the Platzordnung says the rule', async () => {
    const page = await pageAs(browser, lena, 'phone');
    await openGrid(page, weekday);
    await slot(page, 1, 19).click();
    const dialog = popup(page);
    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    // The refusal comes as the popup's notice ("Hinweis"), in the API's words.
    await page
      .getByText('Lena Graf (Jugend) darf Mo–Fr nur bis 18 Uhr spielen.')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'popup-category-refused');

    await openPage(page, '/platzordnung');
    const list = page.getByRole('region', { name: texts.title }).getByRole('listitem');
    await list.first().waitFor({ timeout: UI_TIMEOUT_MS });
    const expected = describeCategories(
      { categories: [{ id: 'mitglied', name: 'Mitglied', can_book: true }, juniors], junior_until_age: null },
      club,
    );
    expect(await list.allInnerTexts()).toEqual(expected);
    await screenshot(page, 'club-rules-categories');
  });
});
