/**
 * Check-in end to end (docs/check-in.md): a member says "Ich bin da" on the phone (390×844), sets
 * a PIN in Konto, and another checks in at the clubhouse screen (1920×1080) with the court and
 * their PIN; the admin's card in Verein (1280×800).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { Club } from '@platzbuchung/domain/types';
import {
  createPlayer,
  expectAccessible,
  loginViaApi,
  openPage,
  postApi,
  screenshot,
  settingsCard,
  TEST_PASSWORD,
  UI_TIMEOUT_MS,
  uniqueClubName,
  uniqueEmail,
  useChromium,
  type Account,
} from './support';
import { apiSession, type ApiSession } from './support/admin-api';

const phone = useChromium();
const tv = useChromium();

/** A zone where it is now between 06:00 and 21:59, so the next hour today can be booked. */
function daytimeZone(): string {
  const zones = ['Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Asia/Kolkata'];
  const zone = zones.find((z) => {
    const { hour } = clubNow(z, new Date());
    return hour >= 6 && hour <= 21;
  });
  if (!zone) throw new Error('no zone has daytime now');
  return zone;
}

/** Open from an hour before the start to the end of its first hour: the next hour is open now. */
const wideWindow = {
  required: true,
  opens_min: 60,
  release_after_min: 59,
  strikes: 3,
  strike_days: 28,
  pause_days: 14,
};

describe('check-in', () => {
  const timeZone = daytimeZone();
  let club: Club;
  let admin: Account;
  let adminApi: ApiSession;
  let next: { date: string; hour: number };

  beforeAll(async () => {
    const name = uniqueClubName('TC Check-in');
    admin = {
      first_name: 'Greta',
      last_name: 'Vereinsmann',
      email: uniqueEmail('admin'),
      password: TEST_PASSWORD,
    };
    const { data } = await postApi<{ data: Club[] }>('/api/clubs', {
      name,
      courts_count: 4,
      start_hour: 6,
      end_hour: 23,
      reservations_limit: 3,
      time_zone: timeZone,
      ...admin,
      privacy: 'agree',
    });
    club = data.find((c) => c.name === name)!;
    adminApi = await apiSession(admin);
    const saved = await adminApi.put(`/api/admin/club?club_id=${club._id}`, {
      name: club.name,
      courts_count: club.courts_count,
      start_hour: club.start_hour,
      end_hour: club.end_hour,
      reservations_limit: club.reservations_limit,
      check_in: wideWindow,
    });
    expect(saved.status).toBe(200);
    const now = clubNow(timeZone, new Date());
    next = { date: now.date, hour: now.hour + 1 };
  });
  afterAll(() => adminApi?.dispose());

  it(
    '"Ich bin da" in Meine Reservierungen, and a PIN in Konto, on a phone',
    { timeout: 300_000 },
    async () => {
      const anna = await createPlayer(club._id, { first_name: 'Anna', last_name: 'Ankunft' });
      const annaApi = await apiSession(anna);
      await annaApi.reserve(club._id, { court_num: '1', date: next.date, start_time: next.hour });
      await annaApi.dispose();

      await loginViaApi(phone.context, anna);
      const page = await phone.newPage('phone');
      await openPage(page, '/bookings');
      const section = page.getByRole('region', { name: checkInTexts.title });
      const button = section.getByRole('button', { name: new RegExp(`^${checkInTexts.button}: Platz 1`) });
      await button.waitFor({ timeout: UI_TIMEOUT_MS });
      await expectAccessible(page, 'check-in-section');
      await screenshot(page, 'check-in-before');
      await button.click();
      await section.getByText(checkInTexts.checkedIn).waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'check-in-done');

      await openPage(page, '/profile');
      const pin = page.getByLabel(checkInTexts.pinLabel);
      await pin.waitFor({ timeout: UI_TIMEOUT_MS });
      await pin.fill('12a4');
      await page.getByRole('button', { name: checkInTexts.pinSubmit }).click();
      await page.getByText(checkInTexts.pinInvalid).waitFor({ timeout: UI_TIMEOUT_MS });
      await pin.fill('4711');
      await page.getByRole('button', { name: checkInTexts.pinSubmit }).click();
      await page.getByText(checkInTexts.pinSaved).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: checkInTexts.pinTitle }).scrollIntoViewIfNeeded();
      await screenshot(page, 'check-in-pin');

      await openPage(page, '/platzordnung');
      await page.getByRole('heading', { name: checkInTexts.title }).waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'check-in-platzordnung');
    },
  );

  it(
    'at the clubhouse screen: the court and the PIN; the screen names nobody',
    { timeout: 300_000 },
    async () => {
      const bernd = await createPlayer(club._id, { first_name: 'Bernd', last_name: 'Bankreihe' });
      const berndApi = await apiSession(bernd);
      expect((await berndApi.put('/api/account/pin', { pin: '2580' })).status).toBe(200);
      await berndApi.reserve(club._id, { court_num: '2', date: next.date, start_time: next.hour });
      await berndApi.dispose();

      await loginViaApi(tv.context, admin);
      const link = await tv.context.request.post(`/api/admin/display?club_id=${club._id}`, { data: {} });
      const url = ((await link.json()) as { url: string }).url;
      await tv.context.clearCookies();

      const screen = await tv.newPage('desktop');
      await screen.setViewportSize({ width: 1920, height: 1080 });
      await screen.goto(new URL(url).pathname);
      const open = screen.getByRole('button', { name: checkInTexts.screenButton });
      await open.waitFor({ timeout: UI_TIMEOUT_MS });
      await open.click();
      const dialog = screen.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Platz 2' }).click();
      await dialog.getByLabel(checkInTexts.pinLabel).fill('0000');
      await dialog.getByRole('button', { name: checkInTexts.screenButton }).click();
      await screen
        .getByRole('alert')
        .filter({ hasText: checkInTexts.pinUnknown })
        .waitFor({ timeout: UI_TIMEOUT_MS });

      await open.click();
      await dialog.getByRole('button', { name: 'Platz 2' }).click();
      await dialog.getByLabel(checkInTexts.pinLabel).fill('2580');
      await screenshot(screen, 'check-in-screen-pin');
      await dialog.getByRole('button', { name: checkInTexts.screenButton }).click();
      const done = screen.getByRole('status').filter({ hasText: checkInTexts.screenCheckedIn('Platz 2') });
      await done.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await screen.locator('body').innerText()).not.toContain('Bankreihe');
      await expectAccessible(screen, 'check-in-screen');
      await screenshot(screen, 'check-in-screen-done');
    },
  );

  it('the admin’s card in Verein', { timeout: 300_000 }, async () => {
    await loginViaApi(phone.context, admin);
    const page = await phone.newPage('desktop');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, '/admin/verein');
    const card = settingsCard(page, checkInTexts.cardTitle);
    const required = card.getByRole('checkbox', { name: checkInTexts.settingLabels.required });
    await required.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await required.isChecked()).toBe(true);
    await card.getByLabel(checkInTexts.settingLabels.pause_days).fill('40');
    await card.getByRole('button', { name: 'Speichern' }).click();
    await card
      .getByText('Die Pause dauert mindestens 1 Tag und höchstens so viele Tage, wie Versäumnisse zählen.')
      .first()
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'check-in-admin-card');
  });
});
