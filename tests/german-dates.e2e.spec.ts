/**
 * Dates are German whatever the browser's language: Chromium runs in American English here, where a
 * native date input would show "11/23/2026". Every screen that shows a date is read as a person
 * sees it (its visible text), and any US or English date form fails the test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateDe, formatMonthDe, type TemporalClock } from '@platzbuchung/domain/dates';
import {
  createClub,
  createPlayer,
  loginViaApi,
  openPage,
  pickDate,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSessionOf, clubDay } from './support/reservations-api';
import { dateInput, openGrid, shownDay, waitForGrid } from './support/reservations-grid';

const US_DATE = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
const ISO_DATE_ON_SCREEN = /\b\d{4}-\d{2}-\d{2}\b/;
const ENGLISH_WORDS =
  /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|January|February|March|May|June|July|October|December|AM|PM)\b/;
const GERMAN_DATE = /\b\d{2}\.\d{2}\.\d{4}\b/g;

/** Fails on any date on screen not written the German way; returns the German ones seen. */
async function germanDatesOnScreen(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(US_DATE);
  expect(text).not.toMatch(ISO_DATE_ON_SCREEN);
  expect(text).not.toMatch(ENGLISH_WORDS);
  return text.match(GERMAN_DATE) ?? [];
}

describe('German dates in an English-language browser', () => {
  const browser = useChromium({ locale: 'en-US' });
  let admin: Account;
  let player: Account;
  const inTwoDays = clubDay(2);

  beforeAll(async () => {
    const created = await createClub();
    admin = created.admin;
    player = await createPlayer(created.club._id, { first_name: 'Mary', last_name: 'Smith' });
    const session = await apiSessionOf(player);
    await session.reserve({
      club_id: created.club._id,
      court_num: '1',
      start_time: 10,
      end_time: 11,
      date: inTwoDays,
    });
  });

  it('really is an English browser', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/');
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    // What a native date input would show here: the reason for the German date field.
    expect(await page.evaluate(() => new Date(Date.UTC(2026, 10, 23)).toLocaleDateString())).toBe(
      '11/23/2026',
    );
  });

  it("reads the club's wall clock through Temporal, which agrees with the browser's Intl", async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/');
    // packages/domain/src/dates.ts takes Temporal where the browser has it; both must read one
    // time zone database. Every 20 minutes through 2026's clock changes in zones with odd offsets.
    const disagreements = await page.evaluate(() => {
      const temporal = (globalThis as unknown as { Temporal?: TemporalClock }).Temporal;
      if (!temporal) return ['no Temporal'];
      const found: string[] = [];
      const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
      for (const timeZone of zones) {
        const intl = new Intl.DateTimeFormat('en-CA', {
          timeZone,
          ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
          hourCycle: 'h23',
        });
        for (const start of [Date.UTC(2026, 2, 27), Date.UTC(2026, 9, 23), Date.UTC(2026, 3, 3)]) {
          for (let step = 0; step < 216; step++) {
            const instant = start + step * 1_200_000;
            const parts = Object.fromEntries(intl.formatToParts(instant).map((p) => [p.type, p.value]));
            const z = temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);
            const two = (n: number) => String(n).padStart(2, '0');
            const byTemporal = `${z.year}-${two(z.month)}-${two(z.day)} ${two(z.hour)}:${two(z.minute)}`;
            const byIntl = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
            if (byTemporal !== byIntl) found.push(`${timeZone} ${instant}: ${byTemporal} / ${byIntl}`);
          }
        }
      }
      return found;
    });
    expect(disagreements).toEqual([]);
  });

  it('shows the grid day and its calendar in German, and picks a day with the keyboard', async () => {
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('desktop');
    await openGrid(page);
    expect(await dateInput(page).innerText()).toBe(formatDateDe(clubDay(0)));
    expect(await germanDatesOnScreen(page)).toContain(formatDateDe(clubDay(0)).slice(5));

    await pickDate(page, dateInput(page), inTwoDays);
    await waitForGrid(page);
    expect(await dateInput(page).innerText()).toBe(formatDateDe(inTwoDays));
    await germanDatesOnScreen(page);

    // The calendar: German month and weekdays; arrows, Enter and Escape work without a mouse.
    await dateInput(page).focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    await calendar.waitFor();
    expect(await calendar.getByText(formatMonthDe(inTwoDays)).count()).toBe(1);
    expect(await calendar.locator('th').allInnerTexts()).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    await germanDatesOnScreen(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    await expect.poll(() => shownDay(page), { timeout: UI_TIMEOUT_MS }).toBe(clubDay(1));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    await page.keyboard.press('Enter');
    await calendar.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    expect(await shownDay(page)).toBe(clubDay(1));
  });

  it('lists "Meine Reservierungen" with German dates', async () => {
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('desktop');
    await openPage(page, '/bookings');
    await page.getByText(formatDateDe(inTwoDays)).first().waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await germanDatesOnScreen(page)).toContain(formatDateDe(inTwoDays).slice(5));
  });

  it('shows the event log and "Stand am" with German dates and a 24-hour time', async () => {
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openPage(page, '/admin');
    await page.getByText('Mary Smith').first().waitFor({ timeout: UI_TIMEOUT_MS });
    const logDates = await germanDatesOnScreen(page);
    expect(logDates.length).toBeGreaterThan(0);
    // The log's filter by day: German date fields, empty until a day is chosen.
    await page.locator('.log-filters summary').click();
    const fromField = page.getByRole('button', { name: /^Von \(Tag\) / });
    expect(await fromField.innerText()).toBe('beliebig');
    await pickDate(page, fromField, clubDay(0));
    expect(await fromField.innerText()).toBe(formatDateDe(clubDay(0)));
    await germanDatesOnScreen(page);
    await page.getByRole('button', { name: 'Von (Tag): Datum entfernen' }).click();
    expect(await fromField.innerText()).toBe('beliebig');

    await page.getByRole('link', { name: 'Stand am' }).click();
    await page.locator('.day-grid__table').waitFor({ timeout: UI_TIMEOUT_MS });
    const dayField = page.getByRole('button', { name: /^Platzplan für den Tag / });
    expect(await dayField.innerText()).toBe(formatDateDe(clubDay(0)));
    expect(await page.getByRole('button', { name: /^Datum / }).innerText()).toBe(formatDateDe(clubDay(0)));
    expect(await page.getByLabel('Uhrzeit').inputValue()).toMatch(/^\d{2}:\d{2}(:\d{2})?$/);
    await germanDatesOnScreen(page);

    await pickDate(page, dayField, inTwoDays);
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await page
      .locator('.day-grid__table caption', { hasText: formatDateDe(inTwoDays) })
      .waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
    expect(await germanDatesOnScreen(page)).toContain(formatDateDe(inTwoDays).slice(5));
  });
});
