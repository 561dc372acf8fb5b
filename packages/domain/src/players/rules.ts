/**
 * The rules about who plays (docs/who-plays.md), for making and changing a booking:
 * the co-players a booking names, one court at a time per person, the limit of every named member
 * and the club's weekly quotas. Pure: the club's rules, its members and its bookings come in as
 * the context, the clock as `now`.
 */
import { slotStart } from '../club-time';
import { addDays, mondayOf, weekdayOf, type LocalMoment } from '../dates';
import type { Actor, Refusal } from '../decider';
import { fullName } from '../names';
import { firstCommonOccurrence } from '../reservations/conflicts';
import type { PlayerRef } from '../reservations/events';
import { countsTowardLimit, occursOn } from '../reservations/recurrence';
import type { PlayRules, Quota } from '../schemas';
import { isGuestName } from '../shapes';
import type { Club, IsoDate, MemberStatus, Reservation } from '../types';
import { quotaWindowText } from './play-rules';
import * as playerTexts from './texts';

import type { CoPlayer, RequestedPlayer } from '../types';
export type { CoPlayer, RequestedPlayer } from '../types';

export interface PlayMember {
  first_name: string | null;
  last_name: string | null;
  status: MemberStatus;
}

/** What the rules about who plays read besides the club's bookings. Both required. */
export interface PlayContext {
  rules: PlayRules;
  /** The club's members a booking names, or may name, by id (the booker need not be among them). */
  members: ReadonlyMap<string, PlayMember>;
}

/** The booking the rules judge: who books, whom they name, and the slot. */
export interface PlayRequest {
  actor: Actor;
  /** Whose booking it is: the actor's own, or the one an admin changes. */
  booker: string;
  players: readonly CoPlayer[];
  slot: Pick<Reservation, 'club_id' | 'court_num' | 'date' | 'start_time' | 'end_time' | 'recurring'>;
}

export interface PlayersContext {
  club: Club;
  /** The club's bookings without the one being changed. */
  existing: readonly Reservation[];
  play: PlayContext;
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

const nameOf = (context: PlayersContext, userId: string) => fullName(context.play.members.get(userId));

/** A member's name as the refusals say it. */
export const memberName = (play: PlayContext, userId: string) => fullName(play.members.get(userId));

/** Who may be named, and how many: the shape of the list before any booking is looked at. */
function listError(request: PlayRequest, { play }: PlayersContext): Refusal | null {
  const { players, actor, booker } = request;
  const admin = actor.role === 'admin';
  if (players.length > 3) return { kind: 'invalid', message: playerTexts.tooManyPlayers };
  if (play.rules.co_players === 'off' && players.length > 0) {
    return { kind: 'forbidden', message: playerTexts.coPlayersOff };
  }
  if (!play.rules.guests && players.some((p) => 'guest_id' in p)) {
    return { kind: 'forbidden', message: playerTexts.guestsNotAllowed };
  }
  // Judged as stored, so the guests table's own check is never the first to say no.
  if (players.some((p) => 'guest_name' in p && !isGuestName(p.guest_name))) {
    return { kind: 'invalid', message: playerTexts.guestNameInvalid };
  }
  const seen = new Set<string>();
  for (const id of memberIds(players)) {
    if (id === booker) return { kind: 'invalid', message: playerTexts.bookerNamed };
    const member = play.members.get(id);
    if (member?.status !== 'active') return { kind: 'invalid', message: playerTexts.notActiveMember };
    if (seen.has(id)) return { kind: 'invalid', message: playerTexts.namedTwice(fullName(member)) };
    seen.add(id);
  }
  if (!admin && play.rules.co_players === 'required' && players.length !== 1 && players.length !== 3) {
    return {
      kind: 'forbidden',
      message: players.length === 0 ? playerTexts.coPlayersRequired : playerTexts.singlesOrDoubles,
    };
  }
  return null;
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
export const isPlay = (r: Reservation) => !r.label && !r.group_id;

/** A person on two courts at once: the booker and each named member, against their other games. */
function elsewhereError(request: PlayRequest, context: PlayersContext, today: IsoDate): Refusal | null {
  // A club that names nobody keeps its rules as they were: a member may hold two courts at once.
  if (context.play.rules.co_players === 'off') return null;
  const people = [request.booker, ...memberIds(request.players)];
  for (const other of context.existing) {
    if (!isPlay(other) || other.club_id !== request.slot.club_id) continue;
    const overlaps = other.start_time < request.slot.end_time && request.slot.start_time < other.end_time;
    if (!overlaps) continue;
    const who = people.find((person) => involves(other, person));
    if (who === undefined) continue;
    const date = firstCommonOccurrence({ ...request.slot, deleted_dates: [], end_date: null }, other, today);
    if (date === null) continue;
    const name = who === request.actor.user_id ? null : nameOf(context, who);
    const hour = Math.max(other.start_time, request.slot.start_time);
    return { kind: 'conflict', message: playerTexts.playsElsewhere(name, other.court_num, date, hour) };
  }
  return null;
}

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

/** With `co_players_count`, a named member needs room in their limit. */
function namedLimitError(request: PlayRequest, context: PlayersContext, today: IsoDate): Refusal | null {
  if (!context.play.rules.co_players_count) return null;
  const limit = context.club.reservations_limit;
  for (const id of memberIds(request.players)) {
    if (upcomingCount(context.existing, id, context.play.rules, today) >= limit) {
      return { kind: 'forbidden', message: playerTexts.memberLimitReached(nameOf(context, id), limit) };
    }
  }
  return null;
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

function quotaError(request: PlayRequest, context: PlayersContext, now: LocalMoment): Refusal | null {
  const { rules } = context.play;
  if (!rules.quotas.length || request.slot.recurring) return null;
  if (isShortNotice(rules, context.club.time_zone, request.slot, now)) return null;
  const monday = mondayOf(request.slot.date);
  const people = [request.booker, ...memberIds(request.players)];
  for (const quota of rules.quotas) {
    const asked = hoursInWindow(request.slot, quota, request.slot.date);
    if (asked === 0) continue;
    for (const person of people) {
      if (quotaHours(context.existing, person, quota, monday) + asked <= quota.hours_per_week) continue;
      const name = person === request.actor.user_id ? null : nameOf(context, person);
      return {
        kind: 'forbidden',
        message: playerTexts.quotaExceeded(name, quotaWindowText(quota), quota.hours_per_week),
      };
    }
  }
  return null;
}

/** Who may be named and how many: checked with the request's shape, before any other booking. */
export function playersListError(request: PlayRequest, context: PlayersContext): Refusal | null {
  return listError(request, context);
}

/**
 * What the booking's people run into: another game at the same time (everyone), and for a
 * player's booking the limit of each named member and the club's quotas. Admins' bookings skip
 * limits and quotas as before.
 */
export function playersError(
  request: PlayRequest,
  context: PlayersContext,
  now: LocalMoment,
): Refusal | null {
  // An admin's booking is a game only when it names players; otherwise it is the club's own.
  if (request.actor.role === 'admin') {
    return request.players.length ? elsewhereError(request, context, now.date) : null;
  }
  return (
    elsewhereError(request, context, now.date) ??
    namedLimitError(request, context, now.date) ??
    quotaError(request, context, now)
  );
}
