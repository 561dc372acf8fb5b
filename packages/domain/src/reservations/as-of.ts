/**
 * "Stand am": the reservations exactly as they stood at an earlier moment, folded from the events
 * up to it with the very `evolve` the live projection uses, and the club's settings of that moment.
 */
import { withLocalRules } from '../clubs/local-rules';
import { compareIso } from '../dates';
import type { ClubSettingsChanged } from '../clubs/events';
import type { ClubSettings } from '../schemas';
import type { EventMetadata } from '../events/streams';
import type { Reservation } from '../types';
import type { ReservationEvent } from './events';
import { replayInto } from './evolve';
import { UUID_PATTERN } from '../shapes';

/**
 * An event of the club's log as "Stand am" reads it: any kind, with what the store added. Only the
 * reservations' events and the settings' changes are folded; naming just those keeps this feature
 * free of the catalogue of every kind (events/catalogue), which imports it.
 */
type LoggedEvent = EventMetadata & { type: string };
type Logged<E> = E & EventMetadata;

const isReservationEvent = (event: LoggedEvent): event is Logged<ReservationEvent> =>
  event.stream_type === 'reservation';
const isSettingsChange = (event: LoggedEvent): event is Logged<ClubSettingsChanged> =>
  event.type === 'ClubSettingsChanged';

type Cut = (event: LoggedEvent) => boolean;

/** Where "Stand am" cuts the log: at a moment, or after an event (its `club_seq`, the club's own number). */
export type AsOfCut = { at: Date } | { clubSeq: number };

const atOrBefore =
  (moment: Date): Cut =>
  (event) =>
    new Date(event.occurred_at).getTime() <= moment.getTime();

const upToClubSeq =
  (clubSeq: number): Cut =>
  (event) =>
    event.club_seq <= clubSeq;

const cutAt = (cut: AsOfCut): Cut => ('at' in cut ? atOrBefore(cut.at) : upToClubSeq(cut.clubSeq));

/** The club's own order of its events, which a club's log is read in. */
const inClubOrder = (a: LoggedEvent, b: LoggedEvent): number => a.club_seq - b.club_seq;

/**
 * The reservations at a cut, folded from the club's events read page by page in the club's order,
 * so a long history never has to be held at once; events after the cut are left out.
 */
export class AsOfFold {
  private readonly rows = new Map<string, Reservation>();
  private readonly included: Cut;

  constructor(cut: AsOfCut) {
    this.included = cutAt(cut);
  }

  /** The next page of events; every event of it comes after those of the pages before. */
  add(events: readonly LoggedEvent[]): void {
    const kept = events.filter(isReservationEvent).filter(this.included).sort(inClubOrder);
    replayInto(this.rows, kept);
  }

  reservations(): Reservation[] {
    return [...this.rows.values()];
  }
}

function reservationsUpTo(events: readonly LoggedEvent[], cut: AsOfCut): Reservation[] {
  const fold = new AsOfFold(cut);
  fold.add(events);
  return fold.reservations();
}

/** Events are taken in the club's order up to and including the last one at or before `moment`. */
export function reservationsAsOf(events: readonly LoggedEvent[], moment: Date): Reservation[] {
  return reservationsUpTo(events, { at: moment });
}

/** The same fold cut after one of the club's events instead of a time: what the read model held then. */
export function reservationsAtClubSeq(events: readonly LoggedEvent[], clubSeq: number): Reservation[] {
  return reservationsUpTo(events, { clubSeq });
}

/** Where a reservation stands in the grid's order; what a page's cursor names. */
type GridPlace = Pick<Reservation, 'date' | 'start_time' | 'court_num' | '_id'>;

/** The order "Stand am" answers in: day, hour, court (as a number), then id, so it is total. */
function gridOrder(a: GridPlace, b: GridPlace): number {
  return (
    compareIso(a.date, b.date) ||
    a.start_time - b.start_time ||
    Number(a.court_num) - Number(b.court_num) ||
    compareIso(a._id, b._id)
  );
}

/** Its last part is an id as every table spells it (`UUID_PATTERN`), not any 36 hex digits and dashes. */
const CURSOR = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})~(\\d{1,2})~(\\d{1,2})~(${UUID_PATTERN.slice(1, -1)})$`);

/** A page's cursor: where its last reservation stands in the order, as text for the address. */
const cursorOf = (r: GridPlace): string => `${r.date}~${r.start_time}~${r.court_num}~${r._id}`;

/** The place a cursor names, or null for a text that is none. */
export function parseAsOfCursor(text: string): GridPlace | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const [, date, start, court, id] = match as unknown as [string, string, string, string, string];
  return { date, start_time: Number(start), court_num: court, _id: id };
}

/**
 * One page of "Stand am": the reservations after `after` (or from the first) in the grid's order,
 * at most `limit`, and the cursor of the next page, null when this one is the last.
 */
export function asOfPage(
  rows: readonly Reservation[],
  after: GridPlace | null,
  limit: number,
): { data: Reservation[]; next: { after: string } | null } {
  const sorted = [...rows].sort(gridOrder);
  const rest = after ? sorted.filter((r) => gridOrder(r, after) > 0) : sorted;
  const data = rest.slice(0, limit);
  const last = data.at(-1);
  return { data, next: rest.length > limit && last ? { after: cursorOf(last) } : null };
}

/**
 * The club's settings at a cut: what the last change up to it left, else what the first change
 * after it found, else today's (`current`), which then have not changed since.
 */
export function settingsAt(
  events: readonly LoggedEvent[],
  included: AsOfCut,
  current: ClubSettings,
): ClubSettings {
  const cut = cutAt(included);
  const changes = events.filter(isSettingsChange).sort(inClubOrder);
  const before = changes.filter(cut).at(-1);
  if (before) return withLocalRules(before.data.after, current);
  const after = changes.find((e) => !cut(e));
  return after ? withLocalRules(after.data.before, current) : current;
}
