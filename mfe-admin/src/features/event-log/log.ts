/**
 * The event log's rules without React or network: what a filter asks the API, how it is kept in
 * the address bar, and what an entry says and links to.
 */
import {
  describeEvent,
  eventDay as dayOfEvent,
  eventTitles,
  isEventType,
  isReservationEvent,
  type EventType,
} from '@platzbuchung/domain/events/catalogue';
import type { CourtNameOf } from '@platzbuchung/domain/events/describe';
import type { ReservationMadeData } from '@platzbuchung/domain/reservations/events';
import type { IsoDate } from '@platzbuchung/domain/types';
import type { EventQuery, LogEvent } from '../../shared/events-api';
import { clubDayEnd, clubDayStart, clubWallClock } from '@platzbuchung/domain/club-time';
import { isUuid } from '@platzbuchung/domain/shapes';

const PAGE_SIZE = 25;

export interface LogFilter {
  /** Club-local days, both inclusive; empty = open. */
  from: IsoDate | '';
  to: IsoDate | '';
  type: EventType | '';
  /** Who acted. */
  userId: string;
  /** One reservation's whole history. */
  reservationId: string;
}

export const emptyFilter: LogFilter = { from: '', to: '', type: '', userId: '', reservationId: '' };

/** What the API gets for a filter; days become instants at club-local midnight. */
export function filterQuery(filter: LogFilter, timeZone: string): EventQuery {
  return {
    limit: PAGE_SIZE,
    ...(filter.from ? { since: clubDayStart(timeZone, filter.from).toISOString() } : {}),
    ...(filter.to ? { until: clubDayEnd(timeZone, filter.to).toISOString() } : {}),
    ...(filter.type ? { types: [filter.type] } : {}),
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.reservationId ? { reservationId: filter.reservationId } : {}),
  };
}

const SEARCH_KEYS = {
  from: 'von',
  to: 'bis',
  type: 'typ',
  userId: 'mitglied',
  reservationId: 'reservierung',
} as const satisfies Record<keyof LogFilter, string>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter from the address bar; anything malformed is ignored rather than sent. */
export function filterFromSearch(search: URLSearchParams): LogFilter {
  const get = (key: keyof LogFilter) => search.get(SEARCH_KEYS[key]) ?? '';
  const type = get('type');
  return {
    from: ISO_DATE.test(get('from')) ? get('from') : '',
    to: ISO_DATE.test(get('to')) ? get('to') : '',
    type: isEventType(type) ? type : '',
    userId: isUuid(get('userId')) ? get('userId') : '',
    reservationId: isUuid(get('reservationId')) ? get('reservationId') : '',
  };
}

export function searchFromFilter(filter: LogFilter): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(SEARCH_KEYS) as (keyof LogFilter)[]) {
    if (filter[key]) search.set(SEARCH_KEYS[key], filter[key]);
  }
  return search;
}

export function sameFilter(a: LogFilter, b: LogFilter): boolean {
  return (Object.keys(SEARCH_KEYS) as (keyof LogFilter)[]).every((key) => a[key] === b[key]);
}

export type ReservationDetails = Record<string, ReservationMadeData>;

/** What each reservation looked like when it was made: the API sends it with every event. */
export function madeDetails(events: readonly LogEvent[]): ReservationDetails {
  const details: ReservationDetails = {};
  for (const event of events) {
    if (!isReservationEvent(event)) continue;
    if (event.reservation) details[event.reservation_id] = event.reservation;
    else if (event.type === 'ReservationMade') details[event.reservation_id] = event.data;
  }
  return details;
}

/**
 * Reservations whose later events (a cancellation) are listed without the event that made them:
 * their court and date have to be looked up so the entry can say which booking it was.
 */
export function missingReservationIds(events: readonly LogEvent[], known: ReservationDetails): string[] {
  const found = madeDetails(events);
  const missing = new Set<string>();
  for (const event of events) {
    if (!isReservationEvent(event)) continue;
    if (!(event.reservation_id in known) && !(event.reservation_id in found))
      missing.add(event.reservation_id);
  }
  return [...missing];
}

/** Older entries go below; an entry already listed is never shown twice. */
export function mergeOlder(entries: readonly LogEvent[], page: readonly LogEvent[]): LogEvent[] {
  const seen = new Set(entries.map((e) => e.position));
  return [...entries, ...page.filter((e) => !seen.has(e.position))];
}

/** New events come oldest first (`after`); the log shows newest first. */
export function mergeNewer(entries: readonly LogEvent[], newer: readonly LogEvent[]): LogEvent[] {
  const seen = new Set(entries.map((e) => e.position));
  const fresh = newer.filter((e) => !seen.has(e.position)).sort((a, b) => b.position - a.position);
  return [...fresh, ...entries];
}

export function newestPosition(entries: readonly LogEvent[]): number | null {
  return entries.reduce<number | null>(
    (max, e) => (max === null || e.position > max ? e.position : max),
    null,
  );
}

/** The day a "before" view should show: the day the event was about (its catalogue entry says which). */
export function eventDay(event: LogEvent, details: ReservationDetails, timeZone: string): IsoDate {
  const recordedOn = clubWallClock(timeZone, new Date(event.occurred_at)).date;
  const made = isReservationEvent(event) ? details[event.reservation_id] : undefined;
  return dayOfEvent(event, { recordedOn, made });
}

interface EntryView {
  title: string;
  /** describeEvent's line: court, date, hours, label, or what was cancelled. */
  description: string;
  /** For events after the first: which reservation it concerned ("Platz 3 · Di., …"). */
  concerns: string | null;
}

export function entryView(
  event: LogEvent,
  details: ReservationDetails,
  nameOf?: (userId: string) => string | undefined,
  courts?: CourtNameOf,
): EntryView {
  const made = isReservationEvent(event) ? details[event.reservation_id] : undefined;
  const concerns =
    event.type !== 'ReservationMade' && made
      ? describeEvent({ type: 'ReservationMade', data: made }, nameOf, undefined, courts)
      : null;
  return {
    title: eventTitles[event.type],
    description: describeEvent(event, nameOf, made, courts),
    concerns,
  };
}

/** The reservation an entry belongs to, for its "Verlauf" link; null for club and member events. */
export function reservationOf(event: LogEvent): string | null {
  return isReservationEvent(event) ? event.reservation_id : null;
}
