/**
 * Closing courts: for a tournament, frost, maintenance, a league match (docs/architecture.md,
 * "Where each rule lives"). A block holds some courts from one full hour until another, in club-
 * local wall time. Setting it cancels the bookings inside it — the occurrences of a series that it
 * hits, a single booking whole — and nothing may be booked into it while it holds. Lifting it does
 * not bring cancelled bookings back. A block may repeat weekly ("jeden Montag 8–10 Uhr Training")
 * until a day: its times follow the reservations' weekly recurrence (../recurrence), so
 * there is one rule of what "weekly" means.
 */
import {
  addDays,
  compareIso,
  daysBetween,
  formatDateDe,
  formatHour,
  isIsoDate,
  type LocalMoment,
} from '../dates';
import type { Booking } from '../conflicts';
import { accept, reject, type Actor, type Decision } from '../decider';
import type { ReservationEvent } from '../reservations/events';
import { evolve } from '../reservations/evolve';
import { nextOccurrence, occurrencesBetween, type Schedule } from '../recurrence';
import type { Club, IsoDate, Reservation } from '../types';
import { isCourtOf, unknownCourtText } from '../courts';
import { HOUR_MOMENT } from '../shapes';
import type { BlockEvent } from './events';

export const REASON_MAX_LENGTH = 200;
export const MAX_BLOCK_DAYS = 366;

export interface Block {
  _id: string;
  club_id: string;
  court_nums: string[];
  /** Club-local `YYYY-MM-DDTHH:00`; `until` is exclusive. */
  from: string;
  until: string;
  reason: string;
  /** Weekly: the block holds again every 7 days, the last time on this club-local day. */
  repeat_until?: IsoDate;
}

export type BlockState =
  { status: 'none' } | { status: 'active'; block: Block } | { status: 'lifted'; block: Block };

export const initialBlockState: BlockState = { status: 'none' };

/**
 * The event comes with the club it was stored under: lifting a block asks whose it is, so a block
 * folded without its club must not compile.
 */
export function evolveBlock(state: BlockState, event: BlockEvent & { club_id: string }): BlockState {
  switch (event.type) {
    case 'CourtsBlocked':
      return {
        status: 'active',
        block: { _id: event.block_id, club_id: event.club_id, ...event.data },
      };
    case 'BlockLifted':
      return state.status === 'active' ? { status: 'lifted', block: state.block } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unbekanntes Ereignis einer Sperrung: ${JSON.stringify(unknown)}`);
    }
  }
}

export const blockTexts = {
  invalidMoment: 'Bitte geben Sie Beginn und Ende als volle Stunde an (JJJJ-MM-TTTHH:00).',
  untilNotAfterFrom: 'Das Ende der Sperrung muss nach ihrem Beginn liegen.',
  outsideOpeningHours: (start: number, end: number) =>
    `Eine Sperrung beginnt und endet zwischen ${formatHour(start)} und ${formatHour(end)} Uhr.`,
  tooLong: `Eine Sperrung dauert höchstens ${MAX_BLOCK_DAYS} Tage.`,
  inThePast: 'Eine Sperrung kann nicht in der Vergangenheit beginnen.',
  noCourts: 'Bitte wählen Sie mindestens einen Platz.',
  unknownCourt: unknownCourtText,
  reasonMissing: 'Bitte geben Sie einen Grund für die Sperrung an.',
  reasonTooLong: `Der Grund darf höchstens ${REASON_MAX_LENGTH} Zeichen lang sein.`,
  /** A request's reason that is no text, or empty, or too long. */
  reasonInvalid: `Bitte geben Sie einen Grund mit höchstens ${REASON_MAX_LENGTH} Zeichen an.`,
  /** A weekly block's "until" that is no day. */
  repeatUntilInvalid: 'Bitte geben Sie an, bis zu welchem Tag (JJJJ-MM-TT) sich die Sperrung wiederholt.',
  weeklySameDay: 'Eine wöchentliche Sperrung beginnt und endet am selben Tag.',
  repeatBeforeStart: 'Die Wiederholung endet frühestens am Tag der ersten Sperrung.',
  repeatTooLong: `Eine wöchentliche Sperrung wiederholt sich höchstens ${MAX_BLOCK_DAYS} Tage lang.`,
  notFound: 'Diese Sperrung gibt es nicht (mehr).',
  created: 'Die Sperrung wurde eingerichtet.',
  lifted: 'Die Sperrung wurde aufgehoben. Stornierte Reservierungen bleiben storniert.',
  forAdmins: 'Nur Administratoren können Plätze sperren.',
  blocked: (court: string, date: IsoDate, hour: number, reason: string) =>
    `Platz ${court} ist am ${formatDateDe(date)} um ${formatHour(hour)} Uhr gesperrt: ${reason}`,
} as const;

/** "2026-11-24T14:00" → day and hour, or null when it is no full hour of a real day. */
export function parseMoment(moment: string): { date: IsoDate; hour: number } | null {
  const match = HOUR_MOMENT.exec(moment);
  if (!match || !isIsoDate(match[1]!)) return null;
  const hour = Number(match[2]);
  return hour <= 24 ? { date: match[1]!, hour } : null;
}

const momentOf = (date: IsoDate, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00`;

/** The first hour a booking on `date` shares with the block, or null. */
function firstSharedHour(block: Block, date: IsoDate, start: number, end: number): number | null {
  for (let hour = start; hour < end; hour++) {
    if (momentOf(date, hour) >= block.from && momentOf(date, hour) < block.until) return hour;
  }
  return null;
}

export interface BlockedOccurrence {
  reservation: Reservation;
  date: IsoDate;
  /** The first hour of the booking that lies in the block. */
  hour: number;
}

type BlockTime = Pick<Block, 'court_nums' | 'from' | 'until'>;

/** A weekly block's days, as the reservations' recurrence reads a weekly series ending after `repeat_until`. */
function weeklySchedule(block: Pick<Block, 'from'> & { repeat_until: IsoDate }): Schedule {
  return {
    date: block.from.slice(0, 10),
    recurring: true,
    deleted_dates: [],
    end_date: addDays(block.repeat_until, 1),
  };
}

/**
 * Each time a block holds, in order, as a block of one time: a single block itself, a weekly one
 * once a week on the days from `from` (default: its first) to `to` (default: its last). A weekly
 * block begins and ends on one day, so each of its times lies on one of those days.
 */
export function blockTimes<B extends BlockTime & Pick<Block, 'repeat_until'>>(
  block: B,
  from?: IsoDate,
  to?: IsoDate,
): BlockTime[] {
  const { repeat_until } = block;
  if (!repeat_until) return [block];
  const first = block.from.slice(0, 10);
  const days = occurrencesBetween(
    weeklySchedule({ from: block.from, repeat_until }),
    from ?? first,
    to ?? repeat_until,
  );
  return days.map((day) => ({
    court_nums: block.court_nums,
    from: `${day}${block.from.slice(10)}`,
    until: `${day}${block.until.slice(10)}`,
  }));
}

/**
 * The occurrences of `booking` on or after `today` that lie in `block`, in date order. A block
 * lasts at most a year (a weekly one repeats for at most a year), so a series has at most 53
 * occurrences to look at in each of at most 53 times.
 */
export function occurrencesInBlock<B extends Booking>(
  booking: B,
  block: BlockTime & Pick<Block, 'repeat_until'>,
  today: IsoDate,
): { date: IsoDate; hour: number }[] {
  if (!block.court_nums.includes(booking.court_num)) return [];
  return blockTimes(block, today).flatMap((time) => occurrencesInTime(booking, time, today));
}

/** `occurrencesInBlock` for one time of a block. */
function occurrencesInTime<B extends Booking>(
  booking: B,
  block: BlockTime,
  today: IsoDate,
): { date: IsoDate; hour: number }[] {
  const first = block.from.slice(0, 10);
  const last = block.until.slice(0, 10);
  const from = first > today ? first : today;
  const days = booking.recurring
    ? occurrencesBetween(booking, from, last)
    : booking.date >= from && booking.date <= last
      ? [booking.date]
      : [];
  const hits: { date: IsoDate; hour: number }[] = [];
  for (const date of days) {
    const hour = firstSharedHour(block as Block, date, booking.start_time, booking.end_time);
    if (hour !== null) hits.push({ date, hour });
  }
  return hits;
}

/** The block that holds `court` at `hour` on `date`, if any: the rule above, asked for one hour. */
export function blockAt(
  blocks: readonly Block[],
  court: number,
  date: IsoDate,
  hour: number,
): Block | undefined {
  const oneHour = {
    club_id: '',
    court_num: String(court),
    date,
    start_time: hour,
    end_time: hour + 1,
    recurring: false,
    deleted_dates: [],
  };
  return blocks.find((block) => occurrencesInBlock(oneHour, block, date).length > 0);
}

/** The refusal for a booking that would lie in a block, naming court, day, hour and reason. */
export function blockInTheWay(booking: Booking, blocks: readonly Block[], today: IsoDate): string | null {
  let earliest: { date: IsoDate; hour: number; block: Block } | null = null;
  for (const block of blocks) {
    const [hit] = occurrencesInBlock(booking, block, today);
    if (hit && (!earliest || hit.date < earliest.date)) earliest = { ...hit, block };
  }
  return (
    earliest && blockTexts.blocked(booking.court_num, earliest.date, earliest.hour, earliest.block.reason)
  );
}

export interface BlockCourts {
  type: 'BlockCourts';
  block_id: string;
  actor: Actor;
  court_nums: string[];
  from: string;
  until: string;
  reason: string;
  /** Repeat weekly until this day, inclusive. */
  repeat_until?: IsoDate;
}

/** What is wrong with a weekly block's repetition, if anything. */
function repeatError(command: BlockCourts, from: { date: IsoDate }, until: { date: IsoDate }): string | null {
  const repeatUntil = command.repeat_until;
  if (repeatUntil === undefined) return null;
  if (!isIsoDate(repeatUntil)) return blockTexts.repeatUntilInvalid;
  if (until.date !== from.date) return blockTexts.weeklySameDay;
  if (repeatUntil < from.date) return blockTexts.repeatBeforeStart;
  if (daysBetween(from.date, repeatUntil) > MAX_BLOCK_DAYS) return blockTexts.repeatTooLong;
  return null;
}

export interface BlockCourtsContext {
  club: Club;
  /** The club's bookings on those courts that may still take place (read model). */
  existing: readonly Reservation[];
}

function blockError(command: BlockCourts, club: Club, now: LocalMoment): string | null {
  if (command.actor.role !== 'admin') return blockTexts.forAdmins;
  const from = parseMoment(command.from);
  const until = parseMoment(command.until);
  if (!from || !until) return blockTexts.invalidMoment;
  if (command.until <= command.from) return blockTexts.untilNotAfterFrom;
  const withinHours = (m: { hour: number }) => m.hour >= club.start_hour && m.hour <= club.end_hour;
  if (!withinHours(from) || !withinHours(until))
    return blockTexts.outsideOpeningHours(club.start_hour, club.end_hour);
  if (daysBetween(from.date, until.date) > MAX_BLOCK_DAYS) return blockTexts.tooLong;
  const repeat = repeatError(command, from, until);
  if (repeat) return repeat;
  if (command.from < momentOf(now.date, now.hour)) return blockTexts.inThePast;
  if (command.court_nums.length === 0) return blockTexts.noCourts;
  if (!command.court_nums.every((court) => isCourtOf(club, court)))
    return blockTexts.unknownCourt(club.courts_count);
  const reason = command.reason.trim();
  if (!reason) return blockTexts.reasonMissing;
  if ([...reason].length > REASON_MAX_LENGTH) return blockTexts.reasonTooLong;
  return null;
}

/** Every booking occurrence the block would cancel, by date, hour and court. */
export function affectedByBlock(
  block: BlockTime & Pick<Block, 'repeat_until'>,
  existing: readonly Reservation[],
  today: IsoDate,
): BlockedOccurrence[] {
  return existing
    .flatMap((reservation) =>
      occurrencesInBlock(reservation, block, today).map((hit) => ({ reservation, ...hit })),
    )
    .sort(
      (a, b) =>
        compareIso(a.date, b.date) ||
        a.reservation.start_time - b.reservation.start_time ||
        Number(a.reservation.court_num) - Number(b.reservation.court_num),
    );
}

/** The events that cancel one booking's occurrences in a block; the whole booking once none is left. */
function cancellations(
  reservation: Reservation,
  dates: readonly IsoDate[],
  closedBy: { block_id: string; reason: string },
): ReservationEvent[] {
  const whole: ReservationEvent = {
    type: 'ReservationCancelled',
    reservation_id: reservation._id,
    data: { delete_type: 'all', ...closedBy },
  };
  if (!reservation.recurring) return [whole];
  const events: ReservationEvent[] = [];
  let row: Reservation | null = reservation;
  for (const date of dates) {
    const event: ReservationEvent = {
      type: 'OccurrenceCancelled',
      reservation_id: reservation._id,
      data: { date, ...closedBy },
    };
    row = evolve(row, event);
    events.push(event);
  }
  return row && nextOccurrence(row, row.date) === null ? [...events.slice(0, -1), whole] : events;
}

export function blockCourts(
  command: BlockCourts,
  state: BlockState,
  { club, existing }: BlockCourtsContext,
  now: LocalMoment,
): Decision<BlockEvent | ReservationEvent> {
  if (state.status !== 'none') return reject('invalid', blockTexts.notFound);
  const error = blockError(command, club, now);
  if (error) return reject(command.actor.role === 'admin' ? 'invalid' : 'forbidden', error);
  const reason = command.reason.trim();
  const court_nums = [...new Set(command.court_nums)].sort((a, b) => Number(a) - Number(b));
  const block = {
    court_nums,
    from: command.from,
    until: command.until,
    ...(command.repeat_until ? { repeat_until: command.repeat_until } : {}),
  };
  const byReservation = new Map<string, { reservation: Reservation; dates: IsoDate[] }>();
  for (const hit of affectedByBlock(block, existing, now.date)) {
    const entry = byReservation.get(hit.reservation._id) ?? { reservation: hit.reservation, dates: [] };
    entry.dates.push(hit.date);
    byReservation.set(hit.reservation._id, entry);
  }
  const closedBy = { block_id: command.block_id, reason };
  return accept<BlockEvent | ReservationEvent>(
    { type: 'CourtsBlocked', block_id: command.block_id, data: { ...block, reason } },
    ...[...byReservation.values()].flatMap(({ reservation, dates }) =>
      cancellations(reservation, dates, closedBy),
    ),
  );
}

export interface LiftBlock {
  type: 'LiftBlock';
  block_id: string;
  actor: Actor;
}

export function liftBlock(command: LiftBlock, state: BlockState, club: Club): Decision<BlockEvent> {
  if (command.actor.role !== 'admin') return reject('forbidden', blockTexts.forAdmins);
  if (state.status !== 'active' || state.block.club_id !== club._id)
    return reject('not_found', blockTexts.notFound);
  return accept({ type: 'BlockLifted', block_id: command.block_id, data: {} });
}

/** Whether a block holds on any of the days `from` to `to`, for the grid: any of its times. */
export function blockTouches(
  block: Pick<Block, 'from' | 'until' | 'repeat_until'>,
  from: IsoDate,
  to: IsoDate,
): boolean {
  return blockTimes({ ...block, court_nums: [] }, from, to).some((time) => {
    const lastDay = time.until.endsWith('T00:00')
      ? addDays(time.until.slice(0, 10), -1)
      : time.until.slice(0, 10);
    return time.from.slice(0, 10) <= to && lastDay >= from;
  });
}
