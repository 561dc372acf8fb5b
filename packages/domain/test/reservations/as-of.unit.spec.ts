import { describe, expect, it } from 'vitest';
import { reservationsAsOf, reservationsAtPosition } from '../../src/reservations/as-of';
import type { EventEnvelope } from '../../src/events/catalogue';

const meta = (position: number, version: number, at: string) => ({
  position,
  club_seq: position,
  stream_type: 'reservation' as const,
  version,
  club_id: 'c',
  actor_id: 'a',
  occurred_at: at,
});

const made = (id: string, position: number, at: string): EventEnvelope => ({
  type: 'ReservationMade',
  reservation_id: id,
  data: {
    club_id: 'c',
    user_id: 'u',
    court_num: '3',
    start_time: 10,
    end_time: 11,
    date: '2026-11-17',
    recurring: false,
  },
  ...meta(position, 1, at),
});

const log: EventEnvelope[] = [
  made('a', 1, '2026-11-10T08:00:00.000Z'),
  made('b', 2, '2026-11-11T08:00:00.000Z'),
  {
    type: 'ReservationCancelled',
    reservation_id: 'a',
    data: { delete_type: 'all' },
    ...meta(3, 2, '2026-11-16T20:00:00.000Z'),
  },
];

describe('Stand am', () => {
  it('before the cancellation the reservation is still there', () => {
    expect(
      reservationsAsOf(log, new Date('2026-11-16T19:59:59Z'))
        .map((r) => r._id)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('at and after the cancellation it is gone', () => {
    expect(reservationsAsOf(log, new Date('2026-11-16T20:00:00Z')).map((r) => r._id)).toEqual(['b']);
  });

  it('before anything happened there was nothing', () => {
    expect(reservationsAsOf(log, new Date('2026-11-01T00:00:00Z'))).toEqual([]);
  });

  it('cut by position, in whatever order the events arrive', () => {
    expect(
      reservationsAtPosition([...log].reverse(), 2)
        .map((r) => r._id)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(reservationsAtPosition(log, 3).map((r) => r._id)).toEqual(['b']);
  });
});
