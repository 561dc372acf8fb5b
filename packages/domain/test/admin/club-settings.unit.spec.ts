import { describe, expect, it } from 'vitest';
import { strandedReservations } from '../../src/admin/club-settings';
import type { Reservation } from '../../src/types';

const TODAY = '2026-11-23';
const settings = { name: 'TC', courts_count: 6, start_hour: 8, end_hour: 20, reservations_limit: 3 };

const reservation = (overrides: Partial<Reservation>): Reservation => ({
  _id: overrides._id ?? 'r',
  club_id: 'c',
  user_id: 'u',
  court_num: '1',
  start_time: 10,
  end_time: 11,
  date: TODAY,
  label: null,
  recurring: false,
  deleted_dates: [],
  end_date: null,
  ...overrides,
});

describe('changing courts or hours', () => {
  it('strands a future booking on a court that goes away', () => {
    const stranded = strandedReservations(
      [reservation({ court_num: '6', date: '2026-12-01' })],
      { ...settings, courts_count: 5 },
      TODAY,
    );
    expect(stranded).toEqual([expect.objectContaining({ next_date: '2026-12-01', reason: 'court' })]);
  });

  it('strands a series whose hours fall outside the new opening times, naming its next date', () => {
    const series = reservation({ date: '2026-11-02', recurring: true, start_time: 19, end_time: 21 });
    expect(strandedReservations([series], { ...settings, end_hour: 20 }, TODAY)).toEqual([
      expect.objectContaining({ next_date: '2026-11-23', reason: 'hours' }),
    ]);
  });

  it('ignores what lies in the past or ended series', () => {
    const past = reservation({ court_num: '6', date: '2026-11-20' });
    const ended = reservation({
      court_num: '6',
      date: '2026-11-02',
      recurring: true,
      end_date: '2026-11-23',
    });
    expect(strandedReservations([past, ended], { ...settings, courts_count: 2 }, TODAY)).toEqual([]);
  });

  it('lets a change pass that every booking still fits', () => {
    const fine = reservation({ court_num: '2', start_time: 9, end_time: 12 });
    expect(
      strandedReservations([fine], { ...settings, courts_count: 2, start_hour: 9, end_hour: 12 }, TODAY),
    ).toEqual([]);
  });
});
