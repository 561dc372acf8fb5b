/**
 * The reservations remote in real Chromium against the stack as `npm start` runs it: booking and
 * cancelling, the client rules of booking, a weekly admin series cut back date by date,
 * the bookings list, a booking by keyboard alone, and day navigation. Days are picked relative to
 * club-local today, in the future where a rule needs it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateDe, shortWeekdayDe } from '@platzbuchung/domain/dates';
import * as texts from '@platzbuchung/domain/texts';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import {
  createClub,
  createPlayer,
  expectAccessible,
  mainHeading,
  openPage,
  pageAs,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSessionOf, clubDay } from './support/reservations-api';
import {
  dateInput,
  expectSlot,
  openGrid,
  popup,
  showDay,
  shownDay,
  slot,
  waitForGrid,
  watchPage,
} from './support/reservations-grid';

const browser = useChromium();

const tomorrow = clubDay(1);

describe('a player on the day grid', () => {
  let clubId: string;
  let admin: Account;
  let player: Account;

  beforeAll(async () => {
    const created = await createClub({ courts_count: 3, start_hour: 8, end_hour: 20, reservations_limit: 2 });
    clubId = created.club._id;
    admin = created.admin;
    player = await createPlayer(clubId, { first_name: 'Steffi', last_name: 'Graf' });
  });

  it('reserves a free slot, sees it as theirs, and cancels it', async () => {
    const page = await pageAs(browser, player);
    const seen = watchPage(page);
    await openGrid(page, tomorrow);
    await expectSlot(page, 2, 10, /^Platz 2, 10:00, frei$/);

    await slot(page, 2, 10).click();
    const dialog = popup(page);
    await dialog.getByRole('heading', { name: 'Platz reservieren' }).waitFor();
    // A player reserves one hour: no duration, label or repeat.
    expect(await dialog.getByLabel('Dauer').count()).toBe(0);
    expect(await dialog.getByText(formatDateDe(tomorrow)).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await expectSlot(page, 2, 10, /^Platz 2, 10:00, Ihre Reservierung: S\. Graf$/);
    expect(await slot(page, 2, 10).textContent()).toContain('S. Graf');
    // A polite status line says what was done, and screen readers hear it.
    const status = page.getByRole('status').filter({ hasText: /^Reserviert/ });
    expect(await status.textContent()).toBe(`Reserviert: Platz 2, ${formatDateDe(tomorrow)}, 10-11 Uhr.`);

    await slot(page, 2, 10).click();
    // One's own booking still to come can also be changed: the title says both (docs/words.md).
    await dialog.getByRole('heading', { name: 'Reservierung ändern oder stornieren' }).waitFor();
    // A single reservation offers no choice of dates.
    expect(await dialog.getByRole('radio').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Stornieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await expectSlot(page, 2, 10, /^Platz 2, 10:00, frei$/);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Storniert/ })
        .textContent(),
    ).toBe(`Storniert: Platz 2, ${formatDateDe(tomorrow)}, 10-11 Uhr.`);
    expect(seen.alerts).toEqual([]);
    expect(seen.posts).toHaveLength(2);
  });

  it('gets the limit alert before any request once the limit is reached', async () => {
    const as = await apiSessionOf(player);
    await as.reserve({ club_id: clubId, court_num: '1', start_time: 8, end_time: 9, date: clubDay(2) });
    await as.reserve({ club_id: clubId, court_num: '1', start_time: 9, end_time: 10, date: clubDay(2) });
    const page = await pageAs(browser, player);
    const seen = watchPage(page);
    await openGrid(page, tomorrow);
    await slot(page, 3, 15).click();
    await expect.poll(() => seen.alerts, { timeout: UI_TIMEOUT_MS }).toEqual([texts.limitReached(2)]);
    expect(seen.alerts[0]).toBe('Sie haben die maximal zulässige Anzahl an Reservierungen (2) erreicht!');
    expect(await popup(page).count()).toBe(0);
    expect(seen.posts).toEqual([]);
  });

  it('cannot click a past slot: nothing happens', async () => {
    const page = await pageAs(browser, player);
    const seen = watchPage(page);
    await openGrid(page, clubDay(-1));
    await expectSlot(page, 1, 12, /vergangen$/);
    expect(await slot(page, 1, 12).getAttribute('aria-disabled')).toBe('true');
    // aria-disabled keeps the cell readable and focusable; a click on it must do nothing.
    await slot(page, 1, 12).click({ force: true });
    // Give a wrongly opened popup or alert the chance to show before asserting there is none.
    await page.waitForLoadState('networkidle');
    expect(await popup(page).count()).toBe(0);
    expect(seen.alerts).toEqual([]);
    expect(seen.posts).toEqual([]);
  });

  it('someone else’s booking still to come opens its Warteliste, and nothing is sent until asked', async () => {
    const as = await apiSessionOf(admin);
    await as.reserve({ club_id: clubId, court_num: '3', start_time: 11, end_time: 12, date: tomorrow });
    const page = await pageAs(browser, player);
    const seen = watchPage(page);
    await openGrid(page, tomorrow);
    await expectSlot(page, 3, 11, /^Platz 3, 11:00, reserviert von G\. Vereinsmann/);
    await slot(page, 3, 11).click();
    const dialog = popup(page);
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: waitlistTexts.join }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(seen.alerts).toEqual([]);
    expect(seen.posts).toEqual([]);
  });
});

describe('an admin on the day grid', () => {
  let clubId: string;
  let admin: Account;

  beforeAll(async () => {
    const created = await createClub({ courts_count: 4, start_hour: 8, end_hour: 21 });
    clubId = created.club._id;
    admin = created.admin;
  });

  it('gets the past alert for a slot whose hour has passed', async () => {
    const page = await pageAs(browser, admin);
    const seen = watchPage(page);
    await openGrid(page, clubDay(-1));
    await slot(page, 1, 10).click();
    await expect.poll(() => seen.alerts, { timeout: UI_TIMEOUT_MS }).toEqual([texts.pastReservation]);
    expect(seen.alerts[0]).toBe('Eine Reservierung in der Vergangenheit ist nicht möglich!');
    expect(await popup(page).count()).toBe(0);
    expect(seen.posts).toEqual([]);
  });

  it('makes a 3-hour labelled weekly reservation and cuts it back date by date', async () => {
    const page = await pageAs(browser, admin, 'desktop');
    const seen = watchPage(page);
    const [d0, d7, d14, d21, d28] = [0, 7, 14, 21, 28].map((weeks) => clubDay(1 + weeks)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await openGrid(page, d0);
    await slot(page, 2, 10).click();
    const dialog = popup(page);
    const duration = dialog.getByLabel('Dauer');
    // The popups' code may still be on its way on the first click (the grid loads it lazily).
    await duration.waitFor();
    expect(await duration.locator('option').allTextContents()).toEqual([
      '1 Stunde',
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `${n} Stunden`),
    ]);
    await duration.selectOption('3');
    await dialog.getByLabel('Bezeichnung (optional)').fill('Medenspiel');
    await dialog.getByLabel('Wöchentlich wiederholen').check();
    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    for (const hour of [10, 11, 12]) await expectSlot(page, 2, hour, /Medenspiel, wöchentlich$/);
    await expectSlot(page, 2, 13, /frei$/);

    // A week later it is there too.
    await showDay(page, d7);
    await expectSlot(page, 2, 11, /Medenspiel, wöchentlich$/);

    await slot(page, 2, 10).click();
    await dialog.getByRole('heading', { name: 'Reservierung ändern oder stornieren' }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Nur diesen Termin' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Stornieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    for (const hour of [10, 11, 12]) await expectSlot(page, 2, hour, /frei$/);

    await showDay(page, d21);
    await slot(page, 2, 12).click();
    await dialog.getByRole('radio', { name: 'Diesen und alle folgenden' }).check();
    await dialog.getByRole('button', { name: 'Stornieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await expectSlot(page, 2, 12, /frei$/);

    const shown: Record<string, boolean> = {};
    for (const day of [d0, d7, d14, d21, d28]) {
      await showDay(page, day);
      const name = (await slot(page, 2, 11).getAttribute('aria-label')) ?? '';
      shown[day] = name.includes('Medenspiel');
    }
    expect(shown).toEqual({ [d0]: true, [d7]: false, [d14]: true, [d21]: false, [d28]: false });

    const stored = await (await apiSessionOf(admin)).reservations(clubId, d0, d28);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      court_num: '2',
      start_time: 10,
      end_time: 13,
      label: 'Medenspiel',
      recurring: true,
      deleted_dates: [d7],
      end_date: d21,
    });
    expect(seen.alerts).toEqual([]);
  });
});

describe('my reservations', () => {
  it('lists own reservations with the counter, and deletes one', async () => {
    const { club, admin } = await createClub({ courts_count: 2, reservations_limit: 3 });
    const player = await createPlayer(club._id, { first_name: 'Boris', last_name: 'Becker' });
    const as = await apiSessionOf(player);
    await as.reserve({ club_id: club._id, court_num: '2', start_time: 14, end_time: 15, date: clubDay(3) });
    await as.reserve({ club_id: club._id, court_num: '1', start_time: 9, end_time: 10, date: clubDay(1) });
    const adminSession = await apiSessionOf(admin);
    await adminSession.reserve({
      club_id: club._id,
      court_num: '1',
      start_time: 18,
      end_time: 20,
      date: clubDay(2),
      recurring: true,
    });

    const page = await pageAs(browser, player);
    const seen = watchPage(page);
    await openPage(page, '/bookings');
    await mainHeading(page).getByText(texts.myReservations).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByText('2 von 3').waitFor({ timeout: UI_TIMEOUT_MS });
    const entries = page.locator('#main').getByRole('listitem');
    expect(await entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toBe(`${formatDateDe(clubDay(1))}9-10 UhrPlatz 1`);
    expect(await entries.nth(1).textContent()).toBe(`${formatDateDe(clubDay(3))}14-15 UhrPlatz 2`);
    await expectAccessible(page, 'bookings');

    await page
      .getByRole('button', {
        name: `Reservierung am ${formatDateDe(clubDay(1))}, 9-10 Uhr, Platz 1 stornieren`,
      })
      .click();
    const dialog = popup(page);
    await dialog.getByRole('heading', { name: 'Reservierung stornieren' }).waitFor();
    await dialog.getByRole('button', { name: 'Stornieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await page.getByText('1 von 3').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await entries.count()).toBe(1);
    expect(seen.alerts).toEqual([]);

    // A booking made on the grid shows up here without another load.
    await page.getByRole('link', { name: 'Platzplan' }).click();
    await waitForGrid(page);
    await showDay(page, clubDay(1));
    await slot(page, 2, 16).click();
    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await page.getByRole('link', { name: 'Meine Reservierungen' }).click();
    await page.getByText('2 von 3').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await entries.nth(0).textContent()).toBe(`${formatDateDe(clubDay(1))}16-17 UhrPlatz 2`);

    // The admin's weekly series is marked as recurring in the admin's own list.
    const adminPage = await pageAs(browser, admin);
    await openPage(adminPage, '/bookings');
    await adminPage.getByText(texts.recurringMarker).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await adminPage.locator('#main').getByRole('listitem').first().textContent()).toBe(
      `${formatDateDe(clubDay(2))}18-20 UhrPlatz 1${texts.recurringMarker}`,
    );
  });

  it('says so when there are none', async () => {
    const { admin } = await createClub();
    const page = await pageAs(browser, admin);
    await openPage(page, '/bookings');
    await page.getByText(texts.noActiveReservations).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByText('0 von 3').waitFor();
  });
});

describe('keyboard and navigation', () => {
  let player: Account;

  beforeAll(async () => {
    const { club } = await createClub({ courts_count: 2, start_hour: 8, end_hour: 20 });
    player = await createPlayer(club._id);
  });

  it('books a slot by keyboard alone, with focus kept in the popup and returned to the cell', async () => {
    const page = await pageAs(browser, player);
    const seen = watchPage(page);
    await openGrid(page);
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

    // Tab to 'Nächster Tag' and press Enter: tomorrow, whose morning is still ahead.
    for (let i = 0; i < 30 && (await focusedName()) !== 'Nächster Tag'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownDay(page)).toBe(tomorrow);
    // Tomorrow may open another week, whose grid comes after its load.
    await waitForGrid(page);
    // The grid is one Tab stop, on the first hour of the first court; the arrows move inside it.
    let presses = 0;
    for (; presses < 10 && !(await focusedId()).startsWith('slot-'); presses++)
      await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('slot-1-8');
    expect(presses).toBeLessThanOrEqual(3);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedId()).toBe('slot-1-10');
    // Tab leaves the grid at once, and Shift+Tab comes back to the cell last chosen.
    await page.keyboard.press('Tab');
    expect(await focusedId()).not.toMatch(/^slot-/);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedId()).toBe('slot-1-10');

    // Escape closes the popup and gives focus back to the cell.
    await page.keyboard.press('Enter');
    await popup(page).waitFor();
    await page.keyboard.press('Escape');
    await popup(page).waitFor({ state: 'hidden' });
    await expect.poll(focusedId).toBe('slot-1-10');

    await page.keyboard.press('Enter');
    await popup(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reservieren');
    // Tab cycles inside the modal: it never reaches the grid behind it.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    while ((await page.evaluate(() => document.activeElement?.textContent)) !== 'Reservieren') {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await popup(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await expectSlot(page, 1, 10, /Ihre Reservierung/);
    await expect.poll(focusedId).toBe('slot-1-10');
    expect(seen.posts).toHaveLength(1);
  });

  it('steps day by day, shows the short weekday, and disables "Heute" on today', async () => {
    const page = await pageAs(browser, player);
    await openGrid(page);
    const today = page.getByRole('button', { name: texts.today });
    expect(await shownDay(page)).toBe(clubDay(0));
    expect(await today.isDisabled()).toBe(true);
    expect(await dateInput(page).innerText()).toBe(formatDateDe(clubDay(0)));

    await page.getByRole('button', { name: 'Nächster Tag' }).click();
    await page.getByRole('button', { name: 'Nächster Tag' }).click();
    await expect.poll(() => shownDay(page)).toBe(clubDay(2));
    expect(await dateInput(page).innerText()).toMatch(new RegExp(`^${shortWeekdayDe(clubDay(2))}, `));
    expect(await today.isDisabled()).toBe(false);

    await page.getByRole('button', { name: 'Vorheriger Tag' }).click();
    await expect.poll(() => shownDay(page)).toBe(clubDay(1));
    await today.click();
    await expect.poll(() => shownDay(page)).toBe(clubDay(0));
    expect(await today.isDisabled()).toBe(true);
    await waitForGrid(page);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Uhrzeit', 'Platz 1', 'Platz 2']);
    expect(await page.getByRole('rowheader').first().textContent()).toBe('08:00');
    expect(await page.getByRole('rowheader').last().textContent()).toBe('19:00');
  });

  it('keeps the day in the address: a reload stays on it, Back and Forward step through the days shown', async () => {
    const page = await pageAs(browser, player);
    await openGrid(page);
    const dayInAddress = () => new URL(page.url()).searchParams.get('date');
    // The address without a day gets the shown one in place.
    await expect.poll(dayInAddress).toBe(clubDay(0));

    await page.getByRole('button', { name: 'Nächster Tag' }).click();
    await expect.poll(dayInAddress).toBe(clubDay(1));
    await page.getByRole('button', { name: 'Nächster Tag' }).click();
    await expect.poll(dayInAddress).toBe(clubDay(2));

    await page.reload();
    await waitForGrid(page);
    expect(await shownDay(page)).toBe(clubDay(2));

    await page.goBack();
    await expect.poll(() => shownDay(page)).toBe(clubDay(1));
    await page.goBack();
    await expect.poll(() => shownDay(page)).toBe(clubDay(0));
    await page.goForward();
    await expect.poll(() => shownDay(page)).toBe(clubDay(1));

    // A mailed link opens the grid at the day it names.
    await openPage(page, `/reservations?date=${clubDay(5)}`);
    await waitForGrid(page);
    expect(await shownDay(page)).toBe(clubDay(5));
  });

  it('lists the club’s registered players', async () => {
    const page = await pageAs(browser, player);
    await openGrid(page);
    await page.getByRole('link', { name: 'Spieler' }).click();
    await mainHeading(page).getByText(texts.registeredPlayers).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByText('Paul Spieler').waitFor();
    await page.getByText('Greta Vereinsmann').waitFor();
    await expectAccessible(page, 'players');
  });
});
