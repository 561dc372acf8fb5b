/**
 * Reservation lists kept as JSON texts, keyed by club and date window (and member, for a member's
 * own list), each valid at one of the club's own event numbers (`club_seq`). A page view then needs only the club's newest event number (which the session
 * lookup brings, or events/store `lastClubSeq`) instead of a query, a filter and a serialisation;
 * and a browser that already holds that answer gets a 304. The gzip-compressed list is made once
 * per entry, when the first client that accepts it asks.
 *
 * A kept list also moves forward without a read: the answer to a new booking is the list it was
 * made on with the booking put in its place (`advance`). That is the busiest write's whole answer,
 * so a booking costs no list query, and the next page view finds the list kept.
 *
 * What is kept is bounded per club as well as in all: no request of one club's members, whatever
 * windows or members it names, can push every other club's lists out (`DEFAULT_BOUNDS`).
 */
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { replay } from '@platzbuchung/domain/reservations/evolve';
import { occursBetween } from '@platzbuchung/domain/recurrence';
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

/** A date window of a list, both days inclusive. */
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
  // A booking put in without a read names nobody (`newBookings`): its players are `[]`.
  const json = JSON.stringify({ ...toReservation(toRow(reservation, 0)), players: [] });
  return { id: _id, date, start_time, court_num, json };
}

/**
 * The reservations a command's events start, as the list of `window` would show them, and the
 * club's own event numbers before and after them; undefined unless the events do nothing but start
 * reservations (a change or a deletion needs the row it changes, which the list may not hold)
 * and follow one another in the club's log.
 */
export function newBookings(
  events: readonly EventEnvelope[],
  window: ListWindow,
): { before: number; after: number; bookings: ListedReservation[] } | undefined {
  const [first] = events;
  if (!first) return undefined;
  const contiguous = events.every((event, index) => event.club_seq === first.club_seq + index);
  if (!contiguous || events.some((event) => event.type !== 'ReservationMade')) return undefined;
  // Co-players are shown with their names, which only a read of the tables knows.
  if (events.some((event) => event.type === 'ReservationMade' && event.data.players?.length))
    return undefined;
  const made = [...replay(events as readonly EventEnvelope<ReservationEvent>[]).values()];
  const shown = made.filter((r) => occursBetween(r, window.from, window.to));
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

/** One kept list: its reservations in order, valid at the club's event number `clubSeq`. */
class KeptList {
  private joined?: string;
  private gzippedBody?: Promise<Buffer>;
  /** What keeping it may cost, in characters: its texts, and once more for the joined array. */
  readonly size: number;

  constructor(
    readonly clubSeq: number,
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

/** How many lists, and how many characters of them, are kept at most. */
interface Bound {
  entries: number;
  characters: number;
}

/** A cache's bounds: the whole cache's, and one club's share of it. */
interface CacheBounds extends Bound {
  perClub: Bound;
}

/**
 * 200 lists, and 64 million characters (64 MB of one-byte strings): a busy club's week (855 rows)
 * counts about 480,000, so a process keeps many clubs' weeks. One club keeps at most 24 lists and a
 * quarter of the characters: a member asking for window after window (or member after member)
 * takes at most that much room from the other clubs, once; from then on the club's own lists make
 * room for each other.
 */
const DEFAULT_BOUNDS: CacheBounds = {
  entries: 200,
  characters: 64_000_000,
  perClub: { entries: 24, characters: 16_000_000 },
};

/** What a club's kept lists hold together. */
interface Usage {
  entries: number;
  characters: number;
}

const isOver = (usage: Usage, bound: Bound) =>
  usage.entries > bound.entries || usage.characters > bound.characters;

export class ReservationListCache {
  /** By `club|window`, the least recently used first (a Map keeps insertion order). */
  private readonly entries = new Map<string, { club: string; list: KeptList }>();
  private readonly total: Usage = { entries: 0, characters: 0 };
  private readonly clubs = new Map<string, Usage>();

  constructor(private readonly bounds: CacheBounds = DEFAULT_BOUNDS) {}

  /**
   * The club's list for `window` if it is kept at `clubSeq`. A list is read after its number
   * is, so it may hold changes after it but never lacks one before it.
   */
  get(club: string, window: string, clubSeq: number): KeptList | undefined {
    const key = keyOf(club, window);
    const entry = this.entries.get(key);
    if (!entry || entry.list.clubSeq !== clubSeq) return undefined;
    // Re-inserting keeps the most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.list;
  }

  /**
   * Keeps a list (the newest is always kept). Room is made first among the club's own lists, then,
   * if the whole cache is over its bounds, from the least recently used of all.
   */
  set(club: string, window: string, clubSeq: number, rows: readonly ListedReservation[]): KeptList {
    const key = keyOf(club, window);
    const list = new KeptList(clubSeq, rows);
    this.remove(key);
    this.entries.set(key, { club, list });
    this.count(club, list, 1);
    const usage = this.clubs.get(club)!;
    while (usage.entries > 1 && isOver(usage, this.bounds.perClub)) this.remove(this.oldestOf(club));
    while (this.total.entries > 1 && isOver(this.total, this.bounds)) {
      this.remove(this.entries.keys().next().value!);
    }
    return list;
  }

  /** The key of the club's least recently used list; the club has one. */
  private oldestOf(club: string): string {
    for (const [key, entry] of this.entries) if (entry.club === club) return key;
    throw new Error(`no kept list of club ${club}`);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.count(entry.club, entry.list, -1);
  }

  /** Adds (`sign` 1) or takes away (−1) a list from the club's and the cache's usage. */
  private count(club: string, list: KeptList, sign: 1 | -1): void {
    const usage = this.clubs.get(club) ?? { entries: 0, characters: 0 };
    for (const counted of [usage, this.total]) {
      counted.entries += sign;
      counted.characters += sign * list.size;
    }
    if (usage.entries === 0) this.clubs.delete(club);
    else this.clubs.set(club, usage);
  }

  /**
   * The list kept at `before` with `bookings` put in their places, kept at `after` instead; undefined
   * when no list is kept at `before`. A booking the list already holds (read after it was
   * committed) is not put in twice.
   */
  advance(
    club: string,
    window: string,
    change: { before: number; after: number; bookings: readonly ListedReservation[] },
  ): KeptList | undefined {
    const entry = this.get(club, window, change.before);
    if (!entry) return undefined;
    const rows = [...entry.rows];
    const held = new Set(rows.map((row) => row.id));
    for (const booking of change.bookings) {
      if (!held.has(booking.id)) rows.splice(placeOf(rows, booking), 0, booking);
    }
    return this.set(club, window, change.after, rows);
  }
}

/** Club ids are UUIDs, so `|` cannot occur in them: no two pairs share a key. */
const keyOf = (club: string, window: string) => `${club}|${window}`;

/** An ETag that names what the answer is a function of: the club's last event number and the window. */
export function listEtag(clubId: string, clubSeq: number, window: string): string {
  return `W/"${clubId}:${clubSeq}:${window}"`;
}
