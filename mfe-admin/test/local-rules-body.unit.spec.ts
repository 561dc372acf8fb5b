import { describe, expect, it } from 'vitest';
import type { Club } from '@platzbuchung/domain/types';
import { clubFromAnswer, localRulesBody } from '../src/features/club-settings/local-rules-body';

const club: Club = {
  _id: 'club-1',
  name: 'TC Grün',
  courts_count: 6,
  start_hour: 8,
  end_hour: 21,
  reservations_limit: 3,
  member_approval: false,
  time_zone: 'Europe/Berlin',
  booking_horizon_days: 14,
  cancel_deadline_hours: 24,
  has_rules: true,
};

describe('the club-local rules form', () => {
  it('sends the other settings unchanged and every rule it shows', () => {
    expect(
      localRulesBody(club, {
        time_zone: 'Pacific/Kiritimati',
        booking_horizon_days: 7,
        cancel_deadline_hours: 2,
        rules: 'Nur mit Sandplatzschuhen.',
      }),
    ).toEqual({
      name: 'TC Grün',
      courts_count: 6,
      start_hour: 8,
      end_hour: 21,
      reservations_limit: 3,
      time_zone: 'Pacific/Kiritimati',
      booking_horizon_days: 7,
      cancel_deadline_hours: 2,
      rules: 'Nur mit Sandplatzschuhen.',
    });
  });

  it('reads emptied fields as "none": no horizon, no deadline, no Platzordnung', () => {
    expect(localRulesBody(club, { time_zone: 'Europe/Berlin' })).toMatchObject({
      booking_horizon_days: null,
      cancel_deadline_hours: 0,
      rules: '',
    });
  });

  it('hands the shell the club without the text of its Platzordnung', () => {
    const saved = clubFromAnswer({ ...club, rules: '' });
    expect(saved).not.toHaveProperty('rules');
    expect(saved.has_rules).toBe(false);
    expect(clubFromAnswer({ ...club, has_rules: false, rules: 'Text' }).has_rules).toBe(true);
  });
});
