/**
 * The Warteliste (docs/adding-a-change.md walks through it): a member looking at a taken hour puts
 * themselves on its list; when the hour frees, everyone on it hears it once. An entry is one hour on
 * one court. It ends when its member leaves it, when its member books that hour (the read model
 * drops it then) or when the hour has passed (no list shows it any more).
 */
import { accept, reject, type Actor, type Decision } from '../decider';
import { formatDateDe, formatHour, formatTimeRange, isIsoDate, isPastSlot, type LocalMoment } from '../dates';
import { blockInTheWay, type Block } from '../blocks/blocks';
import { findConflict, type Booking } from '../reservations/conflicts';
import { isCourtNumber } from '../shapes';
import type { Club, IsoDate, Reservation } from '../types';
import type { WaitlistEvent } from './events';

/** One hour on one court of one day. */
export interface WaitlistHour {
  court_num: string;
  date: IsoDate;
  start_time: number;
}

export interface WaitlistEntry extends WaitlistHour {
  _id: string;
  club_id: string;
  user_id: string;
}

export type WaitlistState =
  { status: 'none' } | { status: 'waiting'; entry: WaitlistEntry } | { status: 'left'; entry: WaitlistEntry };

export const initialWaitlistState: WaitlistState = { status: 'none' };

export const waitlistTexts = {
  joined: 'Sie stehen jetzt auf der Warteliste. Wird die Stunde frei, erhalten Sie eine E-Mail.',
  left: 'Sie stehen nicht mehr auf der Warteliste.',
  alreadyWaiting: 'Sie stehen für diese Stunde bereits auf der Warteliste.',
  isFree: (court: string, date: IsoDate, hour: number) =>
    `Platz ${court} ist am ${formatDateDe(date)} um ${formatHour(hour)} Uhr frei. Sie können ihn direkt reservieren.`,
  ownBooking: 'Diese Stunde haben Sie selbst reserviert.',
  inThePast: 'Für eine vergangene Stunde gibt es keine Warteliste.',
  unknownCourt: (courts: number) =>
    `Diesen Platz gibt es nicht. Bitte wählen Sie einen Platz von 1 bis ${courts}.`,
  outsideOpeningHours: (start: number, end: number) =>
    `Der Platz ist nur von ${formatHour(start)} bis ${formatHour(end)} Uhr buchbar.`,
  invalidDate: 'Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).',
  notFound: 'Diesen Eintrag auf der Warteliste gibt es nicht (mehr).',
  // The screens' words: the taken slot's popup, the grid's mark, "Meine Reservierungen".
  title: 'Warteliste',
  join: 'Auf die Warteliste',
  waiting: 'Sie stehen auf der Warteliste',
  leave: 'Von der Warteliste nehmen',
  whatHappens: 'Wird die Stunde frei, erhalten Sie eine E-Mail. Wer zuerst reserviert, bekommt den Platz.',
  mark: 'Warteliste',
  none: 'Sie stehen auf keiner Warteliste.',
} as const;

/** "Platz 3 · Mo., 23.11.2026 · 18-19 Uhr": the entry's line in the log and the CLI. */
export function describeWaitlistHour(hour: WaitlistHour): string {
  const { court_num, date, start_time } = hour;
  return `Platz ${court_num} · ${formatDateDe(date)} · ${formatTimeRange(start_time, start_time + 1)}`;
}

/** The event comes with the club it was stored under: leaving asks whose entry it is. */
export function evolveWaitlist(
  state: WaitlistState,
  event: WaitlistEvent & { club_id: string },
): WaitlistState {
  switch (event.type) {
    case 'WaitlistJoined':
      return { status: 'waiting', entry: { _id: event.entry_id, club_id: event.club_id, ...event.data } };
    case 'WaitlistLeft':
      return state.status === 'waiting' ? { status: 'left', entry: state.entry } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown waitlist event: ${JSON.stringify(unknown)}`);
    }
  }
}

/** The hour as a one-hour single booking, for the domain's conflict and block checks. */
function asBooking(club: Pick<Club, '_id'>, hour: WaitlistHour): Booking {
  return {
    club_id: club._id,
    court_num: hour.court_num,
    date: hour.date,
    start_time: hour.start_time,
    end_time: hour.start_time + 1,
    recurring: false,
    deleted_dates: [],
  };
}

/** Whether `booking` takes place in that hour. */
export function occupies(booking: Reservation, hour: WaitlistHour): boolean {
  return findConflict(asBooking({ _id: booking.club_id }, hour), [booking], hour.date) !== null;
}

/** The booking that holds the hour, or null. */
export function holderOf(hour: WaitlistHour, existing: readonly Reservation[]): Reservation | null {
  return existing.find((booking) => occupies(booking, hour)) ?? null;
}

/** Whether nothing holds the hour: no booking takes place in it and no block closes it. */
export function isHourFree(
  club: Pick<Club, '_id'>,
  hour: WaitlistHour,
  existing: readonly Reservation[],
  blocks: readonly Block[],
): boolean {
  return (
    holderOf(hour, existing) === null && blockInTheWay(asBooking(club, hour), blocks, hour.date) === null
  );
}

export interface JoinWaitlist extends WaitlistHour {
  type: 'JoinWaitlist';
  entry_id: string;
  actor: Actor;
}

export interface JoinWaitlistContext {
  club: Club;
  /** The club's bookings on that court that may still take place (read model). */
  existing: readonly Reservation[];
  /** The club's blocks that still hold. */
  blocks: readonly Block[];
  /** The actor's own entries that are still waiting (read model). */
  ownEntries: readonly WaitlistHour[];
}

function hourError(hour: WaitlistHour, club: Club): string | null {
  if (!isIsoDate(hour.date)) return waitlistTexts.invalidDate;
  if (!isCourtNumber(hour.court_num) || Number(hour.court_num) > club.courts_count)
    return waitlistTexts.unknownCourt(club.courts_count);
  if (hour.start_time < club.start_hour || hour.start_time >= club.end_hour)
    return waitlistTexts.outsideOpeningHours(club.start_hour, club.end_hour);
  return null;
}

const sameHour = (a: WaitlistHour, b: WaitlistHour) =>
  a.court_num === b.court_num && a.date === b.date && a.start_time === b.start_time;

export function joinWaitlist(
  command: JoinWaitlist,
  state: WaitlistState,
  { club, existing, blocks, ownEntries }: JoinWaitlistContext,
  now: LocalMoment,
): Decision<WaitlistEvent> {
  if (state.status !== 'none') return reject('invalid', waitlistTexts.notFound);
  const invalid = hourError(command, club);
  if (invalid) return reject('invalid', invalid);
  if (isPastSlot(command.date, command.start_time, now)) return reject('past', waitlistTexts.inThePast);
  if (ownEntries.some((entry) => sameHour(entry, command)))
    return reject('conflict', waitlistTexts.alreadyWaiting);
  const holder = holderOf(command, existing);
  if (holder?.user_id === command.actor.user_id) return reject('conflict', waitlistTexts.ownBooking);
  if (isHourFree(club, command, existing, blocks))
    return reject('conflict', waitlistTexts.isFree(command.court_num, command.date, command.start_time));
  return accept({
    type: 'WaitlistJoined',
    entry_id: command.entry_id,
    data: {
      user_id: command.actor.user_id,
      court_num: command.court_num,
      date: command.date,
      start_time: command.start_time,
    },
  });
}

export interface LeaveWaitlist {
  type: 'LeaveWaitlist';
  entry_id: string;
  actor: Actor;
}

/** Only the member themself leaves their entry; anyone else's, or another club's, is not found. */
export function leaveWaitlist(
  command: LeaveWaitlist,
  state: WaitlistState,
  club: Club,
): Decision<WaitlistEvent> {
  if (
    state.status !== 'waiting' ||
    state.entry.club_id !== club._id ||
    state.entry.user_id !== command.actor.user_id
  )
    return reject('not_found', waitlistTexts.notFound);
  return accept({ type: 'WaitlistLeft', entry_id: command.entry_id, data: {} });
}

/**
 * The entries a change frees: those whose hour the booking took place in before and not after
 * (`null` for a booking that does not exist or no longer exists).
 */
export function entriesFreedBy<E extends WaitlistEntry>(
  before: Reservation | null,
  after: Reservation | null,
  entries: readonly E[],
): E[] {
  if (!before) return [];
  return entries.filter((entry) => occupies(before, entry) && !(after && occupies(after, entry)));
}

/** The entries inside a block's courts and hours: a lifted block may free them. */
export function entriesInBlock<E extends WaitlistEntry>(
  block: Pick<Block, 'court_nums' | 'from' | 'until'>,
  entries: readonly E[],
): E[] {
  return entries.filter((entry) => {
    const moment = `${entry.date}T${String(entry.start_time).padStart(2, '0')}:00`;
    return block.court_nums.includes(entry.court_num) && moment >= block.from && moment < block.until;
  });
}
