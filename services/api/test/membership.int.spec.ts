import { beforeAll, describe, expect, it } from 'vitest';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { Club, SessionUser } from '@platzbuchung/domain/types';
import { verifyProjections } from '../src/projections/registry';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, registerClub, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 23 November 2026, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';

const api = apiForFile({ now: NOW });

type Client = Members['admin']['client'];

interface ListedMember {
  _id: string;
  status: string;
  role: string;
  upcoming_bookings: number;
}

const settingsOf = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});

async function turnApprovalOn(members: Members) {
  const response = await members.admin.client.request('PUT', `/api/admin/club?club_id=${members.club._id}`, {
    ...settingsOf(members.club),
    member_approval: true,
  });
  expect(response.status).toBe(200);
}

/** A club with approval on, its admin, an active player and a newly signed-up (pending) one. */
async function clubWithApproval() {
  const members = await clubWithMembers(api.url);
  await turnApprovalOn(members);
  const newcomer = await loggedIn(api.url, (await signUp(api.url, members.club._id)).email);
  return { ...members, newcomer };
}

const setStatus = (admin: Client, clubId: string, memberId: string, status: unknown) =>
  admin.request<{ message: string; data: ListedMember[]; error?: unknown }>(
    'PUT',
    `/api/admin/members/${memberId}/status?club_id=${clubId}`,
    status === undefined ? {} : { status },
  );

const listMembers = async (admin: Client, clubId: string) =>
  (await admin.get<ListedMember[]>(`/api/admin/members?club_id=${clubId}`)).body;

/** Every route of a club's bookings, blocks, players and live stream, with a well-formed request. */
function clubDataCalls(clubId: string, reservationId: string) {
  const q = `club_id=${clubId}`;
  const booking = { club_id: clubId, court_num: '2', start_time: 15, end_time: 16, date: TUESDAY };
  return [
    ['GET', `/api/reservations?${q}`, undefined],
    ['GET', `/api/reservations?${q}&from=${TUESDAY}&to=${TUESDAY}`, undefined],
    ['POST', `/api/reservations`, booking],
    [
      'POST',
      `/api/reservations?reservation_id=${reservationId}&${q}`,
      { form_method: 'delete', date: TUESDAY, delete_type: 'all' },
    ],
    ['PUT', `/api/reservations/${reservationId}?${q}`, { ...booking, court_num: '3' }],
    ['GET', `/api/blocks?${q}&from=${TUESDAY}&to=${TUESDAY}`, undefined],
    ['GET', `/api/users?${q}`, undefined],
    // The live stream: its status and headers, then the test client lets it go.
    ['GET', `/api/reservations/stream?${q}`, undefined],
  ] as const;
}

describe('a club that approves its members', () => {
  it('lets a new member sign up pending: login works, verifyAuth tells the status', async () => {
    const members = await clubWithMembers(api.url);
    await turnApprovalOn(members);
    const response = await new TestClient(api.url).post<{ message: string; data: unknown[] }>('/api/signup', {
      club_id: members.club._id,
      first_name: 'Boris',
      last_name: 'Becker',
      email: `boris-${Date.now()}@example.de`,
      password: 'Aufschlag1!',
      privacy: 'agree',
    });
    expect(response.status).toBe(201);
    // No players' names for someone the club has not admitted yet.
    expect(response.body).toEqual({ message: memberTexts.signedUpPending(members.club.name), data: [] });

    const newcomer = await loggedIn(api.url, (await signUp(api.url, members.club._id)).email);
    expect(newcomer.user.status).toBe('pending');
    const verified = await newcomer.client.get<SessionUser>('/api/verifyAuth');
    expect(verified.body).toMatchObject({ _id: newcomer.user._id, status: 'pending', role: 'player' });
    expect(members.player.user.status).toBe('active');
    expect(members.admin.user.status).toBe('active');
  });

  it('a club without approval (the default) signs members up active, as before', async () => {
    const { club } = await registerClub(api.url);
    expect(club.member_approval).toBe(false);
    const player = await loggedIn(api.url, (await signUp(api.url, club._id)).email);
    expect(player.user.status).toBe('active');
  });
});

describe('every club-data route: anonymous 401, pending 403, inactive 403, other club 403, active 2xx', () => {
  let club: Awaited<ReturnType<typeof clubWithApproval>>;
  let inactive: Awaited<ReturnType<typeof loggedIn>>;
  let other: Members;
  let reservationIds: string[];

  beforeAll(async () => {
    api.setNow(NOW);
    club = await clubWithApproval();
    other = await clubWithMembers(api.url);
    inactive = await loggedIn(api.url, (await signUp(api.url, club.club._id)).email);
    expect((await setStatus(club.admin.client, club.club._id, inactive.user._id, 'inactive')).status).toBe(
      200,
    );
    // One booking of the admin's per call that may change it, so each active call has its own.
    reservationIds = [];
    for (const hour of [8, 9, 10, 11, 12, 13, 14]) {
      const made = await club.admin.client.post<{ data: { _id: string; start_time: number }[] }>(
        '/api/reservations',
        { club_id: club.club._id, court_num: '1', start_time: hour, end_time: hour + 1, date: TUESDAY },
      );
      expect(made.status).toBe(201);
      reservationIds.push(made.body.data.find((r) => r.start_time === hour)!._id);
    }
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 7])('call %i', async (index) => {
    const [method, path, body] = clubDataCalls(club.club._id, reservationIds[index]!)[index]!;
    const answer = (client: TestClient) => client.request<{ error?: string }>(method, path, body);

    expect((await answer(new TestClient(api.url))).status).toBe(401);
    const pending = await answer(club.newcomer.client);
    expect(pending).toMatchObject({ status: 403, body: { error: memberTexts.pendingRefused } });
    const refusedInactive = await answer(inactive.client);
    expect(refusedInactive).toMatchObject({ status: 403, body: { error: memberTexts.inactiveRefused } });
    expect((await answer(other.player.client)).status).toBe(403);
    const active = await answer(club.admin.client);
    expect(active.status).toBeGreaterThanOrEqual(200);
    expect(active.status).toBeLessThan(300);
  });

  it('refuses a pending member before looking at the request: a malformed body is still 403', async () => {
    const malformed = await club.newcomer.client.request('POST', '/api/reservations', { court_num: 'x' });
    expect(malformed).toMatchObject({ status: 403, body: { error: memberTexts.pendingRefused } });
  });

  it('a pending member writes nothing', async () => {
    const before = await api.countRows('events');
    await club.newcomer.client.post('/api/reservations', {
      club_id: club.club._id,
      court_num: '4',
      start_time: 17,
      end_time: 18,
      date: TUESDAY,
    });
    expect(await api.countRows('events')).toBe(before);
  });
});

describe('approving, rejecting, deactivating, reactivating', () => {
  it('approval lets the member book at once; every change is an event with a German label', async () => {
    const club = await clubWithApproval();
    const listed = await listMembers(club.admin.client, club.club._id);
    expect(listed.find((m) => m._id === club.newcomer.user._id)).toMatchObject({
      status: 'pending',
      upcoming_bookings: 0,
    });

    const approved = await setStatus(club.admin.client, club.club._id, club.newcomer.user._id, 'active');
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(memberTexts.statusChanged.approve);
    expect(approved.body.data.find((m) => m._id === club.newcomer.user._id)?.status).toBe('active');

    const booked = await club.newcomer.client.post('/api/reservations', {
      club_id: club.club._id,
      court_num: '1',
      start_time: 18,
      end_time: 19,
      date: TUESDAY,
    });
    expect(booked.status).toBe(201);

    const log = await club.admin.client.get<{
      data: { type: string; data: unknown; actor: { _id: string }; user_id: string }[];
    }>(`/api/events?club_id=${club.club._id}&type=MemberStatusChanged`);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        type: 'MemberStatusChanged',
        user_id: club.newcomer.user._id,
        data: { user_id: club.newcomer.user._id, before: 'pending', after: 'active' },
        actor: expect.objectContaining({ _id: club.admin.user._id }),
      }),
    ]);
  });

  it('rejecting makes the newcomer inactive; reactivating admits them', async () => {
    const club = await clubWithApproval();
    const id = club.newcomer.user._id;
    const rejected = await setStatus(club.admin.client, club.club._id, id, 'inactive');
    expect(rejected.body.message).toBe(memberTexts.statusChanged.reject);
    expect((await club.newcomer.client.get<SessionUser>('/api/verifyAuth')).body.status).toBe('inactive');
    const reactivated = await setStatus(club.admin.client, club.club._id, id, 'active');
    expect(reactivated.body.message).toBe(memberTexts.statusChanged.reactivate);
    expect((await club.newcomer.client.get(`/api/users?club_id=${club.club._id}`)).status).toBe(200);
  });

  it('deactivating keeps the bookings; the admin sees them and may cancel them, one event each', async () => {
    const members = await clubWithMembers(api.url);
    const { client, user } = members.player;
    const single = { club_id: members.club._id, court_num: '2', start_time: 10, end_time: 11, date: TUESDAY };
    expect((await client.post('/api/reservations', single)).status).toBe(201);
    // The admin's own series must stay whatever happens to the player's bookings.
    const series = await members.admin.client.post<{ data: { _id: string }[] }>('/api/reservations', {
      club_id: members.club._id,
      court_num: '3',
      start_time: 18,
      end_time: 19,
      date: '2026-11-30',
      recurring: true,
    });
    expect(series.status).toBe(201);

    const deactivated = await setStatus(members.admin.client, members.club._id, user._id, 'inactive');
    expect(deactivated.body.message).toBe(memberTexts.statusChanged.deactivate);
    expect(deactivated.body.data.find((m) => m._id === user._id)?.upcoming_bookings).toBe(1);
    expect((await client.get(`/api/reservations?club_id=${members.club._id}`)).status).toBe(403);
    expect(await api.db('reservations').where({ user_id: user._id }).count({ n: '*' })).toEqual([{ n: 1 }]);

    const cancel = await members.admin.client.post<{
      message: string;
      cancelled: number;
      data: ListedMember[];
    }>(`/api/admin/members/${user._id}/cancel-upcoming?club_id=${members.club._id}`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ cancelled: 1, message: memberTexts.bookingsCancelled(1) });
    expect(cancel.body.data.find((m) => m._id === user._id)?.upcoming_bookings).toBe(0);
    const log = await members.admin.client.get<{ data: { type: string; actor: { _id: string } }[] }>(
      `/api/events?club_id=${members.club._id}&type=ReservationCancelled`,
    );
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]!.actor._id).toBe(members.admin.user._id);
    // The admin's own series is untouched.
    const left = await api.db('reservations').where({ club_id: members.club._id }).select('user_id');
    expect(left).toEqual([{ user_id: members.admin.user._id }]);
  });

  it('the projections of statuses and settings rebuild to what the live rows say', async () => {
    await clubWithApproval();
    const reports = await verifyProjections(api.db, ['member-statuses', 'club-settings']);
    for (const report of reports) expect(report.differences).toEqual([]);
  });
});

describe('bad input and other clubs', () => {
  it('answers 400 for an unknown status or none, and for a way back to pending', async () => {
    const club = await clubWithApproval();
    for (const status of ['gone', 42, null, undefined]) {
      const response = await setStatus(club.admin.client, club.club._id, club.newcomer.user._id, status);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual([{ instancePath: '/status', message: memberTexts.invalidStatus }]);
    }
    await setStatus(club.admin.client, club.club._id, club.newcomer.user._id, 'active');
    const back = await setStatus(club.admin.client, club.club._id, club.newcomer.user._id, 'pending');
    expect(back).toMatchObject({ status: 400, body: { error: memberTexts.backToPending } });
  });

  it("answers 404 for another club's member, an unknown id and a malformed one", async () => {
    const club = await clubWithApproval();
    const other = await clubWithMembers(api.url);
    for (const id of [other.player.user._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const status = await setStatus(club.admin.client, club.club._id, id, 'inactive');
      expect(status).toMatchObject({ status: 404, body: { error: adminTexts.memberNotFound } });
      const cancel = await club.admin.client.post(
        `/api/admin/members/${id}/cancel-upcoming?club_id=${club.club._id}`,
        {},
      );
      expect(cancel).toMatchObject({ status: 404, body: { error: adminTexts.memberNotFound } });
    }
    expect((await listMembers(other.admin.client, other.club._id)).every((m) => m.status === 'active')).toBe(
      true,
    );
  });

  it('member_approval: absent keeps it, a non-boolean is refused, and the public list carries it', async () => {
    const members = await clubWithMembers(api.url);
    const path = `/api/admin/club?club_id=${members.club._id}`;
    await turnApprovalOn(members);
    const kept = await members.admin.client.request<{ data: Club }>('PUT', path, {
      ...settingsOf(members.club),
      courts_count: 5,
    });
    expect(kept.body.data).toMatchObject({ courts_count: 5, member_approval: true });
    const refused = await members.admin.client.request<{ error: { instancePath: string }[] }>('PUT', path, {
      ...settingsOf(members.club),
      member_approval: 'vielleicht',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.map((e) => e.instancePath)).toEqual(['/member_approval']);
    const clubs = (await members.player.client.get<Club[]>('/api/clubs')).body;
    expect(clubs.find((c) => c._id === members.club._id)?.member_approval).toBe(true);
    const off = await members.admin.client.request<{ data: Club }>('PUT', path, {
      ...settingsOf(members.club),
      member_approval: false,
    });
    expect(off.body.data.member_approval).toBe(false);
  });
});

describe('the last active admin', () => {
  it('cannot deactivate or demote themselves; with a second active admin they may', async () => {
    const members = await clubWithMembers(api.url);
    const { admin, player, club } = members;
    const deactivateSelf = await setStatus(admin.client, club._id, admin.user._id, 'inactive');
    expect(deactivateSelf).toMatchObject({ status: 409, body: { error: adminTexts.lastAdmin } });
    const demoteSelf = await admin.client.request(
      'PUT',
      `/api/admin/members/${admin.user._id}/role?club_id=${club._id}`,
      {
        role: 'player',
      },
    );
    expect(demoteSelf).toMatchObject({ status: 409, body: { error: adminTexts.lastAdmin } });

    await admin.client.request('PUT', `/api/admin/members/${player.user._id}/role?club_id=${club._id}`, {
      role: 'admin',
    });
    expect((await setStatus(admin.client, club._id, admin.user._id, 'inactive')).status).toBe(200);
    // A deactivated admin keeps the role but none of its rights.
    expect((await admin.client.get(`/api/admin/members?club_id=${club._id}`)).status).toBe(403);
    expect((await admin.client.get(`/api/events?club_id=${club._id}`)).status).toBe(403);
    // The remaining active admin is now the last one: their own demotion is refused although an
    // inactive admin remains.
    const demoteLast = await player.client.request(
      'PUT',
      `/api/admin/members/${player.user._id}/role?club_id=${club._id}`,
      {
        role: 'player',
      },
    );
    expect(demoteLast.status).toBe(409);
  });
});
