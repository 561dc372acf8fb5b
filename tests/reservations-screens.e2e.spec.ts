/**
 * The reservations screens as people see them, at 390×844 and 1280×800: screenshots into
 * artifacts/screenshots/ for a person to look at, and an axe scan of each (no serious or critical
 * violation). A 12-court club shows that a wide grid stays usable on a phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import {
  createClub,
  createPlayer,
  expectAccessible,
  openPage,
  pageAs,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSessionOf, clubDay } from './support/reservations-api';
import { openGrid, popup, slot } from './support/reservations-grid';

const browser = useChromium();
const tomorrow = clubDay(1);

let admin: Account;
let steffi: Account;
let wideAdmin: Account;

beforeAll(async () => {
  const { club, admin: clubAdmin } = await createClub({
    name: 'TC Rot-Weiß Musterstadt',
    courts_count: 4,
    start_hour: 8,
    end_hour: 21,
    reservations_limit: 3,
  });
  admin = clubAdmin;
  steffi = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
  const boris = await createPlayer(club._id, { first_name: 'Boris', last_name: 'Becker' });
  const asSteffi = await apiSessionOf(steffi);
  const asBoris = await apiSessionOf(boris);
  const asAdmin = await apiSessionOf(admin);
  const at = (court: number, start: number, end = start + 1, date = tomorrow) => ({
    club_id: club._id,
    court_num: String(court),
    start_time: start,
    end_time: end,
    date,
  });
  await asSteffi.reserve(at(1, 10));
  await asSteffi.reserve(at(2, 17, 18, clubDay(3)));
  await asBoris.reserve(at(2, 10));
  await asBoris.reserve(at(4, 18));
  await asAdmin.reserve({ ...at(3, 14, 17), label: 'Medenspiel Herren 40', recurring: true });

  const wide = await createClub({ name: 'TC Großanlage', courts_count: 12, start_hour: 7, end_hour: 22 });
  wideAdmin = wide.admin;
  const asWide = await apiSessionOf(wideAdmin);
  for (const court of [1, 5, 12]) {
    await asWide.reserve({ ...at(court, 9, 11), club_id: wide.club._id, label: 'Training' });
  }
});

describe.each(['phone', 'desktop'] as const)('reservations screens on a %s', (viewport) => {
  it('the day grid of a player, tomorrow and today', async () => {
    const page = await pageAs(browser, steffi, viewport);
    await openGrid(page, tomorrow);
    await expectAccessible(page, 'day grid');
    await screenshot(page, 'reservations-grid');
    await openGrid(page, clubDay(0));
    await screenshot(page, 'reservations-grid-today');
  });

  it('the make popup of a player and of an admin', async () => {
    const player = await pageAs(browser, steffi, viewport);
    await openGrid(player, tomorrow);
    await slot(player, 4, 12).click();
    await popup(player).waitFor();
    await expectAccessible(player, 'make popup (player)');
    await screenshot(player, 'reservations-popup-make-player');

    const page = await pageAs(browser, admin, viewport);
    await openGrid(page, tomorrow);
    await slot(page, 4, 12).click();
    await popup(page).getByLabel('Dauer').selectOption('2');
    await popup(page).getByLabel('Bezeichnung (optional)').fill('Jugendtraining');
    await popup(page).getByLabel('Wöchentlich wiederholen').check();
    await expectAccessible(page, 'make popup (admin)');
    await screenshot(page, 'reservations-popup-make');
  });

  it('the delete popup of a weekly reservation', async () => {
    const page = await pageAs(browser, admin, viewport);
    await openGrid(page, tomorrow);
    await slot(page, 3, 15).click();
    await popup(page).getByRole('radio', { name: 'Diesen und alle folgenden' }).waitFor();
    await expectAccessible(page, 'delete popup');
    await screenshot(page, 'reservations-popup-delete');
  });

  it('the bookings list and the players list', async () => {
    const page = await pageAs(browser, steffi, viewport);
    await openPage(page, '/bookings');
    await page.getByText('2 von 3').waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'reservations-bookings');
    await openPage(page, '/players');
    await page.getByText('Boris Becker').waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'reservations-players');
  });

  it('a 12-court club: the grid scrolls sideways under a sticky hour column', async () => {
    const page = await pageAs(browser, wideAdmin, viewport);
    await openGrid(page, tomorrow);
    await expectAccessible(page, 'day grid, 12 courts');
    await screenshot(page, 'reservations-grid-12-courts');
    const scroller = page.locator('.grid-scroll');
    const fits = await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth);
    if (viewport === 'phone') {
      expect(fits).toBe(false);
      // The courts out of view are named at the edge, and the button scrolls to them.
      const more = page.getByRole('button', { name: /^Zu Platz \d+–12 blättern$/ });
      await more.waitFor({ timeout: UI_TIMEOUT_MS });
      await more.click();
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await page.getByRole('button', { name: /^Zu Platz 1(–\d+)? blättern$/ }).waitFor();
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const hour = page.getByRole('rowheader', { name: '09:00' });
      const box = await hour.boundingBox();
      // The hour labels stay at the left edge while the courts scroll past them.
      expect(box?.x).toBeLessThan(40);
      await slot(page, 12, 9).waitFor();
      expect((await slot(page, 12, 9).boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, 'reservations-grid-12-courts-scrolled');
    } else {
      expect(fits).toBe(true);
      expect(await page.getByRole('button', { name: /blättern$/ }).count()).toBe(0);
    }
    expect(await page.getByText(texts.reservationsSplash).count()).toBe(0);
  });
});
