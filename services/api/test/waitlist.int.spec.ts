/**
 * The Warteliste's calls (docs/adding-a-change.md): who may, each refusal, the member's own list,
 * how an entry ends, and what erasure and the data export do with it.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import * as texts from '@platzbuchung/domain/texts';
import { MAX_WAITING_ENTRIES, regionOfBooking, waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import { entriesWithin } from '../src/projections/waitlist';
import type { Reservation } from '@platzbuchung/domain/types';
import { verifyProjections } from '../src/projections/registry';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, PASSWORD, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';

const api = apiForFile({ now: NOW });

interface Entry {
  _id: string;
  court_num: string;
  date: string;
  start_time: number;
  end_time: number;
}
type Answer = {
  data?: Entry;
  error?: string | { instancePath: string; message: string }[];
  message?: string;
};

const evening = { court_num: '1', date: TUESDAY, start_time: 18 };

const join = (client: TestClient, clubId: string, body: unknown) =>
  client.post<Answer>(`/api/waitlist?club_id=${clubId}`, body);
const leave = (client: TestClient, clubId: string, id: string) =>
  client.request<Answer>('DELETE', `/api/waitlist/${id}?club_id=${clubId}`, {});
const listOf = async (client: TestClient, clubId: string) =>
  (await client.get<{ data: Entry[] }>(`/api/waitlist?club_id=${clubId}`)).body.data;

async function book(client: TestClient, members: Members, body: Record<string, unknown>): Promise<string> {
  const response = await client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: members.club._id,
    end_time: Number(body.start_time) + 1,
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.find(
    (r) => r.court_num === body.court_num && r.date === body.date && r.start_time === body.start_time,
  )!._id;
}

const cancel = (client: TestClient, id: string) =>
  client.post(`/api/reservations?reservation_id=${id}`, {
    form_method: 'delete',
    date: TUESDAY,
    delete_type: 'all',
  });

/** A club where the admin booked Tuesday evening on court 1, and a second player. */
async function takenEvening() {
  const members = await clubWithMembers(api.url, { reservations_limit: 10 });
  const second = await loggedIn(api.url, (await signUp(api.url, members.club._id)).email);
  const booking = await book(members.admin.client, members, evening);
  return { members, second, booking, clubId: members.club._id };
}

describe('who may', () => {
  it('anonymous 401; a member of another club and a deactivated member 403', async () => {
    const { members, clubId } = await takenEvening();
    const other = await clubWithMembers(api.url);
    expect((await join(new TestClient(api.url), clubId, evening)).status).toBe(401);
    expect((await new TestClient(api.url).get(`/api/waitlist?club_id=${clubId}`)).status).toBe(401);
    expect((await join(other.player.client, clubId, evening)).status).toBe(403);
    expect((await other.player.client.get(`/api/waitlist?club_id=${clubId}`)).status).toBe(403);

    const { second } = await takenEvening().then(async (taken) => {
      const deactivated = await taken.members.admin.client.request(
        'PUT',
        `/api/admin/members/${taken.second.user._id}/status?club_id=${taken.clubId}`,
        { status: 'inactive' },
      );
      expect(deactivated.status).toBe(200);
      return taken;
    });
    expect((await join(second.client, second.user.club_id, evening)).status).toBe(403);

    const joined = await join(members.player.client, clubId, evening);
    expect(joined.status).toBe(201);
    expect((await leave(other.player.client, clubId, joined.body.data!._id)).status).toBe(403);
    expect((await leave(other.player.client, other.club._id, joined.body.data!._id)).status).toBe(404);
  });
});

describe('joining the list of a taken hour', () => {
  it('puts the member on it and lists it as theirs only', async () => {
    const { members, second, clubId } = await takenEvening();
    const joined = await join(members.player.client, clubId, evening);
    expect(joined.status).toBe(201);
    expect(joined.body.message).toBe(waitlistTexts.joined);
    expect(joined.body.data).toEqual({ _id: expect.any(String), ...evening, end_time: 19 });
    expect(await listOf(members.player.client, clubId)).toEqual([joined.body.data]);
    expect(await listOf(second.client, clubId)).toEqual([]);
  });

  it('refuses a free hour (409), a passed hour (400), the same hour twice (409) and the own booking (409)', async () => {
    const { members, clubId } = await takenEvening();
    const free = await join(members.player.client, clubId, { ...evening, start_time: 17 });
    expect(free.status).toBe(409);
    expect(free.body.error).toBe(waitlistTexts.isFree('1', TUESDAY, 17));
    const past = await join(members.player.client, clubId, { ...evening, date: '2026-11-22' });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe(waitlistTexts.inThePast);
    expect((await join(members.player.client, clubId, evening)).status).toBe(201);
    const twice = await join(members.player.client, clubId, evening);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(waitlistTexts.alreadyWaiting);
    const own = await join(members.admin.client, clubId, evening);
    expect(own.status).toBe(409);
    expect(own.body.error).toBe(waitlistTexts.ownBooking);
    expect((await join(members.player.client, clubId, { ...evening, court_num: '9' })).status).toBe(400);
  });

  it('answers bad input with German field errors, never a 500', async () => {
    const { members, clubId } = await takenEvening();
    for (const body of [
      {},
      { ...evening, court_num: '1a' },
      { ...evening, date: '24.11.2026' },
      { ...evening, start_time: 25 },
      { ...evening, extra: true },
      [],
    ]) {
      const answer = await join(members.player.client, clubId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toEqual(
        expect.arrayContaining([expect.objectContaining({ message: expect.stringMatching(/\S/) })]),
      );
    }
  });
});

describe('leaving and ending', () => {
  it('the member leaves; leaving again, or another member leaving it, is 404', async () => {
    const { members, second, clubId } = await takenEvening();
    const id = (await join(members.player.client, clubId, evening)).body.data!._id;
    expect((await leave(second.client, clubId, id)).status).toBe(404);
    expect((await leave(members.player.client, clubId, 'nope')).status).toBe(404);
    const left = await leave(members.player.client, clubId, id);
    expect(left.status).toBe(200);
    expect(left.body.message).toBe(waitlistTexts.left);
    expect(await listOf(members.player.client, clubId)).toEqual([]);
    expect((await leave(members.player.client, clubId, id)).status).toBe(404);
  });

  it('an entry ends when its member books the freed hour, and is not listed once the hour has passed', async () => {
    const { members, second, booking, clubId } = await takenEvening();
    await join(members.player.client, clubId, evening);
    await join(second.client, clubId, evening);
    expect((await cancel(members.admin.client, booking)).status).toBe(200);
    await book(members.player.client, members, evening);
    expect(await listOf(members.player.client, clubId)).toEqual([]);
    // The others on the list still wait: the hour is taken again.
    expect(await listOf(second.client, clubId)).toHaveLength(1);
    // 19:00 in Berlin: the hour 18-19 is over.
    api.setNow(new Date('2026-11-24T18:00:00Z'));
    expect(await listOf(second.client, clubId)).toEqual([]);
    const verified = await verifyProjections(api.db, ['waitlist']);
    expect(verified[0]!.differences).toEqual([]);
  });
});

describe("the member's own data", () => {
  it('the export lists the entries and their history; erasure removes them', async () => {
    const { members, clubId } = await takenEvening();
    const id = (await join(members.player.client, clubId, evening)).body.data!._id;
    const exported = await members.player.client.get<{
      waitlist: { entries: unknown[]; history: { entry_id: string; type: string; by_me: boolean }[] };
      actions_in_the_club: { stream_type: string }[];
    }>('/api/account/export');
    expect(exported.status).toBe(200);
    expect(exported.body.waitlist.entries).toEqual([evening]);
    expect(exported.body.waitlist.history).toEqual([
      expect.objectContaining({ entry_id: id, type: 'WaitlistJoined', by_me: true }),
    ]);
    expect(exported.body.actions_in_the_club.filter((a) => a.stream_type === 'waitlist')).toEqual([]);

    const erased = await members.player.client.request('DELETE', '/api/account', { password: PASSWORD });
    expect(erased.status).toBe(200);
    expect(await api.db('waitlist_entries').where({ id }).first()).toBeUndefined();
    const verified = await verifyProjections(api.db, ['waitlist']);
    expect(verified[0]!.differences).toEqual([]);
  });
});

describe('what one member may cost', () => {
  /** A club whose admin holds court 1 every Tuesday 18-19, a series reaching years ahead. */
  async function weeklyEvening() {
    const members = await clubWithMembers(api.url, { reservations_limit: 10 });
    await book(members.admin.client, members, { ...evening, recurring: true });
    return { members, clubId: members.club._id };
  }
  const tuesdayIn = (weeks: number) => addDays(TUESDAY, 7 * weeks);

  it(`up to ${MAX_WAITING_ENTRIES} waiting entries per member; the next is 409 in German, and one left makes room`, async () => {
    const { members, clubId } = await weeklyEvening();
    const ids: string[] = [];
    for (let week = 0; week < MAX_WAITING_ENTRIES; week++) {
      const joined = await join(members.player.client, clubId, { ...evening, date: tuesdayIn(week) });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      ids.push(joined.body.data!._id);
    }
    const one = { ...evening, date: tuesdayIn(MAX_WAITING_ENTRIES) };
    const refused = await join(members.player.client, clubId, one);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(waitlistTexts.tooManyEntries(MAX_WAITING_ENTRIES));
    expect((await leave(members.player.client, clubId, ids[0]!)).status).toBe(200);
    expect((await join(members.player.client, clubId, one)).status).toBe(201);
  });

  it('an hour beyond the club’s horizon, or three years ahead, is refused naming the last day', async () => {
    const { members, clubId } = await weeklyEvening();
    const farAhead = await join(members.player.client, clubId, { ...evening, date: tuesdayIn(52 * 3) });
    expect(farAhead.status).toBe(403);
    expect(farAhead.body.error).toBe(waitlistTexts.beyondLastDay('Do., 23.11.2028'));
    const { club } = members;
    const horizon = await members.admin.client.request('PUT', `/api/admin/club?club_id=${clubId}`, {
      name: club.name,
      courts_count: club.courts_count,
      start_hour: club.start_hour,
      end_hour: club.end_hour,
      reservations_limit: club.reservations_limit,
      booking_horizon_days: 14,
    });
    expect(horizon.status, JSON.stringify(horizon.body)).toBe(200);
    const beyond = await join(members.player.client, clubId, { ...evening, date: tuesdayIn(2) });
    expect(beyond.status).toBe(403);
    expect(beyond.body.error).toBe(waitlistTexts.beyondLastDay('Mo., 07.12.2026'));
    expect((await join(members.player.client, clubId, { ...evening, date: tuesdayIn(1) })).status).toBe(201);
  });

  it('joining is counted per member: past 30 tries in 15 minutes, 429 in German with Retry-After', async () => {
    const { members, clubId } = await weeklyEvening();
    const answers = [];
    for (let n = 0; n < 31; n++) answers.push(await join(members.player.client, clubId, evening));
    expect(answers.slice(0, 30).map((a) => a.status)).toEqual([201, ...Array<number>(29).fill(409)]);
    expect(answers[30]!.status).toBe(429);
    expect(answers[30]!.body.error).toBe(texts.tooManyRequests);
    expect(Number(answers[30]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a freed hour is looked up by court, days and hours: the series’ own hours, not the club’s other entries', async () => {
    const { members, clubId } = await weeklyEvening();
    const user = members.player.user._id;
    const rows = [];
    for (const court of ['1', '2']) {
      for (let day = 0; day < 14; day++) {
        for (const start of [17, 18, 19]) {
          rows.push({ court_num: court, date: addDays(TUESDAY, day), start_time: start });
        }
      }
    }
    await api.db('waitlist_entries').insert(
      rows.map((row, n) => ({
        id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        club_id: clubId,
        user_id: user,
        version: 1,
        ...row,
      })),
    );
    const series = { ...evening, recurring: true, end_date: addDays(TUESDAY, 8), end_time: 19 };
    const region = regionOfBooking({
      _id: 'r',
      club_id: clubId,
      user_id: user,
      label: null,
      deleted_dates: [],
      ...series,
    });
    const found = await entriesWithin(api.db, clubId, { date: '2026-11-23', hour: 10 }, region);
    expect(found.map((e) => [e.court_num, e.date, e.start_time])).toEqual([
      ['1', TUESDAY, 18],
      ['1', addDays(TUESDAY, 7), 18],
    ]);
    await api.db('waitlist_entries').where({ club_id: clubId }).delete();
  });
});
