import { describe, expect, it } from 'vitest';
import type { Reservation } from '@platzbuchung/domain/types';
import { buildDayGrid, cellKey } from '../src/features/as-of/grid';
import { CLUB, STEFFI } from './fixtures';

const club = { courts_count: 2, start_hour: 8, end_hour: 12 };
const users = new Map([[STEFFI._id, STEFFI]]);

function reservation(fields: Partial<Reservation>): Reservation {
  return {
    _id: 'r',
    club_id: CLUB,
    user_id: STEFFI._id,
    court_num: '1',
    start_time: 9,
    end_time: 10,
    date: '2026-11-24',
    recurring: false,
    deleted_dates: [],
    ...fields,
  };
}

describe('the read-only day grid', () => {
  it("has the club's courts and hours, and names the holder in each hour they held", () => {
    const grid = buildDayGrid(
      [reservation({ court_num: '2', start_time: 9, end_time: 11 })],
      '2026-11-24',
      club,
      users,
    );
    expect(grid.courts).toEqual([1, 2]);
    expect(grid.hours).toEqual([8, 9, 10, 11]);
    expect(grid.cells.get(cellKey(2, 9))?.text).toBe('S. Graf');
    expect(grid.cells.get(cellKey(2, 10))?.text).toBe('S. Graf');
    expect(grid.cells.has(cellKey(2, 11))).toBe(false);
  });

  it('shows a label instead of the name', () => {
    const grid = buildDayGrid([reservation({ label: 'Jugendtraining' })], '2026-11-24', club, users);
    expect(grid.cells.get(cellKey(1, 9))?.text).toBe('Jugendtraining');
  });

  it('shows a weekly series on later weekdays, but not on deleted dates or after its end', () => {
    const series = reservation({
      date: '2026-11-03',
      recurring: true,
      deleted_dates: ['2026-11-10'],
      end_date: '2026-11-24',
    });
    expect(buildDayGrid([series], '2026-11-17', club, users).cells.size).toBe(1);
    expect(buildDayGrid([series], '2026-11-10', club, users).cells.size).toBe(0);
    expect(buildDayGrid([series], '2026-11-24', club, users).cells.size).toBe(0);
  });

  it('widens to courts and hours the club had then, so nothing of the past is hidden', () => {
    const grid = buildDayGrid(
      [reservation({ court_num: '4', start_time: 7, end_time: 8 })],
      '2026-11-24',
      club,
      users,
    );
    expect(grid.courts).toEqual([1, 2, 3, 4]);
    expect(grid.hours[0]).toBe(7);
  });

  it('names a holder who is no member of the club any more (an erased one) "Gelöschtes Mitglied"', () => {
    const grid = buildDayGrid([reservation({ user_id: 'gone' })], '2026-11-24', club, users);
    expect(grid.cells.get(cellKey(1, 9))?.text).toBe('Gelöschtes Mitglied');
  });
});
