/**
 * What the rules about who plays share (docs/who-plays.md): the play context, whom a booking
 * involves, a member's upcoming count and hours in a quota's window. The rules themselves are files
 * of their own in ./rules/, run by the pipeline of booking rules (../booking-rules/pipeline).
 */
import { slotStart } from '../club-time';
import { addDays, weekdayOf, type LocalMoment } from '../dates';
import { fullName } from '../names';
import { countsTowardLimit, occursOn } from '../recurrence';
import type { MemberCategory, PlayRules, Quota } from '../schemas';
import type {
  Club,
  CoPlayer,
  IsoDate,
  MemberStatus,
  PlayerRef,
  RequestedPlayer,
  Reservation,
} from '../types';

export type { CoPlayer, RequestedPlayer } from '../types';

export interface PlayMember {
  first_name: string | null;
  last_name: string | null;
  status: MemberStatus;
  /** Their category today, as categories/categories decides it from the admin's choice and their birth year. */
  category: MemberCategory;
}

/** What the rules about who plays read besides the club's bookings. Both required. */
export interface PlayContext {
  rules: PlayRules;
  /** The club's members a booking names, or may name, by id (the booker need not be among them). */
  members: ReadonlyMap<string, PlayMember>;
}

/** The co-players as the log records them: guests with the club's fee at this moment. */
export function playerRefs(players: readonly RequestedPlayer[], rules: PlayRules): PlayerRef[] {
  return players.map((p) =>
    'user_id' in p ? { user_id: p.user_id } : { guest_id: p.guest_id, fee_cents: rules.guest_fee_cents },
  );
}

/** The members a list of co-players names, by id. */
export const memberIds = (players: readonly CoPlayer[]) =>
  players.flatMap((p) => ('user_id' in p ? [p.user_id] : []));

/** Does the booking name this member, or is it theirs? */
export function involves(reservation: Reservation, userId: string): boolean {
  return reservation.user_id === userId || memberIds(reservation.co_players ?? []).includes(userId);
}

/** A member's name as the refusals say it. */
export const memberName = (play: PlayContext, userId: string) => fullName(play.members.get(userId));

/** A member's category; one the context does not hold is in the club's first. */
export const categoryOf = (play: PlayContext, userId: string): MemberCategory =>
  play.members.get(userId)?.category ?? play.rules.categories[0]!;

/** How many upcoming bookings a member may hold: their category's limit, else the club's; null: no limit. */
export function limitOf(
  play: PlayContext,
  club: Pick<Club, 'reservations_limit'>,
  userId: string,
): number | null {
  const own = categoryOf(play, userId).reservations_limit;
  // A missing club limit counts as 0, as it always did.
  return own === undefined ? (club.reservations_limit ?? 0) : own;
}

/** How long a player's booking may last: 1 hour, a doubles up to `doubles_hours`. */
export function maxPlayerHours(players: readonly unknown[], rules: PlayRules): number {
  return rules.co_players !== 'off' && players.length === 3 ? rules.doubles_hours : 1;
}

/**
 * Bookings people play in: a member's own or one naming them. A labelled booking or one of a
 * group is the club's (a training, a tournament), which an admin books in their own name without
 * playing there, so it does not hold its booker on that court.
 */
export const isPlay = (r: Pick<Reservation, 'label' | 'group_id'>) => !r.label && !r.group_id;

/** The member's bookings still to come, their own and, where the club counts them, those naming them. */
export function upcomingCount(
  existing: readonly Reservation[],
  userId: string,
  rules: PlayRules,
  today: IsoDate,
): number {
  const counts = (r: Reservation) =>
    r.user_id === userId || (rules.co_players_count && memberIds(r.co_players ?? []).includes(userId));
  return existing.filter((r) => counts(r) && countsTowardLimit(r, today)).length;
}

/** A booking's hours inside a quota's window on `date`, if it takes place then. */
export function hoursInWindow(
  booking: Pick<Reservation, 'start_time' | 'end_time'>,
  quota: Quota,
  date: IsoDate,
): number {
  // ISO weekdays: Sunday is 7, where `weekdayOf` says 0.
  if (!quota.days.includes(weekdayOf(date) || 7)) return 0;
  return Math.max(
    0,
    Math.min(booking.end_time, quota.to_hour) - Math.max(booking.start_time, quota.from_hour),
  );
}

/**
 * A member's hours in a quota's window in the club's week (Monday to Sunday, club-local days, so a
 * clock change moves nothing) that begins `monday`: their bookings and those naming them.
 */
export function quotaHours(
  existing: readonly Reservation[],
  userId: string,
  quota: Quota,
  monday: IsoDate,
): number {
  let hours = 0;
  for (const r of existing) {
    if (!isPlay(r) || !involves(r, userId)) continue;
    for (let day = 0; day < 7; day += 1) {
      const date = addDays(monday, day);
      if (occursOn(r, date)) hours += hoursInWindow(r, quota, date);
    }
  }
  return hours;
}

/**
 * Short notice: the booking starts within `quota_exempt_hours` real hours of the current hour (a
 * clock change counts as the hour it is). 0: never.
 */
export function isShortNotice(
  rules: PlayRules,
  timeZone: string,
  slot: Pick<Reservation, 'date' | 'start_time'>,
  now: LocalMoment,
): boolean {
  if (rules.quota_exempt_hours === 0) return false;
  const ahead =
    slotStart(timeZone, slot.date, slot.start_time).getTime() -
    slotStart(timeZone, now.date, now.hour).getTime();
  return ahead <= rules.quota_exempt_hours * 3_600_000;
}
