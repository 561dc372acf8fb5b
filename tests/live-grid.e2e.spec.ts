/**
 * The live grid in real Chromium (docs/architecture/live-stream.md): two members, each in a
 * browser of their own, look at the same day. What one books appears in the other's grid without a
 * reload; a booking popup open on a slot someone else just took says so and will not book; the own
 * counter on "Meine Reservierungen" follows bookings made elsewhere. Waits are for the cells, with
 * the usual UI timeout, never for a wall time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { liveTexts } from '@platzbuchung/domain/live/changes';
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
import { expectSlot, openGrid, popup, slot } from './support/reservations-grid';

// Two browsers, so the two members' sessions live side by side.
const browserA = useChromium();
const browserB = useChromium();

const tomorrow = clubDay(1);

describe('a live grid', () => {
  let clubId: string;
  let steffi: Account;
  let boris: Account;

  beforeAll(async () => {
    const created = await createClub({ courts_count: 3, start_hour: 8, end_hour: 20, reservations_limit: 3 });
    clubId = created.club._id;
    steffi = await createPlayer(clubId, { first_name: 'Steffi', last_name: 'Graf' });
    boris = await createPlayer(clubId, { first_name: 'Boris', last_name: 'Becker' });
  });

  it('one member books; the other one’s cell changes without a reload, and a popup on a taken slot refuses', async () => {
    const pageA = await pageAs(browserA, steffi, 'desktop');
    const pageB = await pageAs(browserB, boris, 'phone');
    await openGrid(pageA, tomorrow);
    await openGrid(pageB, tomorrow);
    const navigations: string[] = [];
    pageA.on('framenavigated', (frame) => {
      if (frame === pageA.mainFrame()) navigations.push(frame.url());
    });

    await slot(pageB, 2, 10).click();
    await popup(pageB).getByRole('button', { name: 'Reservieren' }).click();
    await expectSlot(pageB, 2, 10, /Ihre Reservierung/);
    await expectSlot(pageA, 2, 10, /reserviert von B\. Becker/);
    await pageA
      .getByRole('status')
      .getByText('Platz 2 um 10:00 Uhr ist jetzt belegt.')
      .waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });

    // Steffi opens the popup on a free slot; Boris takes it meanwhile.
    await slot(pageA, 3, 11).click();
    const open = popup(pageA);
    await open.getByRole('button', { name: 'Reservieren' }).waitFor({ timeout: UI_TIMEOUT_MS });
    const borisApi = await apiSessionOf(boris);
    await borisApi.reserve({ club_id: clubId, court_num: '3', start_time: 11, end_time: 12, date: tomorrow });
    await open.getByRole('alert').getByText(liveTexts.slotJustTaken).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await open.getByRole('button', { name: 'Reservieren' }).isDisabled()).toBe(true);
    await expectAccessible(pageA, 'live-grid-slot-taken');
    await screenshot(pageA, 'live-grid-slot-taken');
    await open.getByRole('button', { name: 'Abbrechen' }).click();
    await expectSlot(pageA, 3, 11, /reserviert von B\. Becker/);
    await screenshot(pageA, 'live-grid-updated');
    await expectSlot(pageB, 3, 11, /Ihre Reservierung/);
    await screenshot(pageB, 'live-grid-updated');

    expect(navigations).toEqual([]);
  });

  it('a first visit reads each list once, although its stream starts afresh', async () => {
    const page = await pageAs(browserA, steffi, 'phone');
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/reservations' || url.pathname === '/api/blocks')
        reads.push(url.pathname + url.search);
    });
    await openGrid(page, tomorrow);
    // A change that comes through the stream shows that its `ready` has been handled before it.
    const anke = await createPlayer(clubId, { first_name: 'Anke', last_name: 'Huber' });
    const ankeApi = await apiSessionOf(anke);
    await ankeApi.reserve({ club_id: clubId, court_num: '1', start_time: 17, end_time: 18, date: tomorrow });
    await expectSlot(page, 1, 17, /reserviert/);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((read, i) => reads.indexOf(read) !== i)).toEqual([]);
  });

  it('names a member who joined after the grid loaded its members, once their booking arrives', async () => {
    const page = await pageAs(browserA, steffi, 'phone');
    await openGrid(page, tomorrow);
    const conny = await createPlayer(clubId, { first_name: 'Conny', last_name: 'Schmidt' });
    const connyApi = await apiSessionOf(conny);
    await connyApi.reserve({ club_id: clubId, court_num: '2', start_time: 16, end_time: 17, date: tomorrow });
    await expectSlot(page, 2, 16, /reserviert von C\. Schmidt/);
  });

  it('the counter on "Meine Reservierungen" follows a booking made elsewhere', async () => {
    const page = await pageAs(browserB, boris, 'phone');
    await openPage(page, '/bookings');
    await page.getByText('2 von 3').waitFor({ timeout: UI_TIMEOUT_MS });
    const borisApi = await apiSessionOf(boris);
    await borisApi.reserve({ club_id: clubId, court_num: '1', start_time: 15, end_time: 16, date: tomorrow });
    await page.getByText('3 von 3').waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'live-bookings-counter');
  });
});
