/**
 * "Auslastung": the club's numbers of two weeks as an admin reads them on a phone and a desktop;
 * its code arrives with the tab, never with the grid's first visit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { weekdayOf } from '@platzbuchung/domain/dates';
import { defaultFiguresRange } from '@platzbuchung/domain/stats/range';
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
  type Account,
} from './support';
import { apiSession, type ApiSession } from './support/admin-api';
import { clubDay } from './support/reservations-api';

/** The screen-reader table's cell at `hour` ("17:00") on ISO weekday 1-7. */
async function tableCell(page: Page, hour: string, weekday: number): Promise<string> {
  const row = page.locator('#stats-heat-table tbody tr', { has: page.locator('th', { hasText: hour }) });
  return (
    (await row
      .locator('td')
      .nth(weekday - 1)
      .textContent()) ?? ''
  ).trim();
}

/** Script files the page asked for while `visit` ran. */
async function scriptsDuring(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const scripts: string[] = [];
  const onRequest = (request: { url(): string; resourceType(): string }) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  };
  page.on('request', onRequest);
  await visit();
  page.off('request', onRequest);
  return scripts;
}

describe('Auslastung', () => {
  const browser = useChromium();
  let club: Club;
  let admin: Account;
  let greta: ApiSession;
  let steffi: ApiSession;
  const tomorrow = clubDay(1);
  const range = `from=${clubDay(0)}&to=${clubDay(13)}`;

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 4 }));
    const player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    greta = await apiSession(admin);
    steffi = await apiSession(player);
    await greta.reserve(club._id, {
      court_num: '1',
      date: tomorrow,
      start_time: 17,
      end_time: 19,
      recurring: true,
      label: 'Training',
    });
    await greta.reserve(club._id, { court_num: '2', date: tomorrow, start_time: 17, label: 'Turnier' });
    await steffi.reserve(club._id, { court_num: '3', date: tomorrow, start_time: 17 });
    const gone = await steffi.reserve(club._id, { court_num: '4', date: clubDay(2), start_time: 10 });
    const { name, courts_count, start_hour, end_hour, reservations_limit } = club;
    const core = { name, courts_count, start_hour, end_hour, reservations_limit };
    await greta.put(`/api/admin/club?club_id=${club._id}`, { ...core, court_names: { '2': 'Halle' } });
    await steffi.cancel(club._id, gone, clubDay(2));
  });
  afterAll(async () => {
    await Promise.all([greta?.dispose(), steffi?.dispose()]);
  });

  it('loads its code with the tab only, never on the grid’s first visit', async () => {
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('phone');
    const onGrid = await scriptsDuring(page, () => openPage(page, '/reservations'));
    expect(onGrid.length).toBeGreaterThan(0);
    expect(onGrid.filter((url) => url.includes('admin-stats'))).toEqual([]);
    const onTab = await scriptsDuring(page, async () => {
      await openPage(page, `/admin/auslastung?${range}`);
      await page.getByRole('heading', { name: 'Belegung nach Wochentag und Uhrzeit' }).waitFor({
        timeout: UI_TIMEOUT_MS,
      });
    });
    expect(onTab.filter((url) => url.includes('admin-stats'))).toHaveLength(1);
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`shows two weeks as a heatmap, a table, courts and members (${viewport})`, async () => {
      await loginViaApi(browser.context, admin);
      const page = await browser.newPage(viewport);
      await openPage(page, `/admin/auslastung?${range}`);
      await page.getByRole('heading', { name: 'Belegung nach Wochentag und Uhrzeit' }).waitFor({
        timeout: UI_TIMEOUT_MS,
      });
      const weekday = weekdayOf(tomorrow) || 7;
      // Two such weekdays in the range × 4 courts; at 17 o'clock series, label and Steffi on the first,
      // the series alone on the second: 4 of 8; at 18 o'clock the series on both: 2 of 8.
      expect(await tableCell(page, '17:00', weekday)).toBe('50 %');
      expect(await tableCell(page, '18:00', weekday)).toBe('25 %');
      expect(await tableCell(page, '10:00', weekday)).toBe('0 %');
      await expect.poll(() => page.locator('.stats__bar-row').count()).toBe(4);
      expect(await page.locator('.stats__bar-row').first().innerText()).toContain('Platz 1');
      expect(await page.locator('.stats__bar-row').first().innerText()).toContain('4 Std.');
      expect(await page.locator('.stats__table--members tbody tr').first().innerText()).toContain(
        'Steffi Graf',
      );
      expect(await page.getByText('1 Absage, 1 Std. zurückgegeben').count()).toBe(1);
      // The picture's cells say they are percentages, as the table does.
      await expect
        .poll(() => page.locator('.heatmap__cell:not(.heatmap__cell--closed)').first().innerText())
        .toMatch(/^\d+\u202f%$/);
      // Every court's bar runs on a track of the same length, whatever its figures say beside it.
      const tracks = await page.locator('.stats__bar').evaluateAll((bars) =>
        bars.map((bar) => {
          const box = bar.getBoundingClientRect();
          return [Math.round(box.left), Math.round(box.width)];
        }),
      );
      expect(new Set(tracks.map(String)).size).toBe(1);
      // A court's own name, from the club's settings.
      expect(await page.locator('.stats__bar-row').nth(1).innerText()).toContain('Halle');
      await expectAccessible(page, `stats-${viewport}`);
      const shot = await screenshot(page, 'stats-heatmap');
      expect(shot).toContain('stats-heatmap');

      // The table on request, in place of the picture; the way back.
      await page.getByRole('button', { name: 'Als Tabelle zeigen' }).click();
      await page.getByRole('button', { name: 'Tabelle ausblenden' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator('.heatmap').count()).toBe(0);
      expect(await page.locator('#stats-heat-table caption').isVisible()).toBe(true);
    });
  }

  it('opens on the same days as "Gäste": the domain’s one default range', async () => {
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    const { from, to } = defaultFiguresRange(clubDay(0));
    const stats = page.waitForResponse((r) => r.url().includes('/api/admin/stats'));
    await openPage(page, '/admin/auslastung');
    expect(await (await stats).json()).toMatchObject({ data: { from, to } });
    const guests = page.waitForRequest((r) => r.url().includes('/api/admin/guests'));
    await openPage(page, '/admin/gaeste');
    const asked = new URL((await guests).url()).searchParams;
    expect([asked.get('from'), asked.get('to')]).toEqual([from, to]);
  });

  it('refuses a range that ends before it starts, in German, before asking', async () => {
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('phone');
    await openPage(page, `/admin/auslastung?from=${clubDay(5)}&to=${clubDay(1)}`);
    await page.getByText('Das Enddatum darf nicht vor dem Anfangsdatum liegen.').first().waitFor({
      timeout: UI_TIMEOUT_MS,
    });
  });
});
