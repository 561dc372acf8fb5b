import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { occursBetween } from '@platzbuchung/domain/recurrence';
import type { Reservation } from '@platzbuchung/domain/types';
import { lockClub } from '../src/commands/club-lock';
import { listReservations, listReservationsJson } from '../src/reservations/window-list';
import { appendEvents } from '../src/events/store';
import { project } from '../src/projections/registry';
import type { TestClient } from './support/client';
import { clubWithMembers } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const api = apiForFile({ now: NOW });

type ListAnswer = { data: Reservation[] };
type Window = { from: string; to: string };

/**
 * Double quotes and a backslash (escaped in JSON), umlauts and ß (two bytes each in UTF-8), an
 * emoji (four bytes, a surrogate pair in JavaScript) and U+2028, which JSON.stringify leaves as it
 * is: what a label can hold through the API. A newline or a tab it refuses (see below).
 */
const LABEL = 'Herren "Süd" \\ Äöü ß 🎾\u2028Halle';

const codePoints = (from: number, to: number) =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
/**
 * Every character free text refuses today (U+0000 aside, which PostgreSQL text cannot hold): the
 * C0 controls, which JSON escapes (\b \t \n \f \r short, the others as \u00xx), DEL and the C1
 * controls, which it leaves as they are, and the direction controls.
 */
const REFUSED_TODAY = [
  'Zeile 1\nZeile 2\tTab ',
  codePoints(0x01, 0x1f),
  '\u007f',
  codePoints(0x80, 0x9f),
  '\u061c\u200e\u200f',
  codePoints(0x202a, 0x202e),
  codePoints(0x2066, 0x2069),
].join('');

/**
 * A club holding every shape a reservation takes: single, labelled series with two deleted dates
 * and an end, group, and a label of every kind of character the API lets through.
 */
async function clubWithEveryShape() {
  const members = await clubWithMembers(api.url, { courts_count: 12 });
  const club_id = members.club._id;
  const book = async (client: typeof members.admin.client, body: Record<string, unknown>) => {
    const response = await client.post<ListAnswer>('/api/reservations', {
      club_id,
      date: '2026-11-24',
      ...body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  await book(members.player.client, { court_num: '1', start_time: 9, end_time: 10 });
  await book(members.admin.client, {
    court_nums: ['2', '3'],
    start_time: 18,
    end_time: 20,
    label: 'Training',
  });
  await book(members.admin.client, { court_num: '4', start_time: 12, end_time: 13, label: LABEL });
  const afterSeries = await book(members.admin.client, {
    court_num: '10',
    start_time: 14,
    end_time: 17,
    label: 'Medenspiel',
    recurring: true,
  });
  const series = afterSeries.find((r) => r.recurring)!;
  for (const [date, delete_type] of [
    ['2026-12-08', 'once'],
    ['2026-12-15', 'once'],
    ['2026-12-22', 'once_and_future'],
  ]) {
    const removed = await members.admin.client.post(`/api/reservations?reservation_id=${series._id}`, {
      club_id,
      form_method: 'delete',
      date,
      delete_type,
    });
    expect(removed.status).toBe(200);
  }
  return members;
}

/**
 * Windows around the series (weekly on Tuesdays from 2026-11-24): its first day with every other
 * booking, a week, a span with a date it takes place and two it does not, only the deleted dates
 * (the rows in SQL still hold the series, the API drops it), and the days after its end.
 */
const WINDOWS: { window: Window; rows: string[]; answered: string[] }[] = [
  {
    window: { from: '2026-11-24', to: '2026-11-24' },
    rows: ['1', '4', '10', '2', '3'],
    answered: ['1', '4', '10', '2', '3'],
  },
  {
    window: { from: '2026-11-23', to: '2026-11-29' },
    rows: ['1', '4', '10', '2', '3'],
    answered: ['1', '4', '10', '2', '3'],
  },
  { window: { from: '2026-12-01', to: '2026-12-15' }, rows: ['10'], answered: ['10'] },
  { window: { from: '2026-12-08', to: '2026-12-15' }, rows: ['10'], answered: [] },
  { window: { from: '2026-12-22', to: '2026-12-31' }, rows: [], answered: [] },
];

/** The bytes of an answer, as they came: the client would parse them. */
async function rawList(client: TestClient, clubId: string, { from, to }: Window): Promise<string> {
  const response = await fetch(`${api.url}/api/reservations?club_id=${clubId}&from=${from}&to=${to}`, {
    headers: { Accept: 'application/json', Cookie: client.cookieHeader() },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** What the API answers for a window, built the typed way: the rows mapped, then the recurrence rule. */
const typedAnswer = (objects: Reservation[], { from, to }: Window) =>
  JSON.stringify(objects.filter((r) => !r.recurring || occursBetween(r, from, to)));

/** A window around every booking these tests make. */
const ALL: Window = { from: '2026-01-01', to: '2027-12-31' };

const texts = async (clubId: string, window: Window = ALL) =>
  (await listReservationsJson(api.db, clubId, window)).map((row) => row.json);

describe("a reservation list written by PostgreSQL's JSON", () => {
  it('is exactly what the rows mapped one by one become, for every shape of reservation', async () => {
    const { club } = await clubWithEveryShape();
    const objects = await listReservations(api.db, club._id, ALL);
    expect(objects.map((r) => [r.court_num, Boolean(r.group_id), r.recurring])).toEqual([
      ['1', false, false],
      ['4', false, false],
      ['10', false, true],
      ['2', true, false],
      ['3', true, false],
    ]);
    expect(objects.find((r) => r.recurring)).toMatchObject({
      label: 'Medenspiel',
      deleted_dates: ['2026-12-08', '2026-12-15'],
      end_date: '2026-12-22',
    });
    expect(objects.find((r) => r.court_num === '4')!.label).toBe(LABEL);
    // Same keys, same order, same values: the bytes of JSON.stringify, not only equal objects.
    expect(await texts(club._id)).toEqual(objects.map((r) => JSON.stringify(r)));
  });

  it('is exactly what the rows mapped one by one become for a window, as the API reads it', async () => {
    const { club } = await clubWithEveryShape();
    for (const { window, rows } of WINDOWS) {
      const objects = await listReservations(api.db, club._id, window);
      expect(
        objects.map((r) => r.court_num),
        JSON.stringify(window),
      ).toEqual(rows);
      expect(await texts(club._id, window), JSON.stringify(window)).toEqual(
        objects.map((r) => JSON.stringify(r)),
      );
    }
  });

  it('answers a window the same through the API: a series only on the days it takes place', async () => {
    const { club, player } = await clubWithEveryShape();
    const day = async (date: string) =>
      (
        await player.client.get<Reservation[]>(
          `/api/reservations?club_id=${club._id}&from=${date}&to=${date}`,
        )
      ).body;
    expect((await day('2026-12-01')).map((r) => r.court_num)).toEqual(['10']);
    expect(await day('2026-12-08')).toEqual([]);
    expect(await day('2026-12-15')).toEqual([]);
    expect(await day('2026-12-22')).toEqual([]);
    const allOfTheFirstWeek = await day('2026-11-24');
    expect(allOfTheFirstWeek).toEqual(
      await listReservations(api.db, club._id, { from: '2026-11-24', to: '2026-11-24' }),
    );
    expect(allOfTheFirstWeek).toHaveLength(5);
  });

  it("answers a window byte for byte as JSON.stringify writes the typed path's list", async () => {
    const { club, player } = await clubWithEveryShape();
    for (const { window, answered } of WINDOWS) {
      const expected = typedAnswer(await listReservations(api.db, club._id, window), window);
      expect(
        (JSON.parse(expected) as Reservation[]).map((r) => r.court_num),
        JSON.stringify(window),
      ).toEqual(answered);
      expect(await rawList(player.client, club._id, window), JSON.stringify(window)).toBe(expected);
    }
  });

  it('escapes every control character as JSON.stringify does, in a label from before they were refused', async () => {
    const { club, admin, player } = await clubWithMembers(api.url);
    const booking = { club_id: club._id, court_num: '1', start_time: 9, end_time: 10, date: '2026-11-24' };
    for (const label of ['Zeile 1\nZeile 2', 'Tab\tTab', 'Training \u2066Herren\u2069']) {
      const refused = await admin.client.post('/api/reservations', { ...booking, label });
      expect(refused.status, JSON.stringify(label)).toBe(400);
      expect(refused.body).toEqual({
        error: 'Die Bezeichnung darf keine Steuer- oder Schreibrichtungszeichen enthalten.',
      });
    }
    // The log takes any label, as free text once did, and the read model is what it says.
    await api.db.transaction(async (trx) => {
      await lockClub(trx, club._id);
      const stored = await appendEvents(
        trx,
        [
          {
            type: 'ReservationMade',
            reservation_id: randomUUID(),
            data: { ...booking, user_id: admin.user._id, label: REFUSED_TODAY, recurring: false },
          },
        ],
        new Map(),
        { club_id: club._id, actor_id: admin.user._id, occurred_at: NOW },
      );
      await project(trx, stored);
    });

    const objects = await listReservations(api.db, club._id, ALL);
    expect(objects.map((r) => r.label)).toEqual([REFUSED_TODAY]);
    expect(await texts(club._id)).toEqual(objects.map((r) => JSON.stringify(r)));
    const day = { from: '2026-11-24', to: '2026-11-24' };
    expect(await texts(club._id, day)).toEqual(objects.map((r) => JSON.stringify(r)));
    expect(await rawList(player.client, club._id, day)).toBe(JSON.stringify(objects));
  });
});

/** The bytes of a booking's answer, as they came. */
async function rawBooking(client: TestClient, { from, to }: Window, body: Record<string, unknown>) {
  const response = await fetch(`${api.url}/api/reservations?from=${from}&to=${to}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: client.cookieHeader() },
    body: JSON.stringify(body),
  });
  expect(response.status, JSON.stringify(body)).toBe(201);
  return response.text();
}

/** The SQL the API runs while `work` does, as knex reports it. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const listen = (query: { sql: string }) => statements.push(query.sql);
  api.db.on('query', listen);
  try {
    await work();
  } finally {
    api.db.off('query', listen);
  }
  return statements;
}

describe('a booking answered from the kept list', () => {
  it('answers byte for byte what a fresh read of the window gives, without reading the list', async () => {
    const { club, admin, player } = await clubWithEveryShape();
    const club_id = club._id;
    const week = { from: '2026-11-23', to: '2026-11-29' };
    // The page view keeps the week's list; the bookings after it carry it forward.
    await rawList(player.client, club_id, week);
    const bookings: [TestClient, Record<string, unknown>][] = [
      [player.client, { court_num: '5', start_time: 11, end_time: 12, date: '2026-11-24' }],
      [admin.client, { court_nums: ['6', '7'], start_time: 15, end_time: 16, date: '2026-11-25' }],
      [admin.client, { court_num: '11', start_time: 8, end_time: 9, date: '2026-11-24', recurring: true }],
      [admin.client, { court_num: '12', start_time: 9, end_time: 10, date: '2026-12-03', label: LABEL }],
      [admin.client, { court_num: '1', start_time: 19, end_time: 20, date: '2026-11-29' }],
    ];
    for (const [client, body] of bookings) {
      let answer = '';
      const statements = await statementsDuring(async () => {
        answer = await rawBooking(client, week, { club_id, ...body });
      });
      const fresh = typedAnswer(await listReservations(api.db, club_id, week), week);
      expect(answer, JSON.stringify(body)).toBe(`{"data":${fresh}}`);
      expect(statements.filter((sql) => sql.includes('row_to_json'))).toEqual([]);
      // The next page view finds the list kept, and it is the same.
      expect(await rawList(player.client, club_id, week)).toBe(fresh);
    }
  });

  it('reads the list again after a deletion, and answers it as a fresh read', async () => {
    const { club, player } = await clubWithEveryShape();
    const week = { from: '2026-11-23', to: '2026-11-29' };
    const answer = JSON.parse(
      await rawBooking(player.client, week, {
        club_id: club._id,
        court_num: '5',
        start_time: 11,
        end_time: 12,
        date: '2026-11-24',
      }),
    ) as ListAnswer;
    const booked = answer.data.find((r) => r.court_num === '5')!;
    const statements = await statementsDuring(async () => {
      const removed = await player.client.post<ListAnswer>(
        `/api/reservations?reservation_id=${booked._id}&from=${week.from}&to=${week.to}`,
        { club_id: club._id, form_method: 'delete', date: booked.date, delete_type: 'all' },
      );
      expect(removed.status).toBe(200);
      expect(removed.body.data.map((r) => r.court_num)).toEqual(['1', '4', '10', '2', '3']);
    });
    expect(statements.filter((sql) => sql.includes('row_to_json'))).toHaveLength(1);
    expect(await rawList(player.client, club._id, week)).toBe(
      typedAnswer(await listReservations(api.db, club._id, week), week),
    );
  });
});
