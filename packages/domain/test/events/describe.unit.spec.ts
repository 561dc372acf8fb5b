import { describe, expect, it } from 'vitest';
import { describeEvent, eventTitles } from '../../src/events/describe';

const id = '5b0f3a36-1f6e-4f55-9d1b-2f7c1c3b9a10';

describe('events in German', () => {
  it('a made reservation names court, date, hours, repetition and label', () => {
    const made = {
      type: 'ReservationMade',
      reservation_id: id,
      data: {
        club_id: 'c',
        user_id: 'u',
        court_num: '3',
        start_time: 12,
        end_time: 14,
        date: '2026-11-23',
        recurring: true,
        label: 'Jugend',
      },
    } as const;
    expect(describeEvent(made)).toBe('Platz 3 · Mo., 23.11.2026 · 12-14 Uhr · wöchentlich · „Jugend“');
    expect(eventTitles[made.type]).toBe('Reservierung angelegt');
  });

  it('cancellations say what went', () => {
    expect(
      describeEvent({ type: 'OccurrenceCancelled', reservation_id: id, data: { date: '2026-12-07' } }),
    ).toBe('Termin am Mo., 07.12.2026 abgesagt');
    expect(describeEvent({ type: 'SeriesEnded', reservation_id: id, data: { end_date: '2026-12-21' } })).toBe(
      'keine Termine mehr ab Mo., 21.12.2026',
    );
    expect(
      describeEvent({ type: 'ReservationCancelled', reservation_id: id, data: { delete_type: 'all' } }),
    ).toBe('gelöscht: alle Termine');
  });
});
