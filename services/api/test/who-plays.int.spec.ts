/**
 * Who plays through the API (docs/who-plays.md): a booking names its co-players,
 * each rule answers with its German sentence, guests' names stay out of the log, the lists show
 * the players with names, a named member sees the booking and takes themselves off, and the
 * read model rebuilds and verifies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import { rebuildProjections, verifyProjections } from '../src/projections/registry';
import type { TestClient } from './support/client';
import { clubWithMembers, loggedIn, PASSWORD, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

// Monday 23 November 2026, 10:00 in Berlin.
const NOW = new Date('2026-11-23T09:00:00Z');
const api = apiForFile({ now: NOW });

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});
const primeTime = { days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 1 };

interface Player {
  client: TestClient;
  id: string;
}
let m: Members;
let anna: Player;
let ben: Player;
let carl: Player;

async function member(first: string, last: string): Promise<Player> {
  const { email } = await signUp(api.url, m.club._id, { first_name: first, last_name: last });
  const logged = await loggedIn(api.url, email);
  return { client: logged.client, id: logged.user._id };
}

const book = (client: TestClient, fields: Record<string, unknown>) =>
  client.post<{ data: Reservation[]; error?: string }>('/api/reservations', {
    club_id: m.club._id,
    court_num: '1',
    start_time: 10,
    end_time: 11,
    date: '2026-11-24',
    ...fields,
  });

beforeAll(async () => {
  m = await clubWithMembers(api.url, { reservations_limit: 3 });
  anna = await member('Anna', 'Aufschlag');
  ben = await member('Ben', 'Volley');
  carl = await member('Carl', 'Netz');
  const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
    ...core(m.club),
    reservations_limit: 3,
    co_players: 'required',
    co_players_count: true,
    doubles_hours: 2,
    guests: true,
    guest_fee_cents: 500,
    quotas: [primeTime],
  });
  expect(saved.status).toBe(200);
});

describe('given a club that requires co-players, counts them, allows guests and rations prime time', () => {
  it('when a player books without co-players, then 403 in German', async () => {
    const answer = await book(m.player.client, {});
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: playerTexts.coPlayersRequired });
  });

  it('when a player names themselves, then 400', async () => {
    const answer = await book(m.player.client, { players: [{ user_id: m.player.user._id }] });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: playerTexts.bookerNamed });
  });

  it('when a guest name has digits, then 400 from the schema', async () => {
    const answer = await book(m.player.client, { players: [{ guest_name: 'R2D2' }] });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Der Name eines Gastes');
  });

  it('when a guest is named "A " (one letter once trimmed), then 400 in German, nothing written', async () => {
    const before = await api.db('events').count<{ count: string }[]>('* as count');
    const answer = await book(m.player.client, { players: [{ guest_name: 'A ' }] });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: playerTexts.guestNameInvalid });
    expect(await api.db('events').count('* as count')).toEqual(before);
  });

  it('when a guest is named with spaces around, then the trimmed name is kept', async () => {
    const answer = await book(m.player.client, {
      court_num: '3',
      start_time: 15,
      end_time: 16,
      players: [{ guest_name: 'Gerda Gast  ' }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const made = answer.body.data.find((r) => r.court_num === '3' && r.start_time === 15)!;
    const guest = await api.db('reservation_guests').where({ reservation_id: made._id }).first('name');
    expect(guest.name).toBe('Gerda Gast');
  });

  it('when a doubles with a guest is booked for two hours, then everyone shows with names, the guest’s name never in the log', async () => {
    const answer = await book(anna.client, {
      court_num: '2',
      start_time: 12,
      end_time: 14,
      players: [{ user_id: ben.id }, { user_id: carl.id }, { guest_name: 'Gerda Gast' }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const made = answer.body.data.find((r) => r.user_id === anna.id)!;
    expect(made.players).toEqual([
      { user_id: ben.id, first_name: 'Ben', last_name: 'Volley' },
      { user_id: carl.id, first_name: 'Carl', last_name: 'Netz' },
      { guest_name: 'Gerda Gast' },
    ]);
    const logged = await api.db('events').where({ stream_id: made._id }).first('data');
    expect(JSON.stringify(logged.data)).not.toContain('Gerda');
    expect(JSON.stringify(logged.data)).toContain('"fee_cents":500');
    const guest = await api.db('reservation_guests').where({ reservation_id: made._id }).first('name');
    expect(guest.name).toBe('Gerda Gast');
  });

  it('when Ben is named at the same time on another court, then 409 names him and the court', async () => {
    const answer = await book(m.player.client, {
      start_time: 12,
      end_time: 13,
      players: [{ user_id: ben.id }],
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: playerTexts.playsElsewhere('Ben Volley', '2', '2026-11-24', 12) });
  });

  it('when Ben’s own list is asked for, then it holds the booking that names him', async () => {
    const list = await ben.client.get<Reservation[]>(
      `/api/reservations?club_id=${m.club._id}&user_id=${ben.id}&from=2026-11-23&to=2026-11-29`,
    );
    expect(list.body.map((r) => r.user_id)).toEqual([anna.id]);
  });

  it('when Carl is named up to his limit of 3, then naming him again is refused with his name', async () => {
    for (const date of ['2026-11-25', '2026-11-26']) {
      const ok = await book(ben.client, {
        date,
        start_time: 9,
        end_time: 10,
        players: [{ user_id: carl.id }],
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    }
    const answer = await book(m.player.client, { date: '2026-11-27', players: [{ user_id: carl.id }] });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: playerTexts.memberLimitReached('Carl Netz', 3) });
  });

  it('when a player has used the prime-time hour, then another is refused naming the window', async () => {
    const first = await book(m.player.client, {
      date: '2026-11-25',
      start_time: 18,
      end_time: 19,
      players: [{ guest_name: 'Gustav Gast' }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const answer = await book(m.player.client, {
      date: '2026-11-27',
      start_time: 18,
      end_time: 19,
      players: [{ guest_name: 'Gustav Gast' }],
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: playerTexts.quotaExceeded(null, 'Mo–Fr 17–21 Uhr', 1) });
  });

  it('when Ben takes himself off, then 204, the booking no longer names him; again 404', async () => {
    const [booking] = (
      await anna.client.get<Reservation[]>(
        `/api/reservations?club_id=${m.club._id}&user_id=${anna.id}&from=2026-11-24&to=2026-11-24`,
      )
    ).body;
    const path = `/api/reservations/${booking!._id}/players/me?club_id=${m.club._id}`;
    expect((await ben.client.request('DELETE', path, {})).status).toBe(204);
    const again = await ben.client.request('DELETE', path, {});
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: playerTexts.notNamed });
    const after = await anna.client.get<Reservation[]>(
      `/api/reservations?club_id=${m.club._id}&from=2026-11-24&to=2026-11-24`,
    );
    const left = after.body.find((r) => r._id === booking!._id)!;
    expect(left.players).toEqual([
      { user_id: carl.id, first_name: 'Carl', last_name: 'Netz' },
      { guest_name: 'Gerda Gast' },
    ]);
    // No longer a doubles: a singles of two hours would stand against the club's rules.
    expect([left.start_time, left.end_time]).toEqual([12, 13]);
  });

  it('when the booker names Ben again, then 403 naming him; Ben comes back himself, then he is named', async () => {
    const [booking] = (
      await anna.client.get<Reservation[]>(
        `/api/reservations?club_id=${m.club._id}&user_id=${anna.id}&from=2026-11-24&to=2026-11-24`,
      )
    ).body;
    const slot = { court_num: '2', start_time: 12, end_time: 13, date: '2026-11-24' };
    const renamed = await anna.client.request(
      'PUT',
      `/api/reservations/${booking!._id}?club_id=${m.club._id}`,
      { ...slot, players: [{ user_id: carl.id }, { guest_name: 'Gerda Gast' }, { user_id: ben.id }] },
    );
    expect(renamed.status).toBe(403);
    expect(renamed.body).toEqual({ error: playerTexts.leftBooking('Ben Volley') });

    const path = `/api/reservations/${booking!._id}/players/me?club_id=${m.club._id}`;
    const byCarl = await carl.client.request('PUT', path, {});
    expect(byCarl.status).toBe(404);
    expect(byCarl.body).toEqual({ error: playerTexts.notLeft });
    expect((await ben.client.request('PUT', path, {})).status).toBe(204);
    const after = await anna.client.get<Reservation[]>(
      `/api/reservations?club_id=${m.club._id}&from=2026-11-24&to=2026-11-24`,
    );
    expect(after.body.find((r) => r._id === booking!._id)!.players).toEqual([
      { user_id: carl.id, first_name: 'Carl', last_name: 'Netz' },
      { guest_name: 'Gerda Gast' },
      { user_id: ben.id, first_name: 'Ben', last_name: 'Volley' },
    ]);
  });

  it('when the booker changes the players, then the change names the new ones', async () => {
    const [booking] = (
      await anna.client.get<Reservation[]>(
        `/api/reservations?club_id=${m.club._id}&user_id=${anna.id}&from=2026-11-24&to=2026-11-24`,
      )
    ).body;
    const changed = await anna.client.request(
      'PUT',
      `/api/reservations/${booking!._id}?club_id=${m.club._id}`,
      {
        court_num: '2',
        start_time: 12,
        end_time: 13,
        date: '2026-11-24',
        players: [{ user_id: ben.id }],
      },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await anna.client.get<Reservation[]>(
      `/api/reservations?club_id=${m.club._id}&from=2026-11-24&to=2026-11-24`,
    );
    expect(after.body.find((r) => r._id === booking!._id)!.players).toEqual([
      { user_id: ben.id, first_name: 'Ben', last_name: 'Volley' },
    ]);
  });

  it('then the read model rebuilds and verifies without a difference', async () => {
    const [before] = await verifyProjections(api.db, ['reservation-players']);
    expect(before!.differences).toEqual([]);
    await api.db('reservation_players').where({ club_id: m.club._id }).delete();
    await rebuildProjections(api.db, ['reservation-players']);
    const [after] = await verifyProjections(api.db, ['reservation-players']);
    expect(after!.differences).toEqual([]);
    expect(after!.rows).toBeGreaterThan(0);
  });

  it('and a player’s booking is one hour unless it is a doubles', async () => {
    const answer = await book(m.player.client, {
      date: '2026-11-28',
      start_time: 9,
      end_time: 11,
      players: [{ guest_name: 'Gustav Gast' }],
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: playerTexts.tooLong(2) });
    expect(reservationTexts.playerOneHourOnly).not.toBe(playerTexts.tooLong(2));
  });

  it('when Carl exports his data, then the bookings that name him are in it', async () => {
    const exported = await carl.client.get<{ named_in: { date: string; court_num: string }[] }>(
      '/api/account/export',
    );
    expect(exported.status).toBe(200);
    expect(exported.body.named_in.map((b) => b.date)).toEqual(['2026-11-25', '2026-11-26']);
  });

  it('when Ben erases his account, then bookings that name him keep the row and show an erased member', async () => {
    const erased = await ben.client.request('DELETE', '/api/account', { password: PASSWORD });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const list = await anna.client.get<Reservation[]>(
      `/api/reservations?club_id=${m.club._id}&from=2026-11-24&to=2026-11-24`,
    );
    const named = list.body.find((r) => r.user_id === anna.id)!;
    expect(named.players).toEqual([{ user_id: ben.id, first_name: null, last_name: null }]);
    const [report] = await verifyProjections(api.db, ['reservation-players']);
    expect(report!.differences).toEqual([]);
  });
});

describe('given clubs with other play rules, each refusal is its German sentence', () => {
  it.each([
    [{}, [{ guest_name: 'Gerda Gast' }], 403, playerTexts.coPlayersOff],
    [{ co_players: 'required' }, [{ guest_name: 'Gerda Gast' }], 403, playerTexts.guestsNotAllowed],
    [
      { co_players: 'required', guests: true },
      [{ guest_name: 'Gerda Gast' }, { guest_name: 'Gustav Gast' }],
      403,
      playerTexts.singlesOrDoubles,
    ],
    [
      { co_players: 'optional' },
      [{ user_id: '00000000-0000-4000-8000-000000000000' }],
      400,
      playerTexts.notActiveMember,
    ],
  ])('with %j, naming %j answers %i', async (rules, players, status, error) => {
    const other = await clubWithMembers(api.url);
    await other.admin.client.request('PUT', `/api/admin/club?club_id=${other.club._id}`, {
      ...core(other.club),
      ...rules,
    });
    const answer = await other.player.client.post('/api/reservations', {
      club_id: other.club._id,
      court_num: '1',
      start_time: 10,
      end_time: 11,
      date: '2026-11-24',
      players,
    });
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error });
  });
});
