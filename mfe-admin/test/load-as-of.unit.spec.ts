import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import { describe, expect, it } from 'vitest';
import type { Reservation } from '@platzbuchung/domain/types';
import type { AsOfAnswer } from '../src/features/as-of/api';
import type { AsOfCut } from '../src/shared/as-of-search';
import { allAsOfPages } from '../src/features/as-of/load-as-of';
import { CLUB } from './fixtures';

const booking = (court: string): Reservation => ({
  _id: `00000000-0000-4000-8000-00000000000${court}`,
  club_id: CLUB,
  user_id: CLUB,
  court_num: court,
  start_time: 10,
  end_time: 11,
  date: '2026-11-24',
  label: null,
  recurring: false,
  deleted_dates: [],
  end_date: null,
});

const club = {
  _id: CLUB,
  name: 'TC Test',
  courts_count: 6,
  start_hour: 8,
  end_hour: 20,
  reservations_limit: 3,
  member_approval: false,
  time_zone: 'Europe/Berlin',
  booking_horizon_days: null,
  cancel_deadline_hours: 0,
  rules: '',
  display_names: 'initials' as const,
  ...playRulesOf({}),
  court_names: {},
  prices: [],
  split_court_fee: false,
  sepa: null,
  payment: 'none' as const,
};

describe('"Stand am" read in pages', () => {
  it('follows the cursors to the last page, asking later pages for the first answer’s position', async () => {
    const asked: { cut: AsOfCut; after: string | null }[] = [];
    const pages: Record<string, AsOfAnswer> = {
      first: { position: 42, club, data: [booking('1'), booking('2')], next: { after: 'p2' } },
      p2: { position: 42, club, data: [booking('3')], next: { after: 'p3' } },
      p3: { position: 42, club, data: [booking('4')], next: null },
    };
    const whole = await allAsOfPages({ at: '2026-11-23T09:00:00.000Z' }, async (cut, after) => {
      asked.push({ cut, after });
      return pages[after ?? 'first']!;
    });
    expect(whole.data.map((r) => r.court_num)).toEqual(['1', '2', '3', '4']);
    expect(whole.next).toBeNull();
    expect(asked).toEqual([
      { cut: { at: '2026-11-23T09:00:00.000Z' }, after: null },
      { cut: { position: 42 }, after: 'p2' },
      { cut: { position: 42 }, after: 'p3' },
    ]);
  });

  it('asks once when the first page is the whole grid', async () => {
    let calls = 0;
    const whole = await allAsOfPages({ position: 7 }, async () => {
      calls++;
      return { position: 7, club, data: [booking('1')], next: null };
    });
    expect(calls).toBe(1);
    expect(whole.data).toHaveLength(1);
  });
});
