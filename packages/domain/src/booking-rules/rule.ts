/**
 * One rule a booking answers to (docs/adding-a-change.md, "Adding a new booking rule"). Making, changing,
 * a group's courts and a series' dates are all decided by running the ordered list of rules
 * (./pipeline) over one booking and one context; each rule says in its type which parts of the
 * context it reads, and the pipeline's context is every rule's parts together, so a caller that
 * leaves a part out does not compile. Kernel only: no feature is imported here.
 */
import type { LocalMoment } from '../dates';
import type { Actor, Refusal } from '../decider';
import type { CoPlayer, Reservation } from '../types';

/** The booking a rule judges: the slot as it would stand, who asks, whose it is, whom it names. */
export interface AskedBooking extends Pick<
  Reservation,
  'club_id' | 'court_num' | 'date' | 'start_time' | 'end_time' | 'recurring' | 'deleted_dates' | 'end_date'
> {
  actor: Actor;
  /** Whose booking it is: the actor's own, or the member's whose booking an admin changes. */
  booker: string;
  /** As asked; the rules read it trimmed (blank: no label). */
  label?: string | null;
  /** The co-players asked for, or those a changed booking keeps. */
  players: readonly CoPlayer[];
}

/**
 * What a rule is about: the slot (court, hours, dates, who may book it) or the people who play
 * (whom a booking names, their other games, limits and quotas). A member coming back to a booking
 * they left changes only its people, so only those rules judge it.
 */
export type RuleSubject = 'slot' | 'people';

export interface BookingRule<Context> {
  /** Its name in the pipeline's list and in its tests. */
  readonly name: string;
  readonly about: RuleSubject;
  /** The refusal, in German, when the booking breaks the rule; null when it keeps it. */
  check(booking: AskedBooking, context: Context, now: LocalMoment): Refusal | null;
}
