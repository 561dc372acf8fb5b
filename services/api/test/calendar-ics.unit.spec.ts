import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import { bookingsCalendar, type FeedBooking } from '../src/calendar/ics';

const booking = (fields: Partial<FeedBooking>): FeedBooking => ({
  _id: '4d4f1c36-9f0e-4d0a-8a51-1f0d4b1c2a01',
  club_id: 'c0c0c0c0-0000-4000-8000-000000000001',
  user_id: 'u0u0u0u0-0000-4000-8000-000000000001',
  court_num: '3',
  start_time: 19,
  end_time: 20,
  date: '2026-11-02',
  label: null,
  recurring: false,
  deleted_dates: [],
  end_date: null,
  version: 1,
  ...fields,
});

const render = (bookings: FeedBooking[], clubName = 'TC Grün-Weiß') =>
  bookingsCalendar({
    clubName,
    timeZone: 'Europe/Berlin',
    bookings,
    now: new Date('2026-10-30T08:00:00Z'),
    publicUrl: 'https://platz.example.org',
  }).toString();

describe('the iCalendar text', () => {
  it('folds long lines at 75 octets and escapes the club name in every text', () => {
    const mondays = Array.from({ length: 30 }, (_, i) => addDays('2026-11-02', 7 * (i + 1)));
    const text = render(
      [booking({ recurring: true, deleted_dates: mondays })],
      'TC Grün-Weiß; Rot, Gelb\\Blau e. V. mit einem wirklich sehr langen Vereinsnamen',
    );
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(
      'Tennis Platz 3 – TC Grün-Weiß; Rot, Gelb\\Blau e. V. mit einem wirklich sehr langen Vereinsnamen',
    );
    expect(event.component.getAllProperties('exdate').flatMap((p) => p.getValues())).toHaveLength(30);
    // ical.js does not know NAME (RFC 7986) and hands its value over raw: escaped as TEXT.
    const name = new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('name');
    expect(name).toBe(
      'Tennis – TC Grün-Weiß\\; Rot\\, Gelb\\\\Blau e. V. mit einem wirklich sehr langen Vereinsnamen',
    );
  });

  it('writes UNTIL in UTC, DTSTAMP in UTC and the start with the club zone', () => {
    const text = render([booking({ recurring: true, end_date: '2026-11-30' })]);
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261102T190000\r\n');
    expect(text).toContain('DTEND;TZID=Europe/Berlin:20261102T200000\r\n');
    expect(text).toContain('RRULE:FREQ=WEEKLY;UNTIL=20261129T225959Z\r\n');
    expect(text).toContain('DTSTAMP:20261030T080000Z\r\n');
    expect(text).toContain('SEQUENCE:1\r\n');
  });

  it('leaves out bookings that no longer take place, and ends a booking up to midnight at 24', () => {
    const text = render([
      booking({ _id: 'ended', recurring: true, end_date: '2026-11-02' }),
      booking({
        _id: 'all-cancelled',
        recurring: true,
        end_date: '2026-11-10',
        deleted_dates: ['2026-11-02', '2026-11-09'],
      }),
      booking({ _id: 'late', start_time: 23, end_time: 24 }),
    ]);
    expect(text).not.toContain('UID:ended@');
    expect(text).not.toContain('UID:all-cancelled@');
    expect(text).toContain('UID:late@platzbuchung');
    expect(text).toContain('DTEND;TZID=Europe/Berlin:20261103T000000\r\n');
  });
});
