import { describe, expect, it } from 'vitest';
import { CLUB_SEQ_HEADER } from '@platzbuchung/domain/live/changes';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { Reservation } from '@platzbuchung/domain/types';
import { lockClub } from '../src/commands/club-lock';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const NEXT_MONDAY = '2026-11-30';

const api = apiForFile({ now: NOW });

type ListAnswer = { data: Reservation[] };

const slot = (members: Members, overrides: Record<string, unknown> = {}) => ({
  club_id: members.club._id,
  court_num: '1',
  start_time: 12,
  end_time: 13,
  date: MONDAY,
  ...overrides,
});

async function book(client: TestClient, body: Record<string, unknown>) {
  return client.post<ListAnswer & { error?: string }>('/api/reservations', body);
}

async function remove(client: TestClient, id: string, body: Record<string, unknown>) {
  return client.post<ListAnswer & { error?: string }>(`/api/reservations?reservation_id=${id}`, {
    form_method: 'delete',
    ...body,
  });
}

async function bookedId(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const response = await book(client, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const made = response.body.data.find(
    (r) => r.court_num === body.court_num && r.date === body.date && r.start_time === body.start_time,
  );
  return made!._id;
}

async function occupied(client: TestClient, clubId: string, date: string) {
  const response = await client.get<Reservation[]>(
    `/api/reservations?club_id=${clubId}&from=${date}&to=${date}`,
  );
  expect(response.status).toBe(200);
  return response.body.map((r) => `${r.court_num}@${r.start_time}-${r.end_time}`).sort();
}

describe('who may call', () => {
  it('anonymous → 401, another club → 403, members of the club → 200', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    const anonymous = new TestClient(api.url);
    const path = `/api/reservations?club_id=${members.club._id}`;
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await book(anonymous, slot(members))).status).toBe(401);
    expect((await other.admin.client.get(path)).status).toBe(403);
    expect((await other.player.client.get(path)).status).toBe(403);
    expect((await book(other.admin.client, slot(members))).status).toBe(403);
    expect((await members.player.client.get(path)).status).toBe(200);
    expect((await members.admin.client.get(path)).status).toBe(200);
  });

  it('refuses a body naming another user, and never trusts a role from the body', async () => {
    const members = await clubWithMembers(api.url);
    const response = await book(members.player.client, slot(members, { user_id: members.admin.user._id }));
    expect(response.status).toBe(403);
    const unknownField = await book(members.player.client, slot(members, { role: 'admin' }));
    expect(unknownField.status).toBe(400);
  });

  it("an admin of another club cannot delete this club's reservation", async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    const id = await bookedId(members.player.client, slot(members));
    const response = await remove(other.admin.client, id, { date: MONDAY, delete_type: 'all' });
    expect(response.status).toBe(404);
    expect(await occupied(members.player.client, members.club._id, MONDAY)).toEqual(['1@12-13']);
  });
});

describe('a player', () => {
  it('reserves a free slot, sees it, and cancels it', async () => {
    const members = await clubWithMembers(api.url);
    const response = await book(members.player.client, slot(members));
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual([
      {
        _id: expect.any(String),
        club_id: members.club._id,
        user_id: members.player.user._id,
        court_num: '1',
        start_time: 12,
        end_time: 13,
        date: MONDAY,
        label: null,
        recurring: false,
        deleted_dates: [],
        end_date: null,
        players: [],
      },
    ]);
    const id = response.body.data[0]!._id;
    const cancelled = await remove(members.player.client, id, { date: MONDAY, delete_type: 'once' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ data: [] });
  });

  it('gets 409 naming court, date and hour when the slot is taken', async () => {
    const members = await clubWithMembers(api.url);
    await bookedId(members.admin.client, slot(members, { start_time: 11, end_time: 14 }));
    const response = await book(members.player.client, slot(members));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: reservationTexts.conflict('1', MONDAY, 12) });
    expect(response.body.error).toBe('Platz 1 ist am Mo., 23.11.2026 um 12:00 Uhr bereits reserviert.');
  });

  it('may not book longer than an hour, with a label, or weekly', async () => {
    const members = await clubWithMembers(api.url);
    const cases = [
      [{ end_time: 14 }, reservationTexts.playerOneHourOnly],
      [{ label: 'Training' }, reservationTexts.playerNoLabel],
      [{ recurring: true }, reservationTexts.playerNoRecurrence],
    ] as const;
    for (const [change, message] of cases) {
      const response = await book(members.player.client, slot(members, change));
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: message });
    }
  });

  it('gets the past-slot text for an hour that has passed, but may book the current hour', async () => {
    const members = await clubWithMembers(api.url);
    const past = await book(members.player.client, slot(members, { start_time: 9, end_time: 10 }));
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ error: texts.pastReservation });
    const yesterday = await book(members.player.client, slot(members, { date: '2026-11-22' }));
    expect(yesterday.body).toEqual({ error: texts.pastReservation });
    const current = await book(members.player.client, slot(members, { start_time: 10, end_time: 11 }));
    expect(current.status).toBe(201);
  });

  it('reaches the limit with the exact text', async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 2 });
    await bookedId(members.player.client, slot(members, { court_num: '1' }));
    await bookedId(members.player.client, slot(members, { court_num: '2' }));
    const third = await book(members.player.client, slot(members, { court_num: '3' }));
    expect(third.status).toBe(409);
    expect(third.body).toEqual({
      error: 'Sie haben die maximal zulässige Anzahl an Reservierungen (2) erreicht!',
    });
  });

  it("may not delete someone else's reservation, nor one that has begun", async () => {
    const members = await clubWithMembers(api.url);
    const adminBooking = await bookedId(members.admin.client, slot(members));
    const forbidden = await remove(members.player.client, adminBooking, { date: MONDAY, delete_type: 'all' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: reservationTexts.notOwnReservation });

    const own = await bookedId(members.player.client, slot(members, { start_time: 10, end_time: 11 }));
    const begun = await remove(members.player.client, own, { date: MONDAY, delete_type: 'all' });
    expect(begun.status).toBe(400);
    expect(begun.body).toEqual({ error: reservationTexts.alreadyBegun });
  });

  it('refuses a court or hour outside the club', async () => {
    const members = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
    expect((await book(members.player.client, slot(members, { court_num: '5' }))).body).toEqual({
      error: reservationTexts.unknownCourt(4),
    });
    expect((await book(members.player.client, slot(members, { court_num: '0' }))).status).toBe(400);
    const late = await book(members.player.client, slot(members, { start_time: 20, end_time: 21 }));
    expect(late.body).toEqual({ error: reservationTexts.outsideOpeningHours(8, 20) });
  });
});

describe('an admin', () => {
  it('books a labelled 3-hour weekly series and deletes one date, then the rest from a later date', async () => {
    const members = await clubWithMembers(api.url);
    const id = await bookedId(
      members.admin.client,
      slot(members, { court_num: '2', start_time: 14, end_time: 17, label: ' Medenspiel ', recurring: true }),
    );
    const weeks = ['2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21'];
    for (const week of weeks)
      expect(await occupied(members.player.client, members.club._id, week)).toEqual(['2@14-17']);

    expect((await remove(members.admin.client, id, { date: '2026-12-07', delete_type: 'once' })).status).toBe(
      200,
    );
    expect(
      (await remove(members.admin.client, id, { date: '2026-12-21', delete_type: 'once_and_future' })).status,
    ).toBe(200);

    const seen = await Promise.all(
      [MONDAY, ...weeks, '2026-12-28'].map((d) => occupied(members.player.client, members.club._id, d)),
    );
    expect(seen).toEqual([['2@14-17'], ['2@14-17'], [], ['2@14-17'], [], []]);
    const [row] = (
      await members.admin.client.get<Reservation[]>(`/api/reservations?club_id=${members.club._id}`)
    ).body;
    expect(row).toMatchObject({
      label: 'Medenspiel',
      recurring: true,
      deleted_dates: ['2026-12-07'],
      end_date: '2026-12-21',
    });
  });

  it("deletes a player's reservation and is not limited", async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 1 });
    const id = await bookedId(members.player.client, slot(members));
    expect((await remove(members.admin.client, id, { date: MONDAY, delete_type: 'once' })).status).toBe(200);
    for (const court of ['1', '2', '3'])
      await bookedId(members.admin.client, slot(members, { court_num: court }));
  });

  it('is refused a new weekly series over an existing future single reservation, naming the date', async () => {
    const members = await clubWithMembers(api.url);
    await bookedId(
      members.player.client,
      slot(members, { date: '2026-12-14', court_num: '3', start_time: 18, end_time: 19 }),
    );
    const response = await book(
      members.admin.client,
      slot(members, { court_num: '3', start_time: 17, end_time: 20, recurring: true }),
    );
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('Platz 3 ist am Mo., 14.12.2026 um 18:00 Uhr bereits reserviert.');
  });

  it('also gets the past-slot text', async () => {
    const members = await clubWithMembers(api.url);
    const response = await book(members.admin.client, slot(members, { start_time: 8, end_time: 10 }));
    expect(response.body).toEqual({ error: texts.pastReservation });
  });

  it('gets 404 for an unknown reservation', async () => {
    const members = await clubWithMembers(api.url);
    const response = await remove(members.admin.client, '7c0b9a59-9a3b-4a8b-9a49-1f0e3b7c1d2e', {
      date: MONDAY,
      delete_type: 'all',
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: reservationTexts.reservationNotFound });
  });
});

describe('GET with from/to', () => {
  it('answers only reservations that occur in the range', async () => {
    const members = await clubWithMembers(api.url);
    await bookedId(members.admin.client, slot(members, { court_num: '1', recurring: true }));
    await bookedId(members.admin.client, slot(members, { court_num: '2', date: TUESDAY }));
    await bookedId(members.admin.client, slot(members, { court_num: '3', date: '2027-03-01' }));
    const list = async (from: string, to: string) =>
      (
        await members.player.client.get<Reservation[]>(
          `/api/reservations?club_id=${members.club._id}&from=${from}&to=${to}`,
        )
      ).body.map((r) => r.court_num);
    expect(await list(MONDAY, MONDAY)).toEqual(['1']);
    expect(await list(TUESDAY, TUESDAY)).toEqual(['2']);
    expect(await list('2026-11-25', '2026-11-29')).toEqual([]);
    expect(await list(NEXT_MONDAY, NEXT_MONDAY)).toEqual(['1']);
    expect((await list(MONDAY, '2027-03-01')).sort()).toEqual(['1', '2', '3']);
  });

  it('refuses a malformed or too long range with a German 400', async () => {
    const members = await clubWithMembers(api.url);
    const get = (query: string) =>
      members.player.client.get(`/api/reservations?club_id=${members.club._id}&${query}`);
    for (const query of [
      'from=2026-11-31&to=2026-12-01',
      'from=2026-12-01',
      'from=2026-12-02&to=2026-12-01',
      'from=2026-01-01&to=2028-01-01',
    ]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(typeof (response.body as { error: string }).error).toBe('string');
    }
  });
});

describe('GET and answers without from/to', () => {
  /** Books as the admin while the clock shows `when`, then puts it back. */
  async function bookedEarlier(members: Members, when: string, body: Record<string, unknown>) {
    api.setNow(new Date(when));
    try {
      return await bookedId(members.admin.client, body);
    } finally {
      api.setNow(NOW);
    }
  }

  it('cover four weeks back up to the last bookable day, with older series that still occur', async () => {
    const members = await clubWithMembers(api.url);
    const oldSingle = await bookedEarlier(
      members,
      '2026-06-01T08:00:00Z',
      slot(members, { date: '2026-06-02' }),
    );
    const oldSeries = await bookedEarlier(
      members,
      '2026-06-01T08:00:00Z',
      slot(members, { court_num: '2', date: '2026-06-01', recurring: true }),
    );
    const threeWeeksBack = await bookedEarlier(
      members,
      '2026-11-01T08:00:00Z',
      slot(members, { court_num: '3', date: '2026-11-02' }),
    );
    const lastBookable = await bookedId(members.admin.client, slot(members, { date: '2028-11-23' }));

    const listed = await members.player.client.get<Reservation[]>(
      `/api/reservations?club_id=${members.club._id}`,
    );
    expect(listed.status).toBe(200);
    const ids = listed.body.map((r) => r._id);
    expect(ids).toEqual(expect.arrayContaining([oldSeries, threeWeeksBack, lastBookable]));
    expect(ids).not.toContain(oldSingle);

    // A booking's answer carries the same window.
    const answer = await book(members.player.client, slot(members, { court_num: '4', date: TUESDAY }));
    expect(answer.status).toBe(201);
    const answered = answer.body.data.map((r) => r._id);
    expect(answered).toEqual(expect.arrayContaining([oldSeries, threeWeeksBack, lastBookable]));
    expect(answered).not.toContain(oldSingle);
  });
});

describe('club-local time on the days the clocks change', () => {
  it('spring forward: 03:30 CEST makes 02:00 past and 03:00 bookable', async () => {
    const members = await clubWithMembers(api.url, { start_hour: 1, end_hour: 23 });
    api.setNow(new Date('2026-03-29T01:30:00Z'));
    const day = '2026-03-29';
    expect(
      (await book(members.player.client, slot(members, { date: day, start_time: 2, end_time: 3 }))).body,
    ).toEqual({
      error: texts.pastReservation,
    });
    expect(
      (await book(members.player.client, slot(members, { date: day, start_time: 3, end_time: 4 }))).status,
    ).toBe(201);
  });

  it('fall back: at 02:30 CET (the second 02:00 hour) 01:00 is past and 02:00 still bookable', async () => {
    const members = await clubWithMembers(api.url, { start_hour: 1, end_hour: 23 });
    api.setNow(new Date('2026-10-25T01:30:00Z'));
    const day = '2026-10-25';
    expect(
      (await book(members.player.client, slot(members, { date: day, start_time: 1, end_time: 2 }))).body,
    ).toEqual({
      error: texts.pastReservation,
    });
    expect(
      (await book(members.player.client, slot(members, { date: day, start_time: 2, end_time: 3 }))).status,
    ).toBe(201);
  });

  it('just before midnight UTC it is already tomorrow in Berlin', async () => {
    const members = await clubWithMembers(api.url);
    api.setNow(new Date('2026-11-23T23:30:00Z'));
    expect(
      (await book(members.player.client, slot(members, { date: MONDAY, start_time: 19, end_time: 20 }))).body,
    ).toEqual({
      error: texts.pastReservation,
    });
  });
});

describe('the event store', () => {
  it('records every change with actor and time, and refuses UPDATE and DELETE', async () => {
    const members = await clubWithMembers(api.url);
    const id = await bookedId(members.player.client, slot(members));
    await remove(members.player.client, id, { date: MONDAY, delete_type: 'all' });
    const events = await api.db('events').where({ stream_id: id }).orderBy('version');
    expect(events.map((e) => [e.type, e.version, e.actor_id])).toEqual([
      ['ReservationMade', 1, members.player.user._id],
      ['ReservationCancelled', 2, members.player.user._id],
    ]);
    expect(events[0].occurred_at.toISOString()).toBe(NOW.toISOString());
    await expect(api.db('events').where({ stream_id: id }).update({ type: 'SeriesEnded' })).rejects.toThrow(
      /append-only/,
    );
    await expect(api.db('events').where({ stream_id: id }).delete()).rejects.toThrow(/append-only/);
    await expect(api.db.raw('TRUNCATE events')).rejects.toThrow(/append-only/);
  });
});

describe('concurrency', () => {
  it("a player's 10 simultaneous requests for different slots never exceed the limit", async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 3 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(
          members.player.client,
          slot(members, {
            court_num: String((i % 6) + 1),
            start_time: 12 + Math.floor(i / 6),
            end_time: 13 + Math.floor(i / 6),
          }),
        ),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    expect(
      responses.filter((r) => r.status === 409).every((r) => r.body.error === texts.limitReached(3)),
    ).toBe(true);
    expect(
      await api.db('reservations').where({ user_id: members.player.user._id }).count({ n: '*' }),
    ).toEqual([{ n: 3 }]);
  });

  it('while another command holds the club, a taken slot is refused at once and a free one waits its turn', async () => {
    const members = await clubWithMembers(api.url);
    await bookedId(members.admin.client, slot(members));
    const holder = await api.db.transaction();
    await lockClub(holder, members.club._id);
    let freeAnswered = false;
    const free = book(members.player.client, slot(members, { court_num: '2' })).then((response) => {
      freeAnswered = true;
      return response;
    });
    // Answered while the lock is still held: it never queued behind it.
    const taken = await book(members.player.client, slot(members));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: reservationTexts.conflict('1', MONDAY, 12) });
    expect(freeAnswered).toBe(false);
    await holder.commit();
    expect((await free).status).toBe(201);
    expect(await occupied(members.admin.client, members.club._id, MONDAY)).toEqual(['1@12-13', '2@12-13']);
  });

  it('50 players asking for the same slot at once: exactly one gets it, 49 get 409', async () => {
    const members = await clubWithMembers(api.url);
    const players = await Promise.all(
      Array.from(
        { length: 50 },
        async (_, i) =>
          (
            await loggedIn(
              api.url,
              (await signUp(api.url, members.club._id, { first_name: `Spieler${'abcdefghij'[i % 10]}` }))
                .email,
            )
          ).client,
      ),
    );
    const responses = await Promise.all(
      players.map((client) => book(client, slot(members, { court_num: '4' }))),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await occupied(members.admin.client, members.club._id, MONDAY)).toEqual(['4@12-13']);
  });
});

describe('GET /api/events', () => {
  it('gives admins of the club the log with actor names, paginated by position', async () => {
    const members = await clubWithMembers(api.url);
    const id = await bookedId(members.player.client, slot(members));
    await remove(members.admin.client, id, { date: MONDAY, delete_type: 'all' });
    await bookedId(members.admin.client, slot(members, { court_num: '2', label: 'Jugend', recurring: true }));

    const path = `/api/events?club_id=${members.club._id}`;
    const newest = await members.admin.client.get<{
      data: {
        type: string;
        position: number;
        actor: { last_name: string };
        data: unknown;
        occurred_at: string;
      }[];
      next: { before: number } | null;
    }>(`${path}&limit=2`);
    expect(newest.status).toBe(200);
    expect(newest.body.data.map((e) => e.type)).toEqual(['ReservationMade', 'ReservationCancelled']);
    expect(newest.body.data[1]!.actor.last_name).toBe('Müller-Lüdenscheidt');
    expect(newest.body.data[1]!.data).toEqual({ delete_type: 'all' });
    // A cancellation names the booking it removed, without a second request.
    expect((newest.body.data[1] as unknown as { reservation: object }).reservation).toMatchObject({
      court_num: '1',
      date: MONDAY,
      start_time: 12,
    });
    const older = await members.admin.client.get<{
      data: { type: string; actor: { first_name: string } }[];
      next: unknown;
    }>(`${path}&limit=2&before=${newest.body.next!.before}`);
    expect(older.body.data.map((e) => e.type)).toEqual(['ReservationMade']);
    expect(older.body.data[0]!.actor.first_name).toBe('Steffi');
    expect(older.body.next).toBeNull();

    const forward = await members.admin.client.get<{ data: { position: number }[] }>(`${path}&after=0`);
    const positions = forward.body.data.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const filtered = await members.admin.client.get<{ data: unknown[] }>(`${path}&type=ReservationCancelled`);
    expect(filtered.body.data).toHaveLength(1);
    expect((await members.admin.client.get(`${path}&type=Nope`)).status).toBe(400);
  });

  it('answers in bounded pages: a limit above 200 or below 1 is refused with a German 400', async () => {
    const members = await clubWithMembers(api.url);
    const path = `/api/events?club_id=${members.club._id}`;
    for (const limit of ['0', '201', '1e9']) {
      const response = await members.admin.client.get<{ error: string }>(`${path}&limit=${limit}`);
      expect(response.status, limit).toBe(400);
      expect(response.body.error).toBe('„limit“ muss zwischen 1 und 200 liegen.');
    }
    expect((await members.admin.client.get(`${path}&limit=200`)).status).toBe(200);
  });

  it('refuses anonymous (401), players (403) and admins of another club (403)', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    const path = `/api/events?club_id=${members.club._id}`;
    expect((await new TestClient(api.url).get(path)).status).toBe(401);
    expect((await members.player.client.get(path)).status).toBe(403);
    expect((await other.admin.client.get(path)).status).toBe(403);
  });
});

describe('repeated page views', () => {
  it('answer 304 while nothing changed, and the new list as soon as anything did', async () => {
    const members = await clubWithMembers(api.url);
    const path = `/api/reservations?club_id=${members.club._id}&from=${MONDAY}&to=${MONDAY}`;
    const first = await members.player.client.get<Reservation[]>(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await members.player.client.request('GET', path, undefined, { 'If-None-Match': etag });
    expect(again.status).toBe(304);

    await bookedId(members.admin.client, slot(members, { court_num: '2' }));
    const changed = await members.player.client.request<Reservation[]>('GET', path, undefined, {
      'If-None-Match': etag,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.map((r) => r.court_num)).toEqual(['2']);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // Served again from the kept answer: byte for byte what was built.
    const cached = await members.player.client.get<Reservation[]>(path);
    expect(cached.body).toEqual(changed.body);
  });

  it('names with Club-Seq the club sequence a list includes, for a live stream that starts afresh', async () => {
    const members = await clubWithMembers(api.url);
    const window = `club_id=${members.club._id}&from=${MONDAY}&to=${MONDAY}`;
    const clubSeqs = async () => {
      const reservations = await members.player.client.get(`/api/reservations?${window}`);
      const blocks = await members.player.client.get(`/api/blocks?${window}`);
      return [reservations, blocks].map((answer) => Number(answer.headers.get(CLUB_SEQ_HEADER)));
    };
    const [before, blocksBefore] = await clubSeqs();
    expect(Number.isSafeInteger(before)).toBe(true);
    expect(blocksBefore).toBe(before);

    await bookedId(members.admin.client, slot(members, { court_num: '2' }));
    const [after, blocksAfter] = await clubSeqs();
    expect(after).toBeGreaterThan(before!);
    expect(blocksAfter).toBe(after);
    // A 304 says it too: what the browser keeps includes that sequence.
    const first = await members.player.client.get(`/api/reservations?${window}`);
    const again = await members.player.client.request('GET', `/api/reservations?${window}`, undefined, {
      'If-None-Match': first.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    expect(Number(again.headers.get(CLUB_SEQ_HEADER))).toBe(after);
  });

  it('cost one statement once the list is kept: the session lookup brings the club position', async () => {
    const members = await clubWithMembers(api.url);
    await bookedId(members.admin.client, slot(members, { court_num: '2' }));
    const path = `/api/reservations?club_id=${members.club._id}&from=${MONDAY}&to=${MONDAY}`;
    const first = await members.player.client.get<Reservation[]>(path);
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    api.db.on('query', listen);
    try {
      const again = await members.player.client.get<Reservation[]>(path);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    } finally {
      api.db.off('query', listen);
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/\bsessions s\b/);
  });

  it('never serves one window for another, nor one club for another', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    await bookedId(members.admin.client, slot(members, { court_num: '3' }));
    await bookedId(other.admin.client, slot(other, { court_num: '5', date: TUESDAY }));
    const list = async (m: Members, from: string, to: string) =>
      (
        await m.player.client.get<Reservation[]>(
          `/api/reservations?club_id=${m.club._id}&from=${from}&to=${to}`,
        )
      ).body.map((r) => r.court_num);
    expect(await list(members, MONDAY, MONDAY)).toEqual(['3']);
    expect(await list(members, TUESDAY, TUESDAY)).toEqual([]);
    expect(await list(other, MONDAY, MONDAY)).toEqual([]);
    expect(await list(other, TUESDAY, TUESDAY)).toEqual(['5']);
  });
});

describe("one member's bookings", () => {
  it('user_id narrows the list to that member, each member under its own ETag', async () => {
    const members = await clubWithMembers(api.url);
    await bookedId(members.admin.client, slot(members, { court_num: '1' }));
    await bookedId(members.player.client, slot(members, { court_num: '2' }));
    const path = (userId: string) =>
      `/api/reservations?club_id=${members.club._id}&user_id=${userId}&from=${MONDAY}&to=${NEXT_MONDAY}`;
    const mine = await members.player.client.get<Reservation[]>(path(members.player.user._id));
    const admins = await members.player.client.get<Reservation[]>(path(members.admin.user._id));
    expect(mine.body.map((r) => r.court_num)).toEqual(['2']);
    expect(admins.body.map((r) => r.court_num)).toEqual(['1']);
    expect(mine.headers.get('etag')).not.toBe(admins.headers.get('etag'));
  });

  it('answers 404 for a user_id that names no member of the club, and keeps no list for it', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    await bookedId(other.player.client, slot(other, { court_num: '2' }));
    const path = (userId: string) =>
      `/api/reservations?club_id=${members.club._id}&user_id=${userId}&from=${MONDAY}&to=${MONDAY}`;
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    for (const stranger of [other.player.user._id, '00000000-0000-4000-8000-000000000000']) {
      const response = await members.player.client.get<{ error: string }>(path(stranger));
      expect(response.status, stranger).toBe(404);
      expect(response.body).toEqual({ error: reservationTexts.memberNotInClub });
      api.db.on('query', listen);
      try {
        expect((await members.player.client.get(path(stranger))).status).toBe(404);
      } finally {
        api.db.off('query', listen);
      }
      // Refused before any list is read, and nothing was kept to answer from.
      expect(statements.some((sql) => /reservations/.test(sql))).toBe(false);
      statements.length = 0;
    }
    expect((await members.player.client.get(path(members.admin.user._id))).status).toBe(200);
  });

  it('refuses a user_id that is no member id with a German 400', async () => {
    const members = await clubWithMembers(api.url);
    const response = await members.player.client.get<{ error: string }>(
      `/api/reservations?club_id=${members.club._id}&user_id=nobody&from=${MONDAY}&to=${MONDAY}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(reservationTexts.unknownMember);
  });
});

describe('answers on the wire', () => {
  it('a list travels gzip-compressed to a client that accepts it, and plain to one that does not', async () => {
    const members = await clubWithMembers(api.url);
    for (const hour of [8, 9, 10, 11, 12, 13, 14, 15])
      await bookedId(
        members.admin.client,
        slot(members, { date: TUESDAY, start_time: hour, end_time: hour + 1 }),
      );
    const path = `/api/reservations?club_id=${members.club._id}&from=${TUESDAY}&to=${TUESDAY}`;
    const gzipped = await members.player.client.request<Reservation[]>('GET', path, undefined, {
      'Accept-Encoding': 'gzip',
    });
    const plain = await members.player.client.request<Reservation[]>('GET', path, undefined, {
      'Accept-Encoding': 'identity',
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzipped.body).toEqual(plain.body);
    expect(plain.body).toHaveLength(8);
  });

  it("a booking's answer goes Brotli-compressed to a browser that takes it, gzip to a client that does not", async () => {
    const members = await clubWithMembers(api.url);
    for (const hour of [8, 9, 10, 11, 12, 13])
      await bookedId(
        members.admin.client,
        slot(members, { date: TUESDAY, start_time: hour, end_time: hour + 1 }),
      );
    const path = `/api/reservations?from=${TUESDAY}&to=${TUESDAY}`;
    const book = (hour: number, acceptEncoding: string) =>
      members.admin.client.request<{ data: Reservation[] }>(
        'POST',
        path,
        slot(members, { date: TUESDAY, start_time: hour, end_time: hour + 1 }),
        { 'Accept-Encoding': acceptEncoding },
      );
    const browser = await book(16, 'gzip, deflate, br');
    const older = await book(17, 'gzip');
    expect(browser.status).toBe(201);
    expect(browser.headers.get('content-encoding')).toBe('br');
    expect(browser.body.data).toHaveLength(7);
    expect(older.headers.get('content-encoding')).toBe('gzip');
    expect(older.body.data).toEqual([...browser.body.data, older.body.data.at(-1)]);
  });

  it('other JSON answers of a kilobyte or more are compressed too; small ones and the live stream are not', async () => {
    const members = await clubWithMembers(api.url);
    const gzip = { 'Accept-Encoding': 'gzip' };
    const session = await members.player.client.request('GET', '/api/verifyAuth', undefined, gzip);
    expect(session.headers.get('content-encoding')).toBeNull();
    const schema = await members.player.client.request('GET', '/schema/signup.json', undefined, gzip);
    expect(schema.headers.get('content-encoding')).toBe('gzip');
    const stream = await members.player.client.request(
      'GET',
      `/api/reservations/stream?club_id=${members.club._id}`,
      undefined,
      gzip,
    );
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-encoding')).toBeNull();
  });
});

describe('how far ahead', () => {
  it('a booking in 9999 is refused with the last bookable day, and nothing is written', async () => {
    const members = await clubWithMembers(api.url);
    const before = await api.db('events').where({ club_id: members.club._id }).count({ n: '*' });
    for (const client of [members.player.client, members.admin.client]) {
      const response = await book(client, slot(members, { date: '9999-12-28' }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'So weit im Voraus kann nicht reserviert werden: spätestens am Do., 23.11.2028.',
      });
    }
    expect(await api.db('events').where({ club_id: members.club._id }).count({ n: '*' })).toEqual(before);
    expect((await book(members.player.client, slot(members, { date: '2028-11-23' }))).status).toBe(201);
  });
});
