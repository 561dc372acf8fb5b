import { describe, expect, it } from 'vitest';
import { describeSlot, withCourtNames, type BookingSlot } from '../../src/mail/slot';

const slot: BookingSlot = { court: '1', date: '2026-12-07', start: 10, end: 11 };
const club = { court_names: { '1': 'Center Court' } };

describe('a notice’s slot', () => {
  it('says "Platz N" for a court without a name of its own', () => {
    expect(describeSlot(slot)).toBe('Platz 1, Mo., 07.12.2026, 10-11 Uhr');
    expect(describeSlot({ ...slot, recurring: true })).toBe(
      'Platz 1, Mo., 07.12.2026, 10-11 Uhr (wöchentliche Serie)',
    );
  });

  it('names every slot of the facts as the club calls its court, and leaves unnamed courts be', () => {
    const facts = {
      kind: 'booking-moved',
      clubName: 'TC Grün',
      before: slot,
      after: { ...slot, court: '2' },
      slots: [slot],
    };
    const named = withCourtNames(facts, club);
    expect(named).toEqual({
      ...facts,
      before: { ...slot, court_name: 'Center Court' },
      slots: [{ ...slot, court_name: 'Center Court' }],
    });
    expect(describeSlot(named.before)).toBe('Center Court, Mo., 07.12.2026, 10-11 Uhr');
    expect(describeSlot(named.after)).toBe('Platz 2, Mo., 07.12.2026, 10-11 Uhr');
    expect(withCourtNames(facts, {})).toEqual(facts);
  });
});
