import { describe, expect, it } from 'vitest';
import { courtNamesTexts, unknownCourtText } from '@platzbuchung/domain/courts';
import type { Club } from '@platzbuchung/domain/types';
import {
  courtNameFieldErrors,
  courtNamesBody,
  courtNameValues,
  onCourtFields,
} from '../src/features/club-settings/court-names-body';

const club: Club = {
  _id: 'club-1',
  name: 'TC Grün',
  courts_count: 4,
  start_hour: 8,
  end_hour: 21,
  reservations_limit: 3,
  member_approval: false,
  time_zone: 'Europe/Berlin',
  booking_horizon_days: 14,
  cancel_deadline_hours: 24,
  has_rules: true,
  court_names: { '1': 'Center Court' },
};

describe('the Platznamen card', () => {
  it('holds a field for every court a club may have, filled with the names it has', () => {
    const values = courtNameValues(club);
    expect(Object.keys(values)).toHaveLength(20);
    expect(values).toMatchObject({ court_1: 'Center Court', court_2: '', court_20: '' });
    expect(courtNameValues({ ...club, court_names: undefined }).court_1).toBe('');
  });

  it('sends the other settings unchanged and the names of the club’s courts, empty ones left out', () => {
    expect(
      courtNamesBody(club, { court_1: 'Center Court', court_2: ' ', court_3: 'Halle', court_9: 'X' }),
    ).toEqual({
      name: 'TC Grün',
      courts_count: 4,
      start_hour: 8,
      end_hour: 21,
      reservations_limit: 3,
      court_names: { '1': 'Center Court', '3': 'Halle' },
    });
  });

  it('refuses in the browser what the API would, under the court’s own field', () => {
    expect(courtNameFieldErrors(club, { court_1: 'Halle', court_2: 'halle' })).toEqual([
      { instancePath: '/court_2', message: courtNamesTexts.taken('2', '1', 'halle') },
    ]);
    expect(courtNameFieldErrors(club, { court_3: 'x'.repeat(31) })).toEqual([
      { instancePath: '/court_3', message: courtNamesTexts.tooLong('3') },
    ]);
    expect(courtNameFieldErrors(club, { court_1: 'Center Court', court_2: 'Halle' })).toEqual([]);
  });

  it('places the API’s errors about a court under that court’s field, the others where they were', () => {
    expect(
      onCourtFields([
        { instancePath: '/court_names/5', message: unknownCourtText(4) },
        { instancePath: '/court_names', message: 'Platznamen: …' },
      ]),
    ).toEqual([
      { instancePath: '/court_5', message: unknownCourtText(4) },
      { instancePath: '/court_names', message: 'Platznamen: …' },
    ]);
  });
});
