/**
 * The rules a booking answers to, in the order they are asked (docs/adding-a-change.md, "Adding a new
 * booking rule"): a malformed request is answered as such before any rule about who may do what,
 * and the slot before the people who play in it. Making, changing, a group's courts and a series'
 * dates all run this one list; no decider names a rule or imports this file: the API's command
 * definitions hand the list in with the context (`BookingContext`). A new rule is a file beside its
 * feature and one line here; the context it reads becomes part of `BookingRuleContext`, so every
 * caller that does not load it stops compiling.
 */
import { courtOpen } from '../blocks/rules/court-open';
import { notPaused } from '../check-in/rules/not-paused';
import { namedWithinLimit } from '../players/rules/named-limit';
import { oneCourtAtATime } from '../players/rules/one-court-at-a-time';
import { withinQuotas } from '../players/rules/quotas';
import { whoIsNamed } from '../players/rules/who-is-named';
import { courtExists } from '../reservations/rules/court-exists';
import { courtFree } from '../reservations/rules/court-free';
import { withinHorizon } from '../reservations/rules/horizon';
import { withinLimit } from '../reservations/rules/limit';
import { notPast } from '../reservations/rules/not-past';
import { notTooFarAhead } from '../reservations/rules/not-too-far-ahead';
import { openingHours } from '../reservations/rules/opening-hours';
import { role } from '../reservations/rules/role';
import { validDate } from '../reservations/rules/valid-date';
import type { BookingRule, Ruled } from './rule';

export const bookingRules = [
  courtExists,
  openingHours,
  validDate,
  role,
  notPaused,
  whoIsNamed,
  notPast,
  notTooFarAhead,
  withinHorizon,
  withinLimit,
  courtFree,
  courtOpen,
  oneCourtAtATime,
  namedWithinLimit,
  withinQuotas,
] as const;

type ContextOf<R> = R extends BookingRule<infer C> ? C : never;
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void
  ? I
  : never;

/** Every part of the context some rule reads: the club, its bookings, its blocks, its play rules. */
export type BookingRuleContext = Intersection<ContextOf<(typeof bookingRules)[number]>>;

/** A booking's context as the API loads it: every part some rule reads, and the list of rules. */
export type BookingContext = Ruled<BookingRuleContext>;
