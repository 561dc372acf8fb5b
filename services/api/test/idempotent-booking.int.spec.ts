/**
 * A booking asked for again with the same Idempotency-Key (docs/operations.md, "During a
 * failover"): a request whose answer was lost can be sent again and is answered as the first one
 * was — one booking, never a clash with itself — also when both arrive at once.
 */
import { describe, expect, it } from 'vitest';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import type { Reservation } from '@platzbuchung/domain/types';
import { apiForFile } from './support/api-for-file';
import { clubWithMembers } from './support/fixtures';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';

const api = apiForFile({ now: NOW });

type Answer = { data: Reservation[]; error?: string };

const booking = (clubId: string, hour: number, court = '1') => ({
  club_id: clubId,
  court_num: court,
  date: TUESDAY,
  start_time: hour,
  end_time: hour + 1,
});

async function madeEvents(reservationIds: readonly string[]): Promise<number> {
  const row = await api
    .db('events')
    .whereIn('stream_id', reservationIds)
    .where({ type: 'ReservationMade' })
    .count({ n: '*' })
    .first();
  return Number(row!.n);
}

describe('a booking with an Idempotency-Key', () => {
  it('asked for again is answered 201 as the first time, and booked once', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const key = { 'Idempotency-Key': 'f0a1c3e4-0b8d-4a57-9d1e-5c2b7e3f9a10' };
    const first = await player.client.request<Answer>(
      'POST',
      '/api/reservations',
      booking(club._id, 10),
      key,
    );
    const again = await player.client.request<Answer>(
      'POST',
      '/api/reservations',
      booking(club._id, 10),
      key,
    );
    expect([first.status, again.status]).toEqual([201, 201]);
    const mine = (answer: { body: Answer }) =>
      answer.body.data.filter((r) => r.user_id === player.user._id).map((r) => r._id);
    expect(mine(again)).toEqual(mine(first));
    expect(await madeEvents(mine(first))).toBe(1);
  });

  it('sent five times at once books once and answers every one 201', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const key = { 'Idempotency-Key': 'parallel-retry-0001' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        player.client.request<Answer>('POST', '/api/reservations', booking(club._id, 12), key),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.flatMap((a) => a.body.data.map((r) => r._id)));
    expect(ids.size).toBe(1);
    expect(await madeEvents([...ids])).toBe(1);
  });

  it('is the member’s own: another member’s same key books their own hour', async () => {
    const { club, admin, player } = await clubWithMembers(api.url);
    const key = { 'Idempotency-Key': 'shared-key-between-two' };
    const mine = await player.client.request<Answer>('POST', '/api/reservations', booking(club._id, 14), key);
    const theirs = await admin.client.request<Answer>(
      'POST',
      '/api/reservations',
      booking(club._id, 14, '2'),
      key,
    );
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.data.filter((r) => r.date === TUESDAY && r.start_time === 14)).toHaveLength(2);
  });

  it('used again for another hour is refused in German, and nothing is booked', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const key = { 'Idempotency-Key': 'one-key-two-hours' };
    expect(
      (await player.client.request('POST', '/api/reservations', booking(club._id, 16), key)).status,
    ).toBe(201);
    const other = await player.client.request<Answer>(
      'POST',
      '/api/reservations',
      booking(club._id, 17),
      key,
    );
    expect(other.status).toBe(409);
    expect(other.body.error).toBe(reservationTexts.idempotencyKeyUsed);
    const list = await player.client.get<Reservation[]>(`/api/reservations?club_id=${club._id}`);
    expect(list.body.filter((r) => r.start_time === 17)).toEqual([]);
  });

  it('that is malformed is a 400 in German', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const answer = await player.client.request<Answer>('POST', '/api/reservations', booking(club._id, 18), {
      'Idempotency-Key': 'kurz',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(reservationTexts.idempotencyKeyInvalid);
  });

  it('is not needed: without one, asking again is the clash it always was', async () => {
    const { club, player } = await clubWithMembers(api.url);
    expect((await player.client.post('/api/reservations', booking(club._id, 19))).status).toBe(201);
    expect((await player.client.post('/api/reservations', booking(club._id, 19))).status).toBe(409);
  });
});
