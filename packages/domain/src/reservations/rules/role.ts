/**
 * What the actor's role allows: a player books one hour (a doubles as long as the club lets it
 * last), unlabelled and not repeated; an admin at most ten hours, with a label of at most 40
 * characters. The client already hides what a player may not do; the server refuses it anyway,
 * because requests need not come from our client.
 */
import type { AskedBooking, BookingRule } from '../../booking-rules/rule';
import type { Refusal } from '../../decider';
import { maxPlayerHours, type PlayContext } from '../../players/who-plays';
import * as playerTexts from '../../players/texts';
import { normalizeLabel } from '../labels';
import { LABEL_MAX_LENGTH, MAX_DURATION_HOURS } from '../limits';
import * as reservationTexts from '../texts';

function playerError(booking: AskedBooking, { play }: { play: PlayContext }): Refusal | null {
  if (booking.recurring) return { kind: 'forbidden', message: reservationTexts.playerNoRecurrence };
  if (normalizeLabel(booking.label) !== undefined) {
    return { kind: 'forbidden', message: reservationTexts.playerNoLabel };
  }
  const hours = booking.end_time - booking.start_time;
  if (hours !== 1 && hours > maxPlayerHours(booking.players, play.rules)) {
    // A club whose doubles may last longer says so; every other keeps the one-hour sentence.
    const doubles = play.rules.co_players !== 'off' && play.rules.doubles_hours > 1;
    const message = doubles
      ? playerTexts.tooLong(play.rules.doubles_hours)
      : reservationTexts.playerOneHourOnly;
    return { kind: 'forbidden', message };
  }
  return null;
}

function adminError(booking: AskedBooking): Refusal | null {
  if (booking.end_time - booking.start_time > MAX_DURATION_HOURS) {
    return { kind: 'invalid', message: reservationTexts.invalidDuration };
  }
  // Counted in code points, as PostgreSQL counts varchar length.
  if ([...(normalizeLabel(booking.label) ?? '')].length > LABEL_MAX_LENGTH) {
    return { kind: 'invalid', message: reservationTexts.labelTooLong(LABEL_MAX_LENGTH) };
  }
  return null;
}

export const role: BookingRule<{ play: PlayContext }> = {
  name: 'role',
  about: 'slot',
  check: (booking, context) =>
    booking.actor.role === 'admin' ? adminError(booking) : playerError(booking, context),
};
