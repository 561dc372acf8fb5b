import { describe, expect, it } from 'vitest';
import type { Reservation } from '@platzbuchung/domain/types';
import { weekWindow } from '@platzbuchung/domain/reservations/screen-requests';
import { buildGrid } from '../src/features/day-grid/grid-model';
import { tournament } from './blocks-fixture';
import { startHours } from '@platzbuchung/domain/reservations/day-slots';

const reservation = (over: Partial<Reservation>): Reservation => ({
  _id: 'r',
  club_id: 'c',
  user_id: 'u-steffi',
  court_num: '3',
  start_time: 14,
  end_time: 15,
  date: '2026-11-23',
  recurring: false,
  deleted_dates: [],
  ...over,
});
const users = [
  { _id: 'u-steffi', first_name: 'Steffi', last_name: 'Graf' },
  { _id: 'u-me', first_name: 'Boris', last_name: 'Becker' },
];
const club = { courts_count: 4, start_hour: 8, end_hour: 20 };

describe('the day grid', () => {
  it('runs from start_hour up to end_hour exclusive', () => {
    expect(startHours(club)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('loads the week from Monday to Sunday around a day', () => {
    expect(weekWindow('2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekWindow('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekWindow('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('names the holder as initial, dot and last name, and says so to screen readers', () => {
    const rows = buildGrid({
      club,
      date: '2026-11-23',
      reservations: [reservation({})],
      users,
      userId: 'u-me',
      now: { date: '2026-11-23', hour: 9 },
    });
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveLength(4);
    const cell = rows[14 - 8]![2]!;
    expect(cell).toMatchObject({ court: 3, hour: 14, text: 'S. Graf', mine: false, past: false });
    expect(cell.accessibleName).toBe('Platz 3, 14:00, reserviert von S. Graf');
    expect(rows[0]![0]!.accessibleName).toBe('Platz 1, 08:00, frei, vergangen');
  });

  it('calls a court by the name the club gave it', () => {
    const rows = buildGrid({
      club: { ...club, court_names: { '3': 'Center Court' } },
      date: '2026-11-23',
      reservations: [reservation({})],
      users,
      userId: 'u-me',
      now: { date: '2026-11-23', hour: 9 },
    });
    expect(rows[14 - 8]![2]!.accessibleName).toBe('Center Court, 14:00, reserviert von S. Graf');
    expect(rows[14 - 8]![1]!.accessibleName).toBe('Platz 2, 14:00, frei');
  });

  it('given a booking that names the viewer as a co-player, shows every last name, marks it as the viewer’s game and reads every name in full', () => {
    const rows = buildGrid({
      club,
      date: '2026-11-23',
      reservations: [
        reservation({
          players: [
            { user_id: 'u-me', first_name: 'Boris', last_name: 'Becker' },
            { guest_name: 'Anna Berg' },
          ],
        }),
      ],
      users,
      userId: 'u-me',
      now: { date: '2026-11-23', hour: 9 },
    });
    const cell = rows[14 - 8]![2]!;
    expect(cell.text).toBe('Graf / Becker / Berg');
    expect(cell.players).toBe('Steffi Graf mit Boris Becker und Anna Berg (Gast)');
    expect(cell).toMatchObject({ mine: false, withMe: true });
    expect(cell.accessibleName).toBe(
      'Platz 3, 14:00, Sie spielen mit: Steffi Graf mit Boris Becker und Anna Berg (Gast)',
    );
  });

  it('a booking that names others but not the viewer is someone else’s', () => {
    const rows = buildGrid({
      club,
      date: '2026-11-23',
      reservations: [reservation({ players: [{ guest_name: 'Anna Berg' }] })],
      users,
      userId: 'u-me',
      now: { date: '2026-11-23', hour: 9 },
    });
    const cell = rows[14 - 8]![2]!;
    expect(cell).toMatchObject({ mine: false, withMe: false });
    expect(cell.accessibleName).toBe('Platz 3, 14:00, reserviert von Steffi Graf mit Anna Berg (Gast)');
  });

  it('joins the hours of one booking and of one block, and only those', () => {
    const rows = buildGrid({
      club,
      date: '2026-11-24',
      reservations: [
        reservation({ _id: 'long', date: '2026-11-24', court_num: '3', start_time: 10, end_time: 13 }),
        reservation({ _id: 'next', date: '2026-11-24', court_num: '3', start_time: 13, end_time: 14 }),
      ],
      blocks: [tournament],
      users,
      userId: 'u-me',
      now: { date: '2026-11-23', hour: 9 },
    });
    const joins = (hour: number, court: number) => {
      const { joinsAbove, joinsBelow } = rows[hour - 8]![court - 1]!;
      return [joinsAbove, joinsBelow];
    };
    expect([10, 11, 12, 13].map((hour) => joins(hour, 3))).toEqual([
      [false, true],
      [true, true],
      [true, false],
      // Another booking right after it stands on its own.
      [false, false],
    ]);
    expect([14, 15, 17].map((hour) => joins(hour, 1))).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    expect(joins(9, 1)).toEqual([false, false]);
    // Every hour still names the booking for screen readers.
    expect(rows[11 - 8]![2]!.accessibleName).toBe('Platz 3, 11:00, reserviert von S. Graf');
  });

  it('shows a label instead of the name over every hour of a long reservation, and marks mine', () => {
    const rows = buildGrid({
      club,
      date: '2026-11-30',
      reservations: [
        reservation({ user_id: 'u-me', label: 'Medenspiel', start_time: 10, end_time: 13, recurring: true }),
      ],
      users,
      userId: 'u-me',
      now: { date: '2026-11-23', hour: 9 },
    });
    for (const hour of [10, 11, 12]) {
      expect(rows[hour - 8]![2]).toMatchObject({ text: 'Medenspiel', mine: true });
    }
    expect(rows[13 - 8]![2]!.reservation).toBeNull();
    expect(rows[10 - 8]![2]!.accessibleName).toBe(
      'Platz 3, 10:00, Ihre Reservierung: Medenspiel, wöchentlich',
    );
  });

  it('places a series only on the days it occurs', () => {
    const series = reservation({ recurring: true, deleted_dates: ['2026-11-30'], end_date: '2026-12-14' });
    const cellOn = (date: string) =>
      buildGrid({
        club,
        date,
        reservations: [series],
        users,
        userId: 'u-me',
        now: { date: '2026-11-01', hour: 0 },
      })[14 - 8]![2]!.reservation;
    expect(cellOn('2026-11-23')).not.toBeNull();
    expect(cellOn('2026-11-30')).toBeNull();
    expect(cellOn('2026-12-07')).not.toBeNull();
    expect(cellOn('2026-12-08')).toBeNull();
    expect(cellOn('2026-12-14')).toBeNull();
  });

  it('marks the hours and courts of a court block with its reason, not bookable', () => {
    const rows = buildGrid({
      club,
      date: '2026-11-24',
      reservations: [reservation({ date: '2026-11-24', court_num: '2', start_time: 12, end_time: 13 })],
      blocks: [tournament],
      users,
      userId: 'u-me',
      now: { date: '2026-11-23', hour: 9 },
    });
    const cell = (hour: number, court: number) => rows[hour - 8]![court - 1]!;
    expect(cell(14, 1)).toMatchObject({ block: tournament, text: 'Gesperrt: Turnier' });
    expect(cell(14, 1).accessibleName).toBe('Platz 1, 14:00, gesperrt: Turnier');
    expect(cell(17, 2).block).toBe(tournament);
    expect(cell(18, 2).block).toBeNull();
    expect(cell(13, 2).block).toBeNull();
    expect(cell(14, 3).block).toBeNull();
    expect(cell(12, 2).text).toBe('S. Graf');
    const nextDay = buildGrid({
      club,
      date: '2026-11-25',
      reservations: [],
      blocks: [tournament],
      users,
      userId: 'u-me',
      now: { date: '2026-11-23', hour: 9 },
    });
    expect(nextDay.flat().some((c) => c.block)).toBe(false);
  });
});
