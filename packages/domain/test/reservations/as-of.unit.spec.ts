import { describe, expect, it } from 'vitest';
import {
  AsOfFold,
  asOfPage,
  parseAsOfCursor,
  reservationsAsOf,
  reservationsAtClubSeq,
} from '../../src/reservations/as-of';
import type { EventEnvelope } from '../../src/events/catalogue';

/** Other clubs write in between: the global position runs ahead of the club's own number. */
const meta = (clubSeq: number, version: number, at: string) => ({
  position: 100 + clubSeq * 7,
  club_seq: clubSeq,
  stream_type: 'reservation' as const,
  version,
  club_id: 'c',
  actor_id: 'a',
  occurred_at: at,
});

const made = (id: string, clubSeq: number, at: string): EventEnvelope => ({
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
  ...meta(clubSeq, 1, at),
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

  it('cut after one of the club’s own event numbers, in whatever order the events arrive', () => {
    expect(
      reservationsAtClubSeq([...log].reverse(), 2)
        .map((r) => r._id)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(reservationsAtClubSeq(log, 3).map((r) => r._id)).toEqual(['b']);
  });
});

describe('"Stand am" in pages', () => {
  it('folds a log fed page by page as it folds the whole', () => {
    const fold = new AsOfFold({ clubSeq: 3 });
    fold.add(log.slice(0, 1));
    fold.add(log.slice(1));
    expect(fold.reservations()).toEqual(reservationsAtClubSeq(log, 3));
  });

  it('answers pages in the grid order whose cursors lead through every reservation once', () => {
    const rows = [
      { ...reservationsAtClubSeq(log, 2)[0]!, _id: '00000000-0000-4000-8000-000000000002', court_num: '10' },
      { ...reservationsAtClubSeq(log, 2)[0]!, _id: '00000000-0000-4000-8000-000000000001', court_num: '9' },
      { ...reservationsAtClubSeq(log, 2)[0]!, _id: '00000000-0000-4000-8000-000000000003', court_num: '9' },
    ];
    const first = asOfPage(rows, null, 2);
    expect(first.data.map((r) => r._id.slice(-1))).toEqual(['1', '3']);
    const after = parseAsOfCursor(first.next!.after);
    expect(after).toMatchObject({ court_num: '9', _id: rows[2]!._id });
    const second = asOfPage(rows, after, 2);
    expect(second).toEqual({ data: [rows[0]], next: null });
    expect(asOfPage(rows, null, 3).next).toBeNull();
    expect(parseAsOfCursor('2026-11-17~10~3')).toBeNull();
  });
});
