/**
 * The Warteliste (docs/adding-a-change.md walks through it): a member looking at a taken hour puts
 * themselves on its list; when the hour frees, everyone on it hears it once. An entry is one hour on
 * one court. It ends when its member leaves it, when its member books that hour (the read model
 * drops it then) or when the hour has passed (no list shows it any more).
 */
import { accept, reject, type Actor, type Decision } from '../decider';
import {
  addDays,
  formatDateDe,
  formatHour,
  formatTimeRange,
  isIsoDate,
  isPastSlot,
  weekdayOf,
  type LocalMoment,
} from '../dates';
import { blockInTheWay, blockTimes, type Block } from '../blocks/blocks';
import { findConflict, type Booking } from '../conflicts';
import { lastDayWithinHorizon } from '../club-time';
import { lastBookableDay } from '../reservations/limits';
import { isCourtOf, isWithinOpeningHours } from '../courts';
import * as reservationTexts from '../reservations/texts';
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
  /** The grid's status line after joining; `slot` as mails describe it (mail/slot.ts). */
  joinedFor: (slot: string) => `Warteliste: ${slot}. Wird die Stunde frei, erhalten Sie eine E-Mail.`,
  left: 'Sie stehen nicht mehr auf der Warteliste.',
  alreadyWaiting: 'Sie stehen für diese Stunde bereits auf der Warteliste.',
  isFree: (court: string, date: IsoDate, hour: number) =>
    `Platz ${court} ist am ${formatDateDe(date)} um ${formatHour(hour)} Uhr frei. Sie können ihn direkt reservieren.`,
  ownBooking: 'Diese Stunde haben Sie selbst reserviert.',
  inThePast: 'Für eine vergangene Stunde gibt es keine Warteliste.',
  notFound: 'Diesen Eintrag auf der Warteliste gibt es nicht (mehr).',
  beyondLastDay: (lastDay: string) =>
    `Auf die Warteliste setzen Sie sich nur für Stunden, die Sie auch reservieren könnten: bis ${lastDay}.`,
  tooManyEntries: (max: number) =>
    `Sie stehen bereits auf ${max} Wartelisten. Nehmen Sie sich bitte erst von einer herunter.`,
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
      throw new Error(`Unbekanntes Ereignis der Warteliste: ${JSON.stringify(unknown)}`);
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
  /** The actor's own entries that are still waiting (read model): every one, for their count. */
  ownEntries: readonly WaitlistHour[];
}

function hourError(hour: WaitlistHour, club: Club): string | null {
  // The words of a booking's refusals: waiting for an hour is asking to book it when it frees.
  if (!isIsoDate(hour.date)) return reservationTexts.invalidDate;
  if (!isCourtOf(club, hour.court_num)) return reservationTexts.unknownCourt(club.courts_count);
  if (!isWithinOpeningHours(club, hour.start_time, hour.start_time + 1))
    return reservationTexts.outsideOpeningHours(club.start_hour, club.end_hour);
  return null;
}

/**
 * Waiting entries one member may hold at once: each costs the freed-hour notice a row to look at,
 * and a member waits for the few hours they mean to play, not for every hour of a series.
 */
export const MAX_WAITING_ENTRIES = 10;

/**
 * The last day a member may wait for: the last they could book when it frees, the club's horizon
 * for players, two years ahead for everyone (as for bookings, ../reservations/make-reservation).
 */
function lastDayToWaitFor(club: Club, actor: Actor, now: LocalMoment): IsoDate {
  const last = lastBookableDay(now.date);
  const horizon = actor.role === 'admin' ? null : lastDayWithinHorizon(club, now.date);
  return horizon !== null && horizon < last ? horizon : last;
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
  const lastDay = lastDayToWaitFor(club, command.actor, now);
  if (command.date > lastDay) return reject('forbidden', waitlistTexts.beyondLastDay(formatDateDe(lastDay)));
  if (ownEntries.some((entry) => sameHour(entry, command)))
    return reject('conflict', waitlistTexts.alreadyWaiting);
  if (ownEntries.length >= MAX_WAITING_ENTRIES) {
    return reject('conflict', waitlistTexts.tooManyEntries(MAX_WAITING_ENTRIES));
  }
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
 * Where a change may free waiting hours: courts, a first and a last day (null: no end), the hours
 * of the day, and for a weekly series its weekday (0 Sunday). The freed-hour notice reads only the
 * entries inside it, never every entry of the club.
 */
export interface WaitingRegion {
  court_nums: readonly string[];
  from: IsoDate;
  until: IsoDate | null;
  start_time: number;
  end_time: number;
  weekday: number | null;
}

/** The hours a booking held: its court and hours, on its day or every week of its series. */
export function regionOfBooking(booking: Reservation): WaitingRegion {
  const { court_num, date, start_time, end_time } = booking;
  // `end_date` is exclusive (../recurrence).
  const until = booking.recurring ? (booking.end_date == null ? null : addDays(booking.end_date, -1)) : date;
  return {
    court_nums: [court_num],
    from: date,
    until,
    start_time,
    end_time,
    weekday: booking.recurring ? weekdayOf(date) : null,
  };
}

/**
 * The hours a block closed: its courts, the days from its start to its end, every hour; a weekly
 * block's weekday until its last repetition.
 */
export function regionOfBlock(
  block: Pick<Block, 'court_nums' | 'from' | 'until' | 'repeat_until'>,
): WaitingRegion {
  const first = block.from.slice(0, 10);
  return {
    court_nums: block.court_nums,
    from: first,
    until: block.repeat_until ?? block.until.slice(0, 10),
    start_time: 0,
    end_time: 24,
    weekday: block.repeat_until ? weekdayOf(first) : null,
  };
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
  block: Pick<Block, 'court_nums' | 'from' | 'until' | 'repeat_until'>,
  entries: readonly E[],
): E[] {
  const times = blockTimes(block);
  return entries.filter((entry) => {
    const moment = `${entry.date}T${String(entry.start_time).padStart(2, '0')}:00`;
    return (
      block.court_nums.includes(entry.court_num) &&
      times.some((time) => moment >= time.from && moment < time.until)
    );
  });
}
