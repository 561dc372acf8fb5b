import { describe, expect, it } from 'vitest';
import { blockTexts } from '@platzbuchung/domain/blocks/blocks';
import { addDays } from '@platzbuchung/domain/dates';
import type { Reservation } from '@platzbuchung/domain/types';
import { verifyProjections } from '../src/projections/registry';
import { startApiProcess } from './support/api-process';
import { TestClient } from './support/client';
import { clubWithMembers, playersAcross, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';

const api = apiForFile({ now: NOW });

type ListAnswer = { data: Reservation[]; error?: string };
const afternoon = {
  court_nums: ['1', '2'],
  from: `${TUESDAY}T14:00`,
  until: `${TUESDAY}T18:00`,
  reason: 'Turnier',
};

const block = (client: TestClient, members: Members, body: Record<string, unknown>) =>
  client.post<{ data: unknown; error?: string; message?: string; cancelled?: number }>(
    `/api/admin/blocks?club_id=${members.club._id}`,
    body,
  );

async function book(client: TestClient, members: Members, body: Record<string, unknown>) {
  return client.post<ListAnswer>('/api/reservations', { club_id: members.club._id, ...body });
}

describe('who may', () => {
  it('anonymous 401, a player 403, an admin of another club 403; members of the club read the blocks', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    expect((await block(new TestClient(api.url), members, afternoon)).status).toBe(401);
    expect((await block(members.player.client, members, afternoon)).status).toBe(403);
    expect((await block(other.admin.client, members, afternoon)).status).toBe(403);
    expect((await block(members.admin.client, members, { ...afternoon, preview: true })).status).toBe(200);
    const made = await block(members.admin.client, members, afternoon);
    expect(made.status).toBe(201);
    const id = (made.body.data as { _id: string })._id;

    const list = `/api/blocks?club_id=${members.club._id}&from=${TUESDAY}&to=${TUESDAY}`;
    expect((await new TestClient(api.url).get(list)).status).toBe(401);
    expect((await other.player.client.get(list)).status).toBe(403);
    const seen = await members.player.client.get<{ data: { _id: string; reason: string; from: string }[] }>(
      list,
    );
    expect(seen.body.data).toEqual([
      {
        _id: id,
        club_id: members.club._id,
        court_nums: ['1', '2'],
        from: `${TUESDAY}T14:00`,
        until: `${TUESDAY}T18:00`,
        reason: 'Turnier',
      },
    ]);

    const lift = (client: TestClient) =>
      client.request('DELETE', `/api/admin/blocks/${id}?club_id=${members.club._id}`, {});
    expect((await lift(new TestClient(api.url))).status).toBe(401);
    expect((await lift(members.player.client)).status).toBe(403);
    expect((await lift(other.admin.client)).status).toBe(403);
    expect((await lift(members.admin.client)).status).toBe(200);
    expect((await lift(members.admin.client)).status).toBe(404);
  });
});

describe('closing courts for an afternoon', () => {
  it('previews the bookings it hits, cancels them on confirming, and refuses new ones with the reason', async () => {
    const members = await clubWithMembers(api.url);
    const inside = await book(members.player.client, members, {
      court_num: '1',
      start_time: 15,
      end_time: 16,
      date: TUESDAY,
    });
    expect(inside.status).toBe(201);
    await book(members.player.client, members, {
      court_num: '3',
      start_time: 15,
      end_time: 16,
      date: TUESDAY,
    });
    const before = Number((await api.db('events').count({ n: '*' }))[0]!.n);

    const preview = await block(members.admin.client, members, { ...afternoon, preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual([
      {
        reservation_id: expect.any(String),
        court_num: '1',
        date: TUESDAY,
        start_time: 15,
        end_time: 16,
        label: null,
        recurring: false,
        holder: {
          _id: members.player.user._id,
          first_name: members.player.user.first_name,
          last_name: members.player.user.last_name,
        },
      },
    ]);
    expect(Number((await api.db('events').count({ n: '*' }))[0]!.n)).toBe(before);

    const confirmed = await block(members.admin.client, members, afternoon);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.cancelled).toBe(1);
    const left = await members.player.client.get<Reservation[]>(
      `/api/reservations?club_id=${members.club._id}`,
    );
    expect(left.body.map((r) => r.court_num)).toEqual(['3']);
    const log = await members.admin.client.get<{ data: { type: string; data: { reason?: string } }[] }>(
      `/api/events?club_id=${members.club._id}&limit=2`,
    );
    expect(log.body.data.map((e) => [e.type, e.data.reason])).toEqual([
      ['ReservationCancelled', 'Turnier'],
      ['CourtsBlocked', 'Turnier'],
    ]);

    const into = await book(members.player.client, members, {
      court_num: '2',
      start_time: 17,
      end_time: 18,
      date: TUESDAY,
    });
    expect(into.status).toBe(409);
    expect(into.body.error).toBe('Platz 2 ist am Di., 24.11.2026 um 17:00 Uhr gesperrt: Turnier');
    expect(
      (
        await book(members.player.client, members, {
          court_num: '2',
          start_time: 18,
          end_time: 19,
          date: TUESDAY,
        })
      ).status,
    ).toBe(201);

    const reports = await verifyProjections(api.db);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
  });

  it('bad input answers 400 with a German text and writes nothing', async () => {
    const members = await clubWithMembers(api.url);
    const count = async () => Number((await api.db('events').count({ n: '*' }))[0]!.n);
    const before = await count();
    for (const bad of [
      { ...afternoon, until: `${TUESDAY}T13:00` },
      { ...afternoon, from: `${TUESDAY}T05:00` },
      { ...afternoon, court_nums: ['9'] },
      { ...afternoon, until: `${addDays(TUESDAY, 400)}T10:00` },
      { ...afternoon, reason: 'x'.repeat(201) },
      { ...afternoon, from: 'morgen' },
      { ...afternoon, court_nums: [] },
      { ...afternoon, extra: true },
    ]) {
      const response = await block(members.admin.client, members, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    expect(await count()).toBe(before);
  });

  it('lifting a block does not bring cancelled bookings back', async () => {
    const members = await clubWithMembers(api.url);
    await book(members.player.client, members, {
      court_num: '1',
      start_time: 15,
      end_time: 16,
      date: TUESDAY,
    });
    const made = await block(members.admin.client, members, afternoon);
    const id = (made.body.data as { _id: string })._id;
    await members.admin.client.request('DELETE', `/api/admin/blocks/${id}?club_id=${members.club._id}`, {});
    const left = await members.player.client.get<Reservation[]>(
      `/api/reservations?club_id=${members.club._id}`,
    );
    expect(left.body).toEqual([]);
    expect(
      (
        await book(members.player.client, members, {
          court_num: '1',
          start_time: 15,
          end_time: 16,
          date: TUESDAY,
        })
      ).status,
    ).toBe(201);
  });
});

describe('a block and bookings racing for the same hours, over two API processes', () => {
  it('never leave a booking inside the block', async () => {
    api.setNow(undefined);
    const members = await clubWithMembers(api.url, { courts_count: 4 });
    const other = await startApiProcess(api.databaseUrl!);
    try {
      const day = addDays(new Date().toISOString().slice(0, 10), 3);
      const players = await playersAcross([api.url, other.url], members.club._id, 10);
      const [blocked] = await Promise.all([
        block(members.admin.client, members, {
          court_nums: ['1', '2'],
          from: `${day}T10:00`,
          until: `${day}T20:00`,
          reason: 'Frost',
        }),
        ...players.map((client, i) =>
          book(client, members, {
            court_num: String(1 + (i % 2)),
            start_time: 10 + i,
            end_time: 11 + i,
            date: day,
          }),
        ),
      ]);
      expect(blocked.status).toBe(201);
      const inside = await api
        .db('reservations')
        .where({ club_id: members.club._id, date: day })
        .whereIn('court_num', ['1', '2']);
      expect(inside).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});

describe('changing a booking into a block', () => {
  const NEXT_TUESDAY = addDays(TUESDAY, 7);
  const leagueMatch = {
    court_nums: ['2'],
    from: `${NEXT_TUESDAY}T18:00`,
    until: `${NEXT_TUESDAY}T20:00`,
    reason: 'Punktspiel',
  };
  const refusal = blockTexts.blocked('2', NEXT_TUESDAY, 18, 'Punktspiel');

  const change = (client: TestClient, members: Members, id: string, body: Record<string, unknown>) =>
    client.request<ListAnswer>('PUT', `/api/reservations/${id}?club_id=${members.club._id}`, body);

  /** A club whose court 2 is closed next Tuesday evening for a league match. */
  async function clubWithBlock() {
    const members = await clubWithMembers(api.url);
    expect((await block(members.admin.client, members, leagueMatch)).status).toBe(201);
    return members;
  }

  const eventCount = async () => Number((await api.db('events').count({ n: '*' }))[0]!.n);

  async function idOf(answer: { status: number; body: ListAnswer }, court: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data.find((r) => r.court_num === court)!._id;
  }

  it('a single booking moved into it answers 409 with the text a new booking gets, and nothing is written', async () => {
    const members = await clubWithBlock();
    const into = { court_num: '2', start_time: 18, end_time: 19, date: NEXT_TUESDAY };
    const booked = await book(members.player.client, members, into);
    expect(booked.status).toBe(409);
    expect(booked.body.error).toBe(refusal);

    const id = await idOf(
      await book(members.player.client, members, {
        court_num: '1',
        start_time: 12,
        end_time: 13,
        date: TUESDAY,
      }),
      '1',
    );
    const before = await eventCount();
    const moved = await change(members.player.client, members, id, into);
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual({ error: refusal });
    expect(await eventCount()).toBe(before);
  });

  it('a weekly series moved into it answers 409 for once, once_and_future and all', async () => {
    const members = await clubWithBlock();
    const id = await idOf(
      await book(members.admin.client, members, {
        court_num: '3',
        start_time: 18,
        end_time: 20,
        date: TUESDAY,
        recurring: true,
        label: 'Training',
      }),
      '3',
    );
    const before = await eventCount();
    for (const scope of ['once', 'once_and_future', 'all']) {
      const moved = await change(members.admin.client, members, id, {
        court_num: '2',
        start_time: 18,
        end_time: 20,
        date: NEXT_TUESDAY,
        label: 'Training',
        scope,
        occurrence_date: NEXT_TUESDAY,
      });
      expect(moved.status, scope).toBe(409);
      expect(moved.body, scope).toEqual({ error: refusal });
    }
    expect(await eventCount()).toBe(before);
  });

  it('a group over several courts moved into it answers 409 as a whole, and no court moves', async () => {
    const members = await clubWithBlock();
    const booked = await members.admin.client.post<ListAnswer>('/api/reservations', {
      club_id: members.club._id,
      start_time: 18,
      end_time: 20,
      date: TUESDAY,
      court_nums: ['1', '2', '3'],
    });
    const chosen = await idOf(booked, '1');
    const before = await eventCount();
    const moved = await change(members.admin.client, members, chosen, {
      court_num: '1',
      start_time: 18,
      end_time: 20,
      date: NEXT_TUESDAY,
      whole_group: true,
    });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual({ error: refusal });
    expect(await eventCount()).toBe(before);
  });
});

describe('a weekly block ("jeden Dienstag 14–16 Uhr Training")', () => {
  const weekly = {
    court_nums: ['1'],
    from: `${TUESDAY}T14:00`,
    until: `${TUESDAY}T16:00`,
    reason: 'Training',
    repeat_until: addDays(TUESDAY, 21),
  };

  it('previews and cancels what lies in any of its times, is listed in later weeks, and refuses bookings there', async () => {
    const members = await clubWithMembers(api.url);
    const thirdTuesday = addDays(TUESDAY, 14);
    const single = await book(members.player.client, members, {
      court_num: '1',
      start_time: 15,
      end_time: 16,
      date: thirdTuesday,
    });
    expect(single.status).toBe(201);
    const wednesday = await book(members.player.client, members, {
      court_num: '1',
      start_time: 15,
      end_time: 16,
      date: addDays(thirdTuesday, 1),
    });
    expect(wednesday.status).toBe(201);

    const preview = await block(members.admin.client, members, { ...weekly, preview: true });
    expect(preview.status).toBe(200);
    expect((preview.body.data as { date: string }[]).map((hit) => hit.date)).toEqual([thirdTuesday]);

    const confirmed = await block(members.admin.client, members, weekly);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.cancelled).toBe(1);
    expect(confirmed.body.data).toMatchObject({ repeat_until: weekly.repeat_until });

    // A later week's window lists it, with its last day; a week after that last day does not.
    const listed = await members.player.client.get<{ data: { reason: string; repeat_until?: string }[] }>(
      `/api/blocks?club_id=${members.club._id}&from=${thirdTuesday}&to=${thirdTuesday}`,
    );
    expect(listed.body.data).toEqual([
      expect.objectContaining({ reason: 'Training', repeat_until: weekly.repeat_until }),
    ]);
    const after = await members.player.client.get<{ data: unknown[] }>(
      `/api/blocks?club_id=${members.club._id}&from=${addDays(TUESDAY, 22)}&to=${addDays(TUESDAY, 28)}`,
    );
    expect(after.body.data).toEqual([]);

    const into = await book(members.player.client, members, {
      court_num: '1',
      start_time: 14,
      end_time: 15,
      date: addDays(TUESDAY, 7),
    });
    expect(into.status).toBe(409);
    expect(into.body.error).toBe(
      `Platz 1 ist am Di., ${addDays(TUESDAY, 7).split('-').reverse().join('.')} um 14:00 Uhr gesperrt: Training`,
    );
    const afterLast = await book(members.player.client, members, {
      court_num: '1',
      start_time: 14,
      end_time: 15,
      date: addDays(TUESDAY, 28),
    });
    expect(afterLast.status).toBe(201);
    const left = await members.player.client.get<Reservation[]>(
      `/api/reservations?club_id=${members.club._id}`,
    );
    expect(left.body.map((r) => r.date).sort()).toEqual([addDays(thirdTuesday, 1), addDays(TUESDAY, 28)]);

    const reports = await verifyProjections(api.db);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
  });

  it('refuses a weekly block over several days, ending before it begins, or without a day, in German', async () => {
    const members = await clubWithMembers(api.url);
    for (const [bad, text] of [
      [{ ...weekly, until: `${addDays(TUESDAY, 1)}T10:00` }, blockTexts.weeklySameDay],
      [{ ...weekly, repeat_until: addDays(TUESDAY, -1) }, blockTexts.repeatBeforeStart],
      [{ ...weekly, repeat_until: addDays(TUESDAY, 400) }, blockTexts.repeatTooLong],
      [{ ...weekly, repeat_until: 'Ostern' }, blockTexts.repeatUntilInvalid],
    ] as const) {
      const response = await block(members.admin.client, members, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.error).toBe(text);
    }
  });
});
