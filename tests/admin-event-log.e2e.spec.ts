/**
 * The event log says what happened in words an admin reads: a single booking cancelled is
 * "storniert" (not "alle Termine"), one date of a series is "Termin … storniert", co-players are
 * named (an erased one as "Gelöschtes Mitglied"), never by a bare id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateDe } from '@platzbuchung/domain/dates';
import type { Club } from '@platzbuchung/domain/types';
import {
  createClub,
  createPlayer,
  expectAccessible,
  loginViaApi,
  openPage,
  screenshot,
  TEST_PASSWORD,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSession, type ApiSession } from './support/admin-api';
import { clubDay } from './support/reservations-api';

/** Each entry of the log, newest first, as its title, line and the booking it concerns. */
async function logLines(page: Page): Promise<{ title: string; what: string; concerns: string }[]> {
  return page.locator('.log-entry').evaluateAll((entries) =>
    entries.map((entry) => ({
      title: entry.querySelector('.log-entry__title')?.textContent?.trim() ?? '',
      what: entry.querySelector('.log-entry__what')?.textContent?.trim() ?? '',
      concerns: entry.querySelector('.log-entry__concerns')?.textContent?.trim() ?? '',
    })),
  );
}

describe('the event log describes', () => {
  const browser = useChromium();
  let club: Club;
  let admin: Account;
  let steffi: ApiSession;
  let erika: Account;
  let boris: ApiSession;
  const tomorrow = clubDay(1);
  const weekLater = clubDay(8);

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 4 }));
    const steffiAccount = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    erika = await createPlayer(club._id, { first_name: 'Erika', last_name: 'Schmidt' });
    const borisAccount = await createPlayer(club._id, { first_name: 'Boris', last_name: 'Becker' });
    const greta = await apiSession(admin);
    const rules = `/api/admin/club?club_id=${club._id}`;
    const { name, courts_count, start_hour, end_hour, reservations_limit } = club;
    const saved = await greta.put(rules, {
      ...{ name, courts_count, start_hour, end_hour, reservations_limit },
      co_players: 'optional',
    });
    expect(saved.status).toBe(200);

    steffi = await apiSession(steffiAccount);
    boris = await apiSession(borisAccount);
    const erikaId = (await apiSession(erika).then(async (s) => (await s.dispose(), s.user)))._id;

    // A single booking with Erika, cancelled as a whole.
    const single = await steffi.reserve(club._id, {
      court_num: '1',
      date: tomorrow,
      start_time: 10,
      players: [{ user_id: erikaId }],
    });
    // A weekly series (only admins make them), one date of which is cancelled.
    const series = await greta.reserve(club._id, {
      court_num: '2',
      date: tomorrow,
      start_time: 12,
      recurring: true,
    });
    // A booking with Boris, who then erases his account.
    await steffi.reserve(club._id, {
      court_num: '3',
      date: tomorrow,
      start_time: 14,
      players: [{ user_id: boris.user._id }],
    });
    await greta.cancel(club._id, series, weekLater, 'once');
    await greta.dispose();
    await steffi.cancel(club._id, single, tomorrow);
    expect((await boris.del('/api/account', { password: TEST_PASSWORD })).status).toBe(200);
  });

  afterAll(async () => {
    await steffi?.dispose();
    await boris?.dispose();
  });

  for (const size of ['phone', 'desktop'] as const) {
    it(`each change in its own words, co-players by name (${size})`, async () => {
      await loginViaApi(browser.context, admin);
      const page = await browser.newPage(size);
      await openPage(page, '/admin');
      await page
        .getByRole('heading', { name: 'Ereignisprotokoll', level: 2 })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.locator('.log-entry').count(), { timeout: UI_TIMEOUT_MS }).toBe(6);

      const day = formatDateDe(tomorrow);
      const single = `Platz 1 · ${day} · 10-11 Uhr · mit Erika Schmidt`;
      const series = `Platz 2 · ${day} · 12-13 Uhr · wöchentlich`;
      // Newest first; settings first of all (the admin allowed co-players).
      expect(await logLines(page)).toEqual([
        { title: 'Reservierung storniert', what: 'storniert', concerns: `Reservierung: ${single}` },
        {
          title: 'Termin storniert',
          what: `Termin am ${formatDateDe(weekLater)} storniert`,
          concerns: `Reservierung: ${series}`,
        },
        {
          title: 'Reservierung angelegt',
          what: `Platz 3 · ${day} · 14-15 Uhr · mit Gelöschtes Mitglied`,
          concerns: '',
        },
        { title: 'Reservierung angelegt', what: series, concerns: '' },
        { title: 'Reservierung angelegt', what: single, concerns: '' },
        { title: 'Einstellungen geändert', what: 'Mitspieler: keine → freiwillig', concerns: '' },
      ]);
      const text = await page.locator('.log').innerText();
      expect(text).not.toMatch(/Mitglied [0-9a-f]{8}/);
      expect(text).not.toContain('alle Termine');

      await expectAccessible(page, `admin-event-log-${size}`);
      await screenshot(page, 'admin-event-log');
    });
  }
});
