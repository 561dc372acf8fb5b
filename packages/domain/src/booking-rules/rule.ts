/**
 * One rule a booking answers to (docs/adding-a-change.md, "Adding a new booking rule"). Making, changing,
 * a group's courts and a series' dates are all decided by running an ordered list of rules over one
 * booking and one context; each rule says in its type which parts of the context it reads. The list
 * (./pipeline) is handed to the deciders inside their context by the caller, the API's command
 * definitions, so no decider imports the rules of every feature. Kernel only: no feature is
 * imported here.
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
  /**
   * The refusal, in German, when the booking breaks the rule; null when it keeps it. A property,
   * not a method, so its context is checked strictly: a list with a rule that reads more than the
   * context holds does not compile.
   */
  readonly check: (booking: AskedBooking, context: Context, now: LocalMoment) => Refusal | null;
}

/**
 * What a booking is decided on: the parts its rules read, and the rules themselves, in the order
 * they are asked. A context without a part some rule of its list reads does not compile.
 */
export type Ruled<Context> = Context & { readonly bookingRules: readonly BookingRule<NoInfer<Context>>[] };

/**
 * The first rule of the context's list the booking breaks, as its German refusal, or null. `about`
 * runs only the rules of that subject: a member coming back to a booking changes its people, not
 * its slot.
 */
export function firstRefusal<Context>(
  booking: AskedBooking,
  context: Ruled<Context>,
  now: LocalMoment,
  about?: RuleSubject,
): Refusal | null {
  for (const rule of context.bookingRules) {
    if (about !== undefined && rule.about !== about) continue;
    const refusal = rule.check(booking, context, now);
    if (refusal) return refusal;
  }
  return null;
}
