/**
 * A member's bookings as an iCalendar feed (RFC 5545; docs/architecture/calendar-feed.md).
 *
 * ical-generator writes the calendar (escaping, line folding, UIDs, DTSTAMP), the VTIMEZONE comes
 * from timezones-ical-library (the current IANA rules, not a table of our own), and luxon turns a club's
 * wall-clock hour into the zone's time, so 19:00 stays 19:00 on both sides of a clock change
 * whatever zone the server itself runs in. The recurrence facts (which days a series has, which of
 * them were cancelled) come from the domain.
 */
import ical, { escape, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { calendarTexts } from '@platzbuchung/domain/calendar/texts';
import { addDays } from '@platzbuchung/domain/dates';
import { hostPaths } from '@platzbuchung/host/contract';
import { cancelledOccurrences, hasAnyOccurrence } from '@platzbuchung/domain/recurrence';
import type { IsoDate, Reservation } from '@platzbuchung/domain/types';

export interface FeedBooking extends Reservation {
  /** The stream's version: the event's SEQUENCE, so calendar apps notice a change. */
  version: number;
  /** Set for a booking that names the feed's owner as a co-player: who booked it. */
  bookedBy?: string;
}

export interface FeedInput {
  clubName: string;
  timeZone: string;
  bookings: readonly FeedBooking[];
  /** DTSTAMP: when this copy of the feed was made. */
  now: Date;
  /** The app's address, for each event's link to "Meine Reservierungen". */
  publicUrl: string;
}

/** The wall-clock hour `hour` (0–24) of `date` in `zone`; 24 is the next day's midnight. */
function wallClock(date: IsoDate, hour: number, zone: string): DateTime {
  const day = hour === 24 ? addDays(date, 1) : date;
  return DateTime.fromISO(day, { zone }).set({ hour: hour % 24 });
}

/** "20261123T190000" */
const localStamp = (moment: DateTime): string => moment.toFormat("yyyyLLdd'T'HHmmss");

/**
 * The series rule: weekly, and for an ended series UNTIL the last second before its (exclusive)
 * end date, in UTC as RFC 5545 requires beside a DTSTART with TZID. Cancelled occurrences follow
 * as one EXDATE in the club's zone.
 */
function seriesRule(booking: Reservation, zone: string): string {
  const until = booking.end_date
    ? `;UNTIL=${wallClock(booking.end_date, 0, zone).minus({ seconds: 1 }).toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`
    : '';
  const rule = `RRULE:FREQ=WEEKLY${until}`;
  const exceptions = cancelledOccurrences(booking).map((day) =>
    localStamp(wallClock(day, booking.start_time, zone)),
  );
  return exceptions.length ? `${rule}\nEXDATE;TZID=${zone}:${exceptions.join(',')}` : rule;
}

/** The zone's VTIMEZONE; every IANA zone the config accepts has one. */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

export function bookingsCalendar(input: FeedInput): ICalCalendar {
  const { clubName, timeZone, now, publicUrl } = input;
  const calendar = ical({
    // The only text ical-generator writes unescaped.
    name: escape(calendarTexts.feedName(clubName), false),
    prodId: { company: 'Platzbuchung', product: 'Kalender', language: 'DE' },
    // No calendar-wide zone: ical-generator would then write DTSTAMP in local time, which RFC 5545
    // forbids. The events carry the zone, and the generator adds its VTIMEZONE once.
    timezone: { name: null, generator: vtimezone },
    ttl: 60 * 60,
  });
  calendar.x('X-WR-TIMEZONE', timeZone);
  for (const booking of input.bookings) {
    if (!hasAnyOccurrence(booking)) continue;
    calendar.createEvent({
      id: `${booking._id}@platzbuchung`,
      sequence: booking.version,
      stamp: now,
      timezone: timeZone,
      start: wallClock(booking.date, booking.start_time, timeZone),
      end: wallClock(booking.date, booking.end_time, timeZone),
      repeating: booking.recurring ? seriesRule(booking, timeZone) : null,
      summary: calendarTexts.summary(booking.court_num, clubName, booking.bookedBy),
      description: calendarTexts.description(booking.label, booking.bookedBy),
      location: clubName,
      url: `${publicUrl}${hostPaths.bookings}`,
    });
  }
  return calendar;
}
