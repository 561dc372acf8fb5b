/**
 * The admin area as a club admin uses it: the event log, the grid as it stood before a
 * cancellation, club settings that change the grid at once, and members' roles. Players never get in.
 */
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import { courtNamesTexts } from '@platzbuchung/domain/courts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Club } from '@platzbuchung/domain/types';
import {
  createClub,
  createPlayer,
  expectAccessible,
  loginViaApi,
  openPage,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  VIEWPORTS,
  type Account,
  type ViewportName,
  settingsCard,
} from './support';
import { apiSession, clubNow, type ApiSession } from './support/admin-api';
import { clubDay } from './support/reservations-api';

/** The text of the grid cell at `hour` ("10:00") and court N (1-based). */
async function gridCell(page: Page, hour: string, court: number): Promise<string> {
  const row = page.locator('.day-grid__table tbody tr', { has: page.locator('th', { hasText: hour }) });
  return (
    await row
      .locator('td')
      .nth(court - 1)
      .innerText()
  ).trim();
}

describe('admin area', () => {
  const browser = useChromium();
  let club: Club;
  let admin: Account;
  let player: Account;
  let steffi: ApiSession;
  const tomorrow = clubDay(1);

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 4 }));
    player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    steffi = await apiSession(player);
  });
  afterAll(async () => {
    await steffi?.dispose();
  });

  it("finds a player's cancelled reservation in the log and sees it in the grid as it stood before", async () => {
    const reservationId = await steffi.reserve(club._id, { court_num: '3', date: tomorrow, start_time: 10 });
    await steffi.cancel(club._id, reservationId, tomorrow);
    await loginViaApi(browser.context, admin);

    const page = await browser.newPage('phone');
    await openPage(page, '/admin');
    await page
      .getByRole('heading', { name: 'Ereignisprotokoll', level: 2 })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    const newest = page.locator('.log-entry').first();
    await expect.poll(() => newest.locator('h3').innerText()).toBe('Reservierung storniert');
    expect(await newest.innerText()).toContain('Steffi Graf');
    expect(await newest.innerText()).toContain('Platz 3');
    expect(await page.locator('.log-entry').count()).toBe(2);

    // A new event appears on 'Neue Ereignisse anzeigen' without a reload.
    const second = await steffi.reserve(club._id, { court_num: '1', date: tomorrow, start_time: 12 });
    await page.getByRole('button', { name: 'Neue Ereignisse anzeigen' }).click();
    await page.getByText('1 neues Ereignis oben eingefügt.').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.locator('.log-entry').count()).toBe(3);
    expect(await page.locator('.log-entry h3').first().innerText()).toBe('Reservierung angelegt');

    // The cancelled reservation's whole history, and the way back.
    const cancelled = page.locator('.log-entry', { hasText: 'Reservierung storniert' });
    await cancelled.getByRole('link', { name: 'Verlauf', exact: true }).click();
    await page
      .getByRole('heading', { name: 'Verlauf einer Reservierung' })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(() => page.locator('.log-entry').count()).toBe(2);
    expect(await page.locator('.log-entry h3').allInnerTexts()).toEqual([
      'Reservierung storniert',
      'Reservierung angelegt',
    ]);
    await page.getByRole('link', { name: 'Zurück zum ganzen Protokoll' }).click();
    await expect.poll(() => page.locator('.log-entry').count()).toBe(3);

    // "Stand davor": the grid just before the cancellation still shows Steffi on court 3.
    await page
      .locator('.log-entry', { hasText: 'Reservierung storniert' })
      .getByRole('link', { name: 'Stand davor anzeigen' })
      .click();
    await page.waitForURL('**/admin/stand?**', { timeout: UI_TIMEOUT_MS });
    await page.locator('.day-grid__table').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await gridCell(page, '10:00', 3)).toBe('S. Graf');
    // The second booking came after the cancellation, so it is not there yet.
    expect(await gridCell(page, '12:00', 1)).toBe('frei');
    expect(second).toBeTruthy();

    // Now (the default moment) the cancelled one is gone and the later one is there.
    await openPage(page, `/admin/stand?tag=${tomorrow}`);
    await page.locator('.day-grid__table').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await gridCell(page, '10:00', 3)).toBe('frei');
    expect(await gridCell(page, '12:00', 1)).toBe('S. Graf');
  });

  it('changes the club settings: the grid and header follow at once, a stranding change is refused', async () => {
    await steffi.reserve(club._id, { court_num: '4', date: tomorrow, start_time: 15 });
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openPage(page, '/admin/verein');
    const courts = page.getByLabel('Anzahl der Plätze');
    await courts.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await courts.inputValue()).toBe('4');

    // Fewer courts would strand Steffi's booking on court 4: the server's 409 text is shown.
    const core = settingsCard(page, clubSettingsTexts.coreTitle);
    const save = core.getByRole('button', { name: clubSettingsTexts.save });
    await courts.selectOption('3');
    await save.click();
    const alert = page.locator('.form [role="alert"]');
    await alert.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await alert.innerText()).toContain('Platz 4');
    expect((await clubNow(steffi, club._id)).courts_count).toBe(4);

    // Client-side validation: the end must be after the start.
    await page.getByLabel('Spielzeit ab').selectOption('21');
    await page.getByLabel('Spielzeit bis').selectOption('20');
    await save.click();
    await page.getByText('Die Endzeit muss zwischen 1 und 23 Uhr und nach der Startzeit liegen.').waitFor();
    await page.getByLabel('Spielzeit ab').selectOption('8');

    const renamed = `${club.name} e.V.`;
    await page.getByLabel('Name des Vereins').fill(renamed);
    await courts.selectOption('6');
    await save.click();
    await core.getByText(clubSettingsTexts.saved).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.locator('.app-header__title', { hasText: renamed }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByText('Plätze: 4 → 6').waitFor({ timeout: UI_TIMEOUT_MS });
    const saved = await clubNow(steffi, club._id);
    expect(saved).toMatchObject({ name: renamed, courts_count: 6 });

    // The grid as it stands now has six courts.
    await page.getByRole('link', { name: 'Stand am' }).click();
    await page.locator('.day-grid__table').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.locator('.day-grid__table thead th').allInnerTexts()).toContain('Platz 6');

    // The day grid of /reservations, once its remote is deployed, shows the new number too.
    await page.getByRole('link', { name: 'Platzplan' }).click();
    await page.waitForURL('**/reservations?date=*');
    // The admin area (and its "Stand am" grid, which names Platz 6 too) is gone before the race.
    await page.getByRole('link', { name: 'Stand am' }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    const placeholder = page.getByText('Dieser Bereich steht in Kürze zur Verfügung.');
    const sixth = page.getByText('Platz 6', { exact: true }).first();
    await Promise.race([
      placeholder.waitFor({ timeout: UI_TIMEOUT_MS }),
      sixth.waitFor({ timeout: UI_TIMEOUT_MS }),
    ]);
    if (!(await placeholder.isVisible())) expect(await sixth.isVisible()).toBe(true);
  });

  it('Verein: each card saves on its own and keeps what another card has not saved; courts get names', async () => {
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openPage(page, '/admin/verein');
    const names = settingsCard(page, clubSettingsTexts.courtNamesTitle);
    const rules = settingsCard(page, clubSettingsTexts.localRulesTitle);
    await names.getByLabel(clubSettingsTexts.courtNameLabel(1)).waitFor({ timeout: UI_TIMEOUT_MS });
    await rules.getByLabel('Platzordnung', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    // One field per court, empty until named, "Platz N" standing for the empty one.
    expect(await names.getByRole('textbox').count()).toBe(6);
    expect(await names.getByLabel(clubSettingsTexts.courtNameLabel(2)).getAttribute('placeholder')).toBe(
      'Platz 2',
    );

    // The Platzordnung is typed but not saved when the names are.
    await rules.getByLabel('Platzordnung', { exact: true }).fill('Nur mit Sandplatzschuhen.');
    await names.getByLabel(clubSettingsTexts.courtNameLabel(1)).fill('Center Court');
    await names.getByLabel(clubSettingsTexts.courtNameLabel(2)).fill(' center court ');
    await names.getByRole('button', { name: clubSettingsTexts.save }).click();
    // Refused in the browser under court 2's field, in German, before anything is sent.
    await names
      .getByText(courtNamesTexts.taken('2', '1', 'center court'))
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await names.getByLabel(clubSettingsTexts.courtNameLabel(2)).fill('Halle');
    await names.getByRole('button', { name: clubSettingsTexts.save }).click();
    await names.getByText(clubSettingsTexts.saved).waitFor({ timeout: UI_TIMEOUT_MS });
    // Only the card that saved says so; the other card keeps its typing.
    expect(await rules.getByText(clubSettingsTexts.saved).count()).toBe(0);
    expect(await rules.getByLabel('Platzordnung', { exact: true }).inputValue()).toBe(
      'Nur mit Sandplatzschuhen.',
    );
    expect((await clubNow(steffi, club._id)).court_names).toEqual({ '1': 'Center Court', '2': 'Halle' });
    await page
      .getByText('Platznamen: keine → Platz 1 „Center Court“, Platz 2 „Halle“')
      .waitFor({ timeout: UI_TIMEOUT_MS });

    await rules.getByRole('button', { name: clubSettingsTexts.save }).click();
    await rules.getByText(clubSettingsTexts.saved).waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await clubNow(steffi, club._id)).has_rules).toBe(true);

    // The choices of "Mitspieler, Gäste und Kontingente" are rows to tap, not 13 px dots.
    const play = settingsCard(page, clubSettingsTexts.playRulesTitle);
    const options = play.locator('.play-rules__option');
    await options.first().waitFor({ timeout: UI_TIMEOUT_MS });
    for (const option of await options.all()) {
      expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect((await play.getByRole('radio').first().boundingBox())!.width).toBeGreaterThanOrEqual(20);
    await screenshot(page, 'admin-club-cards');

    // After a reload the names are there; the shell's club carries them to the other screens.
    await openPage(page, '/admin/verein');
    await expect
      .poll(() => names.getByLabel(clubSettingsTexts.courtNameLabel(1)).inputValue(), {
        timeout: UI_TIMEOUT_MS,
      })
      .toBe('Center Court');

    // Sperrungen and the event log call the courts by their names; "Stand am" heads its grid so.
    await openPage(page, '/admin/sperrungen');
    await page.getByRole('checkbox', { name: 'Center Court' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('checkbox', { name: 'Halle' }).waitFor();
    await page.getByRole('checkbox', { name: 'Platz 3' }).waitFor();
    await openPage(page, '/admin');
    await page
      .locator('.log-entry__what', { hasText: /^Center Court · / })
      .first()
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await openPage(page, `/admin/stand?tag=${tomorrow}`);
    await page.locator('.day-grid__table').waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await page.locator('.day-grid__table thead th').allInnerTexts()).slice(1, 4)).toEqual([
      'Center Court',
      'Halle',
      'Platz 3',
    ]);
    await page.close();
  });

  it('promotes a player to admin and back, with a confirmation', async () => {
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('phone');
    await openPage(page, '/admin/mitglieder');
    const row = page.locator('.member', { hasText: 'Steffi Graf' });
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await row.locator('.badge').innerText()).toBe('Spieler');
    // The admin's own row offers no button for role or status: the club would be left without its
    // last admin. Their own category they may change like anyone's.
    const own = page.locator('.member', { hasText: '(Sie)' });
    expect(await own.getByRole('button', { name: /^(?!Kategorie ändern)/ }).count()).toBe(0);

    // The confirming popup asks first; "Abbrechen" changes nothing.
    const dialog = page.getByRole('dialog');
    await row.getByRole('button', { name: 'Zum Administrator machen' }).click();
    await dialog.getByText('Steffi Graf zum Administrator machen?').waitFor();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.locator('.badge').innerText()).toBe('Spieler');

    await row.getByRole('button', { name: 'Zum Administrator machen' }).click();
    await dialog.getByRole('button', { name: 'Ja, ändern' }).click();
    await page.getByText('Die Rolle wurde geändert.').waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(() => row.locator('.badge').innerText()).toBe('Administrator');
    expect(await page.locator('.members__count').innerText()).toContain('2 aktive Administratoren');

    await row.getByRole('button', { name: 'Zum Spieler machen' }).click();
    await dialog.getByRole('button', { name: 'Ja, ändern' }).click();
    await expect.poll(() => row.locator('.badge').innerText()).toBe('Spieler');

    // The last admin cannot be demoted: the server's refusal, as an admin of another session would get it.
    const greta = await apiSession(admin);
    const refused = await greta.put<{ error: string }>(
      `/api/admin/members/${greta.user._id}/role?club_id=${club._id}`,
      { role: 'player' },
    );
    await greta.dispose();
    expect(refused).toEqual({
      status: 409,
      body: { error: 'Der Verein braucht mindestens einen aktiven Administrator.' },
    });

    // The change record lists both role changes.
    await page.getByRole('link', { name: 'Verein', exact: true }).click();
    await expect.poll(() => page.getByText('Steffi Graf: Spieler → Administrator').count()).toBe(1);
    await page.getByText('Steffi Graf: Administrator → Spieler').waitFor();
  });

  it('sends a player who opens /admin to /reservations', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('phone');
    await openPage(page, '/admin/mitglieder');
    await page.waitForURL('**/reservations?date=*', { timeout: UI_TIMEOUT_MS });
    expect(await page.getByRole('link', { name: 'Verwaltung' }).count()).toBe(0);
  });

  it('has no serious accessibility problems, and screenshots of every part on phone and desktop', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const parts = [
      { name: 'admin-log', path: '/admin', ready: '.log-entry' },
      {
        name: 'admin-log-filtered',
        path: `/admin?von=${clubDay()}&typ=ReservationCancelled`,
        ready: '.log-entry',
      },
      { name: 'admin-as-of', path: `/admin/stand?tag=${tomorrow}`, ready: '.day-grid__table' },
      { name: 'admin-club', path: '/admin/verein', ready: '.change' },
      { name: 'admin-members', path: '/admin/mitglieder', ready: '.member' },
    ];
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const page = await browser.newPage(viewport);
      for (const part of parts) {
        await openPage(page, part.path);
        await page.locator(part.ready).first().waitFor({ timeout: UI_TIMEOUT_MS });
        await expectAccessible(page, `${part.name} (${viewport})`);
        await screenshot(page, part.name);
      }
      await page.close();
    }
  });
});
