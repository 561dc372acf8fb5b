/**
 * Reservation lists kept as JSON texts, keyed by club and date window, each valid at one position
 * of the club's log. A page view then needs only the club's newest event number (which the session
 * lookup brings, or events/store `lastClubSeq`) instead of a query, a filter and a serialisation;
 * and a browser that already holds that answer gets a 304. The gzip-compressed list is made once
 * per entry, when the first client that accepts it asks.
 *
 * A kept list also moves forward without a read: the answer to a new booking is the list it was
 * made on with the booking put in its place (`advance`). That is the busiest write's whole answer,
 * so a booking costs no list query, and the next page view finds the list kept.
 */
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { replay } from '@platzbuchung/domain/reservations/evolve';
import { occursBetween } from '@platzbuchung/domain/reservations/recurrence';
import type { Reservation } from '@platzbuchung/domain/types';
import { gzipOnce } from '../http/compression';
import { toReservation, toRow } from '../projections/reservation-rows';

/** One reservation of a list: its JSON text and the fields the list is ordered by. */
export interface ListedReservation {
  id: string;
  date: string;
  start_time: number;
  court_num: string;
  json: string;
}

/** A date window of a list, both days inclusive; none means every reservation of the club. */
interface ListWindow {
  from: string;
  to: string;
}

/**
 * The order of every list: day, hour, court (commands/reservations `reservationRows`). Courts are
 * compared as text, code unit by code unit, as PostgreSQL compares them: they are digits only
 * (the schemas' court number), where C, libc and ICU's default collations agree ("10" before "9";
 * a database with a numeric ICU collation would sort them otherwise).
 */
function listOrder(a: ListedReservation, b: ListedReservation): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.start_time !== b.start_time) return a.start_time - b.start_time;
  if (a.court_num === b.court_num) return 0;
  return a.court_num < b.court_num ? -1 : 1;
}

/** Where `item` goes in `rows` (sorted by `listOrder`): before the first row that follows it. */
function placeOf(rows: readonly ListedReservation[], item: ListedReservation): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (listOrder(rows[middle]!, item) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A reservation as a list holds it: the same JSON text PostgreSQL writes for its row. */
function listed(reservation: Reservation): ListedReservation {
  const { _id, date, start_time, court_num } = reservation;
  // Through the row and back, so the keys come in the row's order, as in the list read from SQL.
  const json = JSON.stringify(toReservation(toRow(reservation, 0)));
  return { id: _id, date, start_time, court_num, json };
}

/**
 * The reservations a command's events start, as the list of `window` would show them, and the
 * log positions before and after them; undefined unless the events do nothing but start
 * reservations (a change or a deletion needs the row it changes, which the list may not hold)
 * and follow one another in the club's log.
 */
export function newBookings(
  events: readonly EventEnvelope[],
  window: ListWindow | undefined,
): { before: number; after: number; bookings: ListedReservation[] } | undefined {
  const [first] = events;
  if (!first) return undefined;
  const contiguous = events.every((event, index) => event.club_seq === first.club_seq + index);
  if (!contiguous || events.some((event) => event.type !== 'ReservationMade')) return undefined;
  const made = [...replay(events as readonly EventEnvelope<ReservationEvent>[]).values()];
  const shown = window ? made.filter((r) => occursBetween(r, window.from, window.to)) : made;
  return {
    before: first.club_seq - 1,
    after: first.club_seq + events.length - 1,
    bookings: shown.map(listed),
  };
}

/** A list as its JSON array. */
export function listBody(rows: readonly ListedReservation[]): string {
  return `[${rows.map((row) => row.json).join(',')}]`;
}

/** One kept list: its reservations in order, valid at `position`. */
class KeptList {
  private joined?: string;
  private gzippedBody?: Promise<Buffer>;
  /** What keeping it may cost, in characters: its texts, and once more for the joined array. */
  readonly size: number;

  constructor(
    readonly position: number,
    readonly rows: readonly ListedReservation[],
  ) {
    this.size = 2 * rows.reduce((sum, row) => sum + row.json.length, 0);
  }

  /** The JSON array, joined on first use and then kept: a busy club's week is hundreds of rows. */
  body(): string {
    this.joined ??= listBody(this.rows);
    return this.joined;
  }

  /** The JSON array gzip-compressed, made on first use and then kept. */
  gzipped(): Promise<Buffer> {
    this.gzippedBody ??= gzipOnce(this.body());
    return this.gzippedBody;
  }
}

/** A cache's bounds: how many lists, and how many characters of them, it keeps at most. */
interface CacheBounds {
  entries: number;
  characters: number;
}

/**
 * 200 lists, and 64 million characters (64 MB of one-byte strings): a busy club's week (855 rows)
 * counts about 480,000, so a process keeps many clubs' weeks, or a few whole histories.
 */
const DEFAULT_BOUNDS: CacheBounds = { entries: 200, characters: 64_000_000 };

export class ReservationListCache {
  private readonly entries = new Map<string, KeptList>();
  private characters = 0;

  constructor(private readonly bounds: CacheBounds = DEFAULT_BOUNDS) {}

  /**
   * The list for `key` if it is kept at `position`. A list is read after its position is, so it
   * may hold changes after it but never lacks one before it.
   */
  get(key: string, position: number): KeptList | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.position !== position) return undefined;
    // Map order is insertion order: re-inserting keeps the most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps a list, the least recently used ones making room (the newest is always kept). */
  set(key: string, position: number, rows: readonly ListedReservation[]): KeptList {
    const entry = new KeptList(position, rows);
    this.remove(key);
    this.entries.set(key, entry);
    this.characters += entry.size;
    while (
      this.entries.size > 1 &&
      (this.entries.size > this.bounds.entries || this.characters > this.bounds.characters)
    ) {
      this.remove(this.entries.keys().next().value!);
    }
    return entry;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.characters -= entry.size;
  }

  /**
   * The list kept at `before` with `bookings` put in their places, kept at `after` instead; undefined
   * when no list is kept at `before`. A booking the list already holds (read after it was
   * committed) is not put in twice.
   */
  advance(
    key: string,
    change: { before: number; after: number; bookings: readonly ListedReservation[] },
  ): KeptList | undefined {
    const entry = this.get(key, change.before);
    if (!entry) return undefined;
    const rows = [...entry.rows];
    const held = new Set(rows.map((row) => row.id));
    for (const booking of change.bookings) {
      if (!held.has(booking.id)) rows.splice(placeOf(rows, booking), 0, booking);
    }
    return this.set(key, change.after, rows);
  }
}

/** An ETag that names what the answer is a function of: the club's log position and the window. */
export function listEtag(clubId: string, position: number, window: string): string {
  return `W/"${clubId}:${position}:${window}"`;
}
