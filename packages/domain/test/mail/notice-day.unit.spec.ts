import { describe, expect, it } from 'vitest';
import { dayShownBy, type BookingSlot, type NoticeFacts } from '../../src/mail/notices';

const clubName = 'TC Test';
const slot = (date: string): BookingSlot => ({ court: '1', date, start: 10, end: 11 });

describe("the day a notice's link opens the grid at", () => {
  it("is the booking's day for a cancellation, a confirmation and a co-player's notices", () => {
    const facts: NoticeFacts[] = [
      { kind: 'booking-cancelled', clubName, slot: slot('2026-12-01'), scope: 'occurrence' },
      { kind: 'booking-confirmed', clubName, slot: slot('2026-12-01') },
      { kind: 'co-player-named', clubName, slot: slot('2026-12-01'), booker: 'u1' },
      { kind: 'co-player-cancelled', clubName, slot: slot('2026-12-01'), booker: 'u1', scope: 'booking' },
    ];
    expect(facts.map(dayShownBy)).toEqual(['2026-12-01', '2026-12-01', '2026-12-01', '2026-12-01']);
  });

  it('is the new day after a move', () => {
    const before = slot('2026-12-01');
    const after = slot('2026-12-03');
    expect(dayShownBy({ kind: 'booking-moved', clubName, before, after })).toBe('2026-12-03');
    expect(dayShownBy({ kind: 'co-player-moved', clubName, before, after, booker: 'u1' })).toBe('2026-12-03');
  });

  it("is the earliest freed hour's day for the Warteliste", () => {
    const slots = [slot('2026-12-04'), slot('2026-12-02')];
    expect(dayShownBy({ kind: 'waitlist-freed', clubName, slots })).toBe('2026-12-02');
  });

  it('is none for a membership, which speaks of no day', () => {
    expect(dayShownBy({ kind: 'membership-approved', clubName })).toBeUndefined();
  });
});
