/**
 * A decider of bookings with its money (docs/architecture/money.md, "Charges"): the reservation
 * decider decides as it always did, and the account lines its events cause are added to the same
 * decision, so a booking and its charge are appended together or not at all. No reservation
 * decider knows about money; the API's command definitions wrap the ones that change bookings.
 */
import type { LocalMoment } from '../dates';
import { accept, type Actor, type Decision } from '../decider';
import type { ReservationEvent } from '../reservations/events';
import type { Club } from '../types';
import type { AccountEvent } from '../money/account-events';
import { accountLinesFor, type BookingsBefore, type MoneyContext } from './charges';
import { uncoveredCharge } from './rules/prepaid';

/** A reservation stream's event: the one kind whose events name their stream by `reservation_id`. */
const isReservationEvent = (event: object): event is ReservationEvent => 'reservation_id' in event;

type Decide<C, S, Ctx, E> = (command: C, state: S, context: Ctx, now: LocalMoment) => Decision<E>;

export interface ChargeOptions<S, Ctx> {
  /** The bookings as the command found them: its own stream's state, or the context's rows. */
  before: (state: S, context: Ctx) => BookingsBefore;
  /**
   * For a command that books or moves: a prepaid club refuses what the credit does not cover,
   * naming the member by this. Absent: the command is never refused for money (a cancellation,
   * a member leaving a booking).
   */
  prepaidNames?: (context: Ctx) => (userId: string) => string;
}

/** What a decider's context gains for its money: the club (its court names) and the money context. */
export interface Charging {
  club: Club;
  money: MoneyContext;
}

export function withCharges<C extends { actor: Actor }, S, Ctx, E extends { type: string }>(
  decide: Decide<C, S, Ctx, E>,
  options: ChargeOptions<S, Ctx & Charging>,
): Decide<C, S, Ctx & Charging, E | AccountEvent> {
  return (command, state, context, now) => {
    const decision = decide(command, state, context, now);
    if (!decision.ok) return decision;
    const lines = accountLinesFor(
      (decision.events as readonly object[]).filter(isReservationEvent),
      options.before(state, context),
      context.money,
      context.club,
    );
    if (!lines.length) return decision;
    if (options.prepaidNames) {
      const refusal = uncoveredCharge(
        lines,
        context.money,
        command.actor.user_id,
        options.prepaidNames(context),
      );
      if (refusal) return { ok: false, error: refusal };
    }
    return accept<E | AccountEvent>(...decision.events, ...lines);
  };
}
