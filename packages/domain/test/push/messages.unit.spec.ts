/** The words of push messages (docs/architecture/push.md, "Sending"). */
import { describe, expect, it } from 'vitest';
import { pushChoiceFor, pushText } from '../../src/push/messages';

const slot = { court: '2', date: '2026-12-01', start: 18, end: 19 };

describe('push messages', () => {
  it('say in one German line what happened, from the notice facts', () => {
    expect(pushText({ kind: 'waitlist-freed', clubName: 'TC Grün', slots: [slot] })).toEqual({
      title: 'Warteliste: Platz frei – TC Grün',
      body: 'Platz frei: Platz 2, Di., 01.12.2026, 18-19 Uhr',
    });
    expect(
      pushText({
        kind: 'waitlist-freed',
        clubName: 'TC Grün',
        slots: [{ ...slot, date: '2026-12-02' }, { ...slot, court_name: 'Center Court' }, slot],
      })?.body,
    ).toBe('Platz frei: Center Court, Di., 01.12.2026, 18-19 Uhr und 2 weitere Stunden');
    expect(pushText({ kind: 'co-player-named', clubName: 'TC Grün', slot, booker: 'id' })).toEqual({
      title: 'Als Mitspieler eingetragen – TC Grün',
      body: 'Platz 2, Di., 01.12.2026, 18-19 Uhr',
    });
    expect(
      pushText({
        kind: 'booking-cancelled',
        clubName: 'TC Grün',
        slot,
        scope: 'booking',
        reason: 'Platzpflege',
      })?.body,
    ).toBe('Platz 2, Di., 01.12.2026, 18-19 Uhr (Platzpflege)');
    expect(
      pushText({ kind: 'co-player-cancelled', clubName: 'TC Grün', slot, booker: 'id', scope: 'booking' })
        ?.title,
    ).toBe('Buchung mit Ihnen abgesagt – TC Grün');
  });

  it('exist only for the kinds a device can choose', () => {
    expect(pushChoiceFor('booking-cancelled')).toBe('booking_cancelled');
    expect(pushChoiceFor('co-player-cancelled')).toBe('booking_cancelled');
    expect(pushChoiceFor('booking-confirmed')).toBeUndefined();
    expect(pushText({ kind: 'membership-approved', clubName: 'TC Grün' })).toBeUndefined();
  });
});
