/**
 * The club's exports (docs/architecture/exports.md): the treasurer's guest list as JSON and CSV
 * with the fees per member, the bookings, members and guests spreadsheets read back with Papa Parse
 * as a spreadsheet reads them (BOM, `;`, quotes, umlauts), the event log as JSON Lines resumable
 * by position, and who may ask.
 */
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportTexts } from '@platzbuchung/domain/exports/texts';
import type { Reservation } from '@platzbuchung/domain/types';
import type { EventLine } from '../src/exports/event-lines';
import type { TestClient } from './support/client';
import { apiForFile } from './support/api-for-file';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const api = apiForFile({ now: NOW });
const RANGE = 'from=2026-11-23&to=2026-12-06';

/** The bytes of an answer as a spreadsheet opening the file gets them. */
async function download(client: TestClient, path: string) {
  const response = await fetch(api.url + path, { headers: { Cookie: client.cookieHeader() } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

/** Parsed as a spreadsheet does: the BOM says UTF-8, `;` separates, quotes protect. */
function sheet(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), {
    delimiter: ';',
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

let members: Members;
let partner: Awaited<ReturnType<typeof loggedIn>>;
let booking: string;

async function book(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const response = await client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: members.club._id,
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.find(
    (r) => r.court_num === body.court_num && r.date === body.date && r.start_time === body.start_time,
  )!._id;
}

/** A guest named in a booking, as the reservations projection and the booking's command keep it. */
async function nameGuest(reservationId: string, ordinal: number, name: string, feeCents: number) {
  const guestId = randomUUID();
  await api
    .db('reservation_guests')
    .insert({ guest_id: guestId, club_id: members.club._id, reservation_id: reservationId, name });
  await api.db('reservation_players').insert({
    reservation_id: reservationId,
    club_id: members.club._id,
    ordinal,
    guest_id: guestId,
    fee_cents: feeCents,
  });
}

beforeAll(async () => {
  api.setNow(NOW);
  members = await clubWithMembers(api.url, {
    reservations_limit: 10,
    first_name: 'Jürgen',
    last_name: 'Müller',
  });
  partner = await loggedIn(
    api.url,
    (await signUp(api.url, members.club._id, { first_name: 'Björn', last_name: 'Öztürk' })).email,
  );
  // A weekly series on Tuesdays 18-20 with a guest: two dates in the range.
  booking = await book(members.admin.client, {
    court_num: '2',
    date: '2026-11-24',
    start_time: 18,
    end_time: 20,
    recurring: true,
  });
  await api.db('reservation_players').insert({
    reservation_id: booking,
    club_id: members.club._id,
    ordinal: 0,
    user_id: partner.user._id,
  });
  await nameGuest(booking, 1, 'Zoë "Zizou" Weiß; Gast', 500);
  // A player's booking with a guest whose name looks like a formula.
  const adminBooking = await book(members.player.client, {
    court_num: '1',
    date: '2026-11-25',
    start_time: 9,
    end_time: 10,
  });
  await nameGuest(adminBooking, 0, '=HYPERLINK("x")', 250);
});

describe('the treasurer’s guest list', () => {
  it('lists each guest per date with the fee for its hours, and sums per member', async () => {
    const answer = await members.admin.client.get<{
      data: {
        date: string;
        hours: number;
        court_num: string;
        guest_name: string;
        fee_cents: number;
        played: boolean;
        member: { first_name: string };
      }[];
      totals: {
        first_name: string;
        last_name: string;
        guest_hours: number;
        fee_cents: number;
        upcoming_fee_cents: number;
      }[];
      total_fee_cents: number;
      upcoming_fee_cents: number;
    }>(`/api/admin/guests?club_id=${members.club._id}&${RANGE}`);
    expect(answer.status).toBe(200);
    expect(
      answer.body.data.map((row) => [
        row.date,
        row.hours,
        row.court_num,
        row.member.first_name,
        row.guest_name,
        row.fee_cents,
        row.played,
      ]),
    ).toEqual([
      // It is Monday morning: every hour of the range is still to be played, and says so.
      ['2026-11-24', 2, '2', 'Jürgen', 'Zoë "Zizou" Weiß; Gast', 1000, false],
      ['2026-11-25', 1, '1', 'Steffi', '=HYPERLINK("x")', 250, false],
      ['2026-12-01', 2, '2', 'Jürgen', 'Zoë "Zizou" Weiß; Gast', 1000, false],
    ]);
    expect(
      answer.body.totals.map((t) => [t.first_name, t.guest_hours, t.fee_cents, t.upcoming_fee_cents]),
    ).toEqual([
      ['Jürgen', 4, 2000, 2000],
      ['Steffi', 1, 250, 250],
    ]);
    expect(answer.body.total_fee_cents).toBe(2250);
    expect(answer.body.upcoming_fee_cents).toBe(2250);
  });

  it('as CSV: the rows, then the sums per member, in euros with a decimal comma', async () => {
    const file = await download(
      members.admin.client,
      `/api/admin/guests?club_id=${members.club._id}&${RANGE}&format=csv`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="gaeste-2026-11-23-bis-2026-12-06.csv"',
    );
    const rows = sheet(file.bytes);
    expect(rows[0]).toEqual([...exportTexts.guestColumns]);
    expect(rows.slice(1, 4)).toEqual([
      ['24.11.2026', '2', '2', 'Jürgen Müller', 'Zoë "Zizou" Weiß; Gast', '10,00', 'nein'],
      // A text that starts like a formula stays text.
      ['25.11.2026', '1', '1', 'Steffi Graf', `'=HYPERLINK("x")`, '2,50', 'nein'],
      ['01.12.2026', '2', '2', 'Jürgen Müller', 'Zoë "Zizou" Weiß; Gast', '10,00', 'nein'],
    ]);
    // The sums per member, and a labelled line of the sums of all.
    expect(rows.slice(4)).toEqual([
      [exportTexts.guestTotalsHeading],
      [...exportTexts.guestTotalsColumns],
      ['Jürgen Müller', '4', '20,00', '20,00'],
      ['Steffi Graf', '1', '2,50', '2,50'],
      ['Summe', '5', '22,50', '22,50'],
    ]);
    const same = await download(
      members.admin.client,
      `/api/admin/export/guests.csv?club_id=${members.club._id}&${RANGE}`,
    );
    expect(same.bytes.equals(file.bytes)).toBe(true);
  });

  it('refuses players and other clubs’ admins (403), and bad dates in German (400)', async () => {
    const other = await clubWithMembers(api.url);
    for (const path of [
      `/api/admin/guests?club_id=${members.club._id}&${RANGE}`,
      `/api/admin/export/bookings.csv?club_id=${members.club._id}&${RANGE}`,
      `/api/admin/export/members.csv?club_id=${members.club._id}&${RANGE}`,
      `/api/admin/export/guests.csv?club_id=${members.club._id}&${RANGE}`,
      `/api/admin/events/export?club_id=${members.club._id}`,
    ]) {
      expect((await members.player.client.get(path)).status, path).toBe(403);
      expect((await other.admin.client.get(path)).status, path).toBe(403);
    }
    const club = `club_id=${members.club._id}`;
    for (const query of [
      `${club}`,
      `${club}&from=2026-11-31&to=2026-12-01`,
      `${club}&from=2026-12-06&to=2026-11-23`,
    ]) {
      const refused = await members.admin.client.get<{ error: string }>(`/api/admin/guests?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error).toMatch(/Datum|darf nicht vor/);
    }
    const format = await members.admin.client.get<{ errors: { message: string }[] }>(
      `/api/admin/guests?${club}&${RANGE}&format=xls`,
    );
    expect(format.status).toBe(400);
    expect(JSON.stringify(format.body)).toContain(exportTexts.formatInvalid);
  });
});

describe('the spreadsheets', () => {
  it('bookings: one row per date, German dates and names with umlauts, co-players and guests named', async () => {
    const rows = sheet(
      (
        await download(
          members.admin.client,
          `/api/admin/export/bookings.csv?club_id=${members.club._id}&${RANGE}`,
        )
      ).bytes,
    );
    expect(rows[0]).toEqual([...exportTexts.bookingColumns]);
    expect(rows.slice(1)).toEqual([
      [
        '24.11.2026',
        'Di.',
        '18:00',
        '20:00',
        '2',
        '2',
        'Jürgen Müller',
        '',
        'ja',
        'Björn Öztürk, Zoë "Zizou" Weiß; Gast (Gast)',
      ],
      ['25.11.2026', 'Mi.', '09:00', '10:00', '1', '1', 'Steffi Graf', '', 'nein', `'=HYPERLINK("x") (Gast)`],
      [
        '01.12.2026',
        'Di.',
        '18:00',
        '20:00',
        '2',
        '2',
        'Jürgen Müller',
        '',
        'ja',
        'Björn Öztürk, Zoë "Zizou" Weiß; Gast (Gast)',
      ],
    ]);
  });

  it('members: every member with role, status and the hours booked in the range', async () => {
    const rows = sheet(
      (
        await download(
          members.admin.client,
          `/api/admin/export/members.csv?club_id=${members.club._id}&${RANGE}`,
        )
      ).bytes,
    );
    expect(rows[0]).toEqual([...exportTexts.memberColumns]);
    const byLast = Object.fromEntries(rows.slice(1).map((row) => [row[0], row]));
    expect(byLast['Müller']).toEqual([
      'Müller',
      'Jürgen',
      expect.stringContaining('@example.de'),
      'Administrator',
      'aktiv',
      expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/),
      '4',
    ]);
    expect(byLast['Öztürk']?.slice(0, 2)).toEqual(['Öztürk', 'Björn']);
    expect(byLast['Öztürk']?.[6]).toBe('0');
    expect(byLast['Graf']?.[6]).toBe('1');
  });
});

describe('the event log as JSON Lines', () => {
  it('one event a line in the club’s own positions; `after` resumes behind a line', async () => {
    const path = `/api/admin/events/export?club_id=${members.club._id}`;
    const file = await download(members.admin.client, path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = file.bytes
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as EventLine);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.map((line) => line.position)).toEqual(lines.map((_, i) => i + 1));
    const made = lines.find((line) => line.type === 'ReservationMade' && line.stream.id === booking)!;
    expect(Object.keys(made)).toEqual(['position', 'stream', 'version', 'type', 'data', 'actor', 'time']);
    expect(made).toMatchObject({
      stream: { type: 'reservation', id: booking },
      version: 1,
      actor: members.admin.user._id,
    });

    const rest = await download(members.admin.client, `${path}&after=${lines[0]!.position}`);
    const resumed = rest.bytes
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as EventLine);
    expect(resumed).toEqual(lines.slice(1));
    const bad = await members.admin.client.get(`${path}&after=-1`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(exportTexts.afterInvalid);
  });
});
