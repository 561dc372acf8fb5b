import { describe, expect, it } from 'vitest';
import type { Reservation } from '@platzbuchung/domain/types';
import { offlineCopyOf } from '../src/shared/offline-copy';

const booking = (over: Partial<Reservation>): Reservation => ({
  _id: 'r',
  club_id: 'c',
  user_id: 'me',
  court_num: '2',
  start_time: 10,
  end_time: 11,
  date: '2026-12-01',
  recurring: false,
  deleted_dates: [],
  ...over,
});

describe('the offline copy of the own bookings', () => {
  it('lists the bookings still to come in words, read at the club’s wall clock', () => {
    const copy = offlineCopyOf(
      [
        booking({ _id: 'a', date: '2026-11-28' }),
        booking({ _id: 'b', court_num: '1', label: 'Training', recurring: true, date: '2026-11-24' }),
        booking({
          _id: 'c',
          user_id: 'other',
          start_time: 18,
          end_time: 19,
          players: [{ user_id: 'me', first_name: 'Anke', last_name: 'Huber' }],
        }),
      ],
      { court_names: { '1': 'Center Court' } },
      'me',
      { date: '2026-11-29', time: '18:04:31' },
    );
    expect(copy.readOn).toBe('So., 29.11.2026');
    expect(copy.readAt).toBe('18:04');
    expect(copy.bookings).toEqual([
      {
        day: 'Di., 01.12.2026',
        time: '10-11 Uhr',
        court: 'Center Court',
        note: 'Training · (wiederkehrend)',
      },
      { day: 'Di., 01.12.2026', time: '18-19 Uhr', court: 'Platz 2', note: 'Als Mitspieler eingetragen' },
    ]);
    // Nobody else's name stays on the phone.
    expect(JSON.stringify(copy)).not.toContain('Huber');
  });
});
