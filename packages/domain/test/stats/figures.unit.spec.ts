/** The club's numbers: given reservation events, when a range is asked for, then these figures. */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/events/catalogue';
import type { ReservationEvent, ReservationMadeData } from '../../src/reservations/events';
import { foldStatsFacts } from '../../src/stats/facts';
import {
  computeStats,
  isStandingSingle,
  standingSingles,
  type StatsBlock,
  type StatsClub,
  type StatsReport,
} from '../../src/stats/figures';

const CLUB_ID = '00000000-0000-4000-8000-00000000c1ab';
const club: StatsClub = { courts_count: 2, start_hour: 8, end_hour: 22, time_zone: 'Europe/Berlin' };

let position = 0;
const versions = new Map<string, number>();

/** A stored event: the store numbers it; `at` is when it was recorded. */
function stored(event: ReservationEvent, at: string): EventEnvelope<ReservationEvent> {
  const version = (versions.get(event.reservation_id) ?? 0) + 1;
  versions.set(event.reservation_id, version);
  position++;
  return {
    ...event,
    position,
    club_seq: position,
    stream_type: 'reservation',
    version,
    club_id: CLUB_ID,
    actor_id: 'u-admin',
    occurred_at: at,
  } as EventEnvelope<ReservationEvent>;
}

const made = (id: string, data: Partial<ReservationMadeData>, at = '2026-01-01T10:00:00.000Z') =>
  stored(
    {
      type: 'ReservationMade',
      reservation_id: id,
      data: {
        club_id: CLUB_ID,
        user_id: 'u-anna',
        court_num: '1',
        start_time: 10,
        end_time: 11,
        date: '2026-10-19',
        recurring: false,
        ...data,
      },
    },
    at,
  );

function figures(
  events: EventEnvelope<ReservationEvent>[],
  from: string,
  to: string,
  options: { club?: StatsClub; blocks?: StatsBlock[] } = {},
): StatsReport {
  const { bookings, cancellations } = foldStatsFacts(events);
  const all = [...bookings.values()];
  return computeStats({
    club: options.club ?? club,
    from,
    to,
    standing: standingSingles(all, from, to),
    bookings: all.filter((booking) => !isStandingSingle(booking)),
    cancellations: [...cancellations.values()],
    blocks: options.blocks ?? [],
  });
}

const cell = (report: StatsReport, weekday: number, hour: number) =>
  report.heatmap.find((c) => c.weekday === weekday && c.hour === hour);
const bucket = (report: StatsReport, name: string) =>
  report.cancellations.buckets.find((b) => b.bucket === name);

describe('a weekly series in the week the clocks go back (Sunday 25 October 2026, Berlin)', () => {
  const series = made('s-1', {
    date: '2026-10-04',
    recurring: true,
    start_time: 10,
    end_time: 12,
    label: 'Training',
  });
  // 18 October, 10:00 CEST is 08:00 UTC: called off 46 hours before.
  const offOnce = stored(
    { type: 'OccurrenceCancelled', reservation_id: 's-1', data: { date: '2026-10-18' } },
    '2026-10-16T10:00:00.000Z',
  );
  const report = figures([series, offOnce], '2026-10-12', '2026-10-25');

  it('counts the occurrence on the day of the change at its wall-clock hours, Sunday 10 and 11', () => {
    expect(cell(report, 7, 10)).toMatchObject({ booked: 1, capacity: 4, open: 3 });
    expect(cell(report, 7, 11)).toMatchObject({ booked: 1, capacity: 4, open: 3 });
    expect(cell(report, 7, 9)).toMatchObject({ booked: 0 });
    expect(cell(report, 7, 12)).toMatchObject({ booked: 0 });
  });

  it('leaves out the cancelled occurrence and counts it as a call-off 46 hours ahead', () => {
    expect(report.kinds).toEqual({ member: 0, label: 0, series: 2, block: 0 });
    expect(report.cancellations.count).toBe(1);
    expect(report.cancellations.hours).toBe(2);
    expect(bucket(report, 'under_7d')).toEqual({ bucket: 'under_7d', count: 1, hours: 2 });
  });

  it('has opening hours on every day of the range: 14 days × 14 hours × 2 courts', () => {
    expect(report.totals).toEqual({ capacity: 392, booked: 2, blocked: 0, open: 390 });
  });
});

describe('how late a call-off came is measured in real hours across the clock change', () => {
  const early: StatsClub = { ...club, start_hour: 1 };
  // 25 October, 03:00 CET is 02:00 UTC; 23:30 UTC the evening before is 01:30 CEST on the wall.
  // The wall shows 1½ hours between them, but 2½ real hours passed.
  const events = [
    made('b-1', { date: '2026-10-25', start_time: 3, end_time: 4, court_num: '2' }),
    stored(
      { type: 'ReservationCancelled', reservation_id: 'b-1', data: { delete_type: 'all' } },
      '2026-10-24T23:30:00.000Z',
    ),
  ];

  it('puts it among the call-offs 2 to 24 hours ahead, and the hour is free', () => {
    const report = figures(events, '2026-10-25', '2026-10-25', { club: early });
    expect(bucket(report, 'under_2h')?.count).toBe(0);
    expect(bucket(report, 'under_24h')).toEqual({ bucket: 'under_24h', count: 1, hours: 1 });
    expect(cell(report, 7, 3)).toMatchObject({ booked: 0, capacity: 2, open: 2 });
  });
});

describe('what began took place', () => {
  it('a booking removed after it began still counts, and is no call-off', () => {
    const report = figures(
      [
        made('b-2', { date: '2026-10-20', start_time: 18, end_time: 20 }),
        stored({ type: 'ReservationCancelled', reservation_id: 'b-2', data: {} }, '2026-10-20T16:30:00.000Z'),
      ],
      '2026-10-19',
      '2026-10-25',
    );
    expect(report.kinds.member).toBe(2);
    expect(report.cancellations.count).toBe(0);
    expect(report.members).toEqual([{ user_id: 'u-anna', hours: 2, co_player_hours: 0 }]);
  });

  it('a series called off as a whole keeps the weeks before and loses those after, without call-offs', () => {
    const report = figures(
      [
        made('s-2', { date: '2026-09-01', recurring: true, start_time: 9, end_time: 10, label: 'Jugend' }),
        stored(
          { type: 'ReservationCancelled', reservation_id: 's-2', data: { delete_type: 'all' } },
          '2026-09-20T12:00:00.000Z',
        ),
      ],
      '2026-09-01',
      '2026-10-31',
    );
    // Tuesdays 1, 8 and 15 September took place; from the 22nd on the series is gone.
    expect(report.kinds.series).toBe(3);
    expect(report.cancellations.count).toBe(0);
  });

  it('an occurrence moved to another day is no call-off, and counts where it went', () => {
    const report = figures(
      [
        made('s-3', { date: '2026-10-06', recurring: true, start_time: 17, end_time: 18, label: 'Damen' }),
        stored(
          { type: 'OccurrenceCancelled', reservation_id: 's-3', data: { date: '2026-10-20' } },
          '2026-10-10T08:00:00.000Z',
        ),
        made(
          'm-1',
          {
            date: '2026-10-21',
            start_time: 17,
            end_time: 18,
            label: 'Damen',
            moved_from: { reservation_id: 's-3', date: '2026-10-20' },
          },
          '2026-10-10T08:00:00.000Z',
        ),
      ],
      '2026-10-19',
      '2026-10-25',
    );
    expect(report.cancellations.count).toBe(0);
    expect(cell(report, 2, 17)?.booked).toBe(0);
    expect(cell(report, 3, 17)?.booked).toBe(1);
    expect(report.kinds).toMatchObject({ series: 0, label: 1 });
  });

  it('bookings called off by a court block are counted apart from the members’ call-offs', () => {
    const report = figures(
      [
        made('b-3', { date: '2026-10-22', start_time: 15, end_time: 16 }),
        stored(
          {
            type: 'ReservationCancelled',
            reservation_id: 'b-3',
            data: { block_id: 'blk', reason: 'Turnier' },
          },
          '2026-10-21T08:00:00.000Z',
        ),
      ],
      '2026-10-19',
      '2026-10-25',
      { blocks: [{ court_nums: ['1'], from: '2026-10-22T14:00', until: '2026-10-22T18:00' }] },
    );
    expect(report.cancellations).toMatchObject({ count: 0, by_block: 1 });
    expect(report.kinds).toEqual({ member: 0, label: 0, series: 0, block: 4 });
    expect(cell(report, 4, 15)).toMatchObject({ booked: 0, blocked: 1, open: 1 });
    expect(report.courts).toEqual([
      { court_num: '1', booked: 0, blocked: 4 },
      { court_num: '2', booked: 0, blocked: 0 },
    ]);
  });
});

describe('who plays', () => {
  it('a guest hour costs the fee recorded when the guest was named; co-players get their hours', () => {
    const events = [
      made('b-4', {
        date: '2026-10-23',
        start_time: 16,
        end_time: 18,
        players: [
          { user_id: 'u-ben' },
          { guest_id: 'g-1', fee_cents: 500 },
          { guest_id: 'g-2', fee_cents: 400 },
        ],
      }),
      made('b-5', { date: '2026-10-24', user_id: 'u-ben', players: [{ user_id: 'u-anna' }] }),
    ];
    const report = figures(events, '2026-10-19', '2026-10-25');
    expect(report.guests).toEqual({ guest_hours: 4, fee_cents: 1800 });
    expect(report.members).toEqual([
      { user_id: 'u-anna', hours: 2, co_player_hours: 1 },
      { user_id: 'u-ben', hours: 1, co_player_hours: 2 },
    ]);
  });

  it('a change that names other players replaces them; one that names none keeps them', () => {
    const base = made('b-6', { date: '2026-10-23', players: [{ guest_id: 'g-3', fee_cents: 300 }] });
    const keep = stored(
      {
        type: 'ReservationChanged',
        reservation_id: 'b-6',
        data: { court_num: '2', date: '2026-10-23', start_time: 12, end_time: 14 },
      },
      '2026-10-01T08:00:00.000Z',
    );
    expect(figures([base, keep], '2026-10-19', '2026-10-25').guests).toEqual({
      guest_hours: 2,
      fee_cents: 600,
    });
    const drop = stored(
      {
        type: 'ReservationChanged',
        reservation_id: 'b-6',
        data: { court_num: '2', date: '2026-10-23', start_time: 12, end_time: 14, players: [] },
      },
      '2026-10-02T08:00:00.000Z',
    );
    const report = figures([base, keep, drop], '2026-10-19', '2026-10-25');
    expect(report.guests).toEqual({ guest_hours: 0, fee_cents: 0 });
    expect(report.courts.find((c) => c.court_num === '2')?.booked).toBe(2);
  });
});

describe('an open-ended series over two years', () => {
  it('is expanded into each of its dates within the range, and none beyond', () => {
    const events = [
      made('s-4', { date: '2025-01-06', recurring: true, start_time: 8, end_time: 9, label: 'Früh' }),
    ];
    const report = figures(events, '2025-01-01', '2026-12-31');
    // Mondays from 6 January 2025 to 28 December 2026.
    expect(report.kinds.series).toBe(104);
    expect(cell(report, 1, 8)?.booked).toBe(104);
  });
});

describe('hours released because nobody checked in (docs/check-in.md)', () => {
  const released = (id: string, date: string, at: string) =>
    stored(
      { type: 'ReservationReleased', reservation_id: id, data: { date, no_show_id: `n-${id}-${date}` } },
      at,
    );

  it('are neither played nor called off: counted apart, with one no-show each', () => {
    const report = figures(
      [
        made('r-1', { date: '2026-10-20', start_time: 18, end_time: 20 }),
        released('r-1', '2026-10-20', '2026-10-20T16:10:00.000Z'),
        made('r-2', { date: '2026-10-19', recurring: true }),
        released('r-2', '2026-10-19', '2026-10-19T08:10:00.000Z'),
      ],
      '2026-10-19',
      '2026-10-25',
    );
    expect(report.released).toEqual({ hours: 3, no_shows: 2 });
    expect(report.cancellations.count).toBe(0);
    expect(report.kinds.member).toBe(0);
    expect(cell(report, 2, 18)).toMatchObject({ booked: 0 });
    // The series goes on the next week.
    expect(
      figures(
        [
          made('r-3', { date: '2026-10-19', recurring: true }),
          released('r-3', '2026-10-19', '2026-10-19T08:10:00.000Z'),
        ],
        '2026-10-26',
        '2026-10-26',
      ).kinds.series,
    ).toBe(1);
  });
});
