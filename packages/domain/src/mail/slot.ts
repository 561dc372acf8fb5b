/**
 * A booking's slot as every notice names it, and the shape of a notice's words
 * (docs/architecture/mail.md, "Notifications").
 */
import { courtName } from '../courts';
import { formatDateDe, formatTimeRange } from '../dates';
import type { CourtNames, IsoDate, PlayerRef } from '../types';

/** One booked hour range on one court and day. */
export interface BookingSlot {
  court: string;
  date: IsoDate;
  start: number;
  end: number;
  /** A weekly series: the notice says so. */
  recurring?: boolean;
  /** The court's own name when the notice was written (`withCourtNames`); absent: "Platz N". */
  court_name?: string;
}

/** The words of one notice, without greeting and closing, which the mailer's layout adds. */
export interface NoticeText {
  subject: string;
  /** The body, one entry per paragraph. */
  paragraphs: string[];
  /** The words of the button or link into the app. */
  linkLabel: string;
  /** Why this member gets this mail (the last line above the closing). */
  why: string;
}

/** "Platz 2, Mo., 07.12.2026, 10-11 Uhr" (or the court's own name, and "wöchentliche Serie" for a series). */
export function describeSlot(slot: BookingSlot): string {
  const when = `${formatDateDe(slot.date)}, ${formatTimeRange(slot.start, slot.end)}`;
  const court = slot.court_name ?? courtName({}, slot.court);
  return `${court}, ${when}${slot.recurring ? ' (wöchentliche Serie)' : ''}`;
}

function isSlot(value: unknown): value is BookingSlot {
  const slot = value as Partial<BookingSlot> | null;
  return (
    typeof slot === 'object' &&
    slot !== null &&
    typeof slot.court === 'string' &&
    typeof slot.date === 'string' &&
    typeof slot.start === 'number' &&
    typeof slot.end === 'number'
  );
}

/**
 * A notice's facts with every slot named as the club calls its court (`courtName`), fixed when the
 * notice is written like the club's name, so the mail says "Center Court" even if it is renamed
 * before it is sent. Courts without a name of their own stay as they are ("Platz N").
 */
export function withCourtNames<F extends object>(facts: F, club: { court_names?: CourtNames | null }): F {
  const named = (slot: BookingSlot): BookingSlot =>
    club.court_names?.[slot.court] ? { ...slot, court_name: courtName(club, slot.court) } : slot;
  const entries = Object.entries(facts).map(([key, value]) => {
    if (isSlot(value)) return [key, named(value)];
    if (Array.isArray(value) && value.length > 0 && value.every(isSlot)) return [key, value.map(named)];
    return [key, value];
  });
  return Object.fromEntries(entries) as F;
}

/**
 * A day each notice kind's facts speak of, or undefined when they name none. Two tables of this
 * shape stand beside the words: the last day concerned (a weekly series goes on after its first
 * date, a membership has no date), for a held notice about a day gone by is not sent
 * (held-notices); and the day the mail's link opens the grid at. One entry per kind.
 */
export type DayRules<F extends { kind: string }> = {
  [K in F['kind']]: (facts: Extract<F, { kind: K }>) => IsoDate | undefined;
};

/**
 * Whom each notice kind's facts name beside the recipient, by id (co-player-notices.ts says why).
 * One entry per kind, beside its words.
 */
export type PeopleRules<F extends { kind: string }> = {
  [K in F['kind']]: (facts: Extract<F, { kind: K }>) => PlayerRef[];
};

/** A slot's one day, or none for a weekly series. */
export const singleDay = (slot: BookingSlot): IsoDate | undefined => (slot.recurring ? undefined : slot.date);

/** The later of a move's two days, or none when either side is a series. */
export function laterDay(before: BookingSlot, after: BookingSlot): IsoDate | undefined {
  const from = singleDay(before);
  const to = singleDay(after);
  if (from === undefined || to === undefined) return undefined;
  return from > to ? from : to;
}

/** A cancellation of one date speaks of that date; of a booking or a series' rest, of its slot. */
export const cancelledDay = (facts: { scope: 'occurrence' | 'booking' | 'from-date'; slot: BookingSlot }) =>
  facts.scope === 'occurrence' ? facts.slot.date : singleDay(facts.slot);
