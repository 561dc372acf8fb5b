/**
 * The Warteliste's calls (docs/adding-a-change.md): who may, each refusal, the member's own list,
 * how an entry ends, and what erasure and the data export do with it.
 */
import { describe, expect, it } from 'vitest';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
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
