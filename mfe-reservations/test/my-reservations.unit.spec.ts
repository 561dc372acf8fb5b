import { describe, expect, it } from 'vitest';
import type { Reservation } from '@platzbuchung/domain/types';
import { myWindow } from '@platzbuchung/domain/reservations/screen-requests';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import { absorbAnswer, bookingEntries, upcomingCount } from '../src/shared/my-reservations';

const mine = (over: Partial<Reservation>): Reservation => ({
  _id: 'r1',
  club_id: 'c',
  user_id: 'me',
  court_num: '1',
  start_time: 10,
  end_time: 11,
  date: '2026-11-24',
  recurring: false,
  deleted_dates: [],
  ...over,
});
const week = { from: '2026-11-23', to: '2026-11-29' };

describe('own reservations', () => {
  it('are loaded from today for as far as one call reaches', () => {
    expect(myWindow('2026-11-23')).toEqual({ from: '2026-11-23', to: '2027-12-28' });
  });

  it('count recurring ones and those from today on toward the limit', () => {
    const list = [
      mine({ _id: 'a', date: '2026-11-22' }),
      mine({ _id: 'b', date: '2026-11-23' }),
      mine({ _id: 'c', date: '2026-10-01', recurring: true }),
    ];
    expect(upcomingCount(list, '2026-11-23', 'me', null)).toBe(2);
  });

  it('count only what the user booked, not bookings that name them, unless the club counts those', () => {
    const named = mine({
      _id: 'n',
      user_id: 'other',
      players: [{ user_id: 'me', first_name: 'I', last_name: 'Ch' }],
    });
    expect(upcomingCount([mine({}), named], '2026-11-23', 'me', null)).toBe(1);
    expect(upcomingCount([mine({}), named], '2026-11-23', 'me', DEFAULT_PLAY_RULES)).toBe(1);
    const counted = { ...DEFAULT_PLAY_RULES, co_players: 'optional' as const, co_players_count: true };
    expect(upcomingCount([mine({}), named], '2026-11-23', 'me', counted)).toBe(2);
  });

  it('take a booking that names the user from an answer, beside their own', () => {
    const answer = [
      mine({
        _id: 'named',
        user_id: 'other',
        players: [{ user_id: 'me', first_name: 'I', last_name: 'Ch' }],
      }),
      mine({ _id: 'theirs', user_id: 'other', players: [{ guest_name: 'Anna Berg' }] }),
    ];
    expect(absorbAnswer([], answer, week, 'me').map((r) => r._id)).toEqual(['named']);
  });

  it('take a new reservation from an answer, and ignore other members’ ones', () => {
    const answer = [mine({ _id: 'new' }), mine({ _id: 'theirs', user_id: 'other' })];
    expect(absorbAnswer([], answer, week, 'me').map((r) => r._id)).toEqual(['new']);
  });

  it('drop what no longer takes place in the answered week, keep what lies outside it', () => {
    const cached = [mine({ _id: 'gone' }), mine({ _id: 'later', date: '2026-12-10' })];
    expect(absorbAnswer(cached, [], week, 'me').map((r) => r._id)).toEqual(['later']);
  });

  it('keep the rest of a series when one date or the future of it was deleted in the week', () => {
    const series = mine({ _id: 's', date: '2026-11-17', recurring: true });
    const once = absorbAnswer([series], [], week, 'me', {
      reservation_id: 's',
      date: '2026-11-24',
      delete_type: 'once',
    });
    expect(once).toEqual([{ ...series, deleted_dates: ['2026-11-24'] }]);
    const future = absorbAnswer([series], [], week, 'me', {
      reservation_id: 's',
      date: '2026-11-24',
      delete_type: 'once_and_future',
    });
    expect(future).toEqual([{ ...series, end_date: '2026-11-24' }]);
    const first = mine({ _id: 's', date: '2026-11-24', recurring: true });
    expect(
      absorbAnswer([first], [], week, 'me', {
        reservation_id: 's',
        date: '2026-11-24',
        delete_type: 'once_and_future',
      }),
    ).toEqual([]);
  });

  it('list each on its next occurrence that has not begun, in order', () => {
    const entries = bookingEntries(
      [
        mine({ _id: 'late', date: '2026-11-30', court_num: '2' }),
        mine({ _id: 'series', date: '2026-11-16', recurring: true, start_time: 8, end_time: 9 }),
        mine({ _id: 'ended', date: '2026-11-02', recurring: true, end_date: '2026-11-16' }),
      ],
      { date: '2026-11-23', hour: 12 },
    );
    expect(entries.map((e) => [e.reservation._id, e.date])).toEqual([
      ['series', '2026-11-30'],
      ['late', '2026-11-30'],
    ]);
  });
});
