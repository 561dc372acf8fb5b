/**
 * Check-in, release and forgiving a no-show (docs/check-in.md), for the one handler. All three run
 * on the booking's own stream under the club's lock; what no event may hold (who did not come) is
 * written beside the events in their transaction.
 */
import type { Knex } from 'knex';
import {
  checkIn,
  evolveCheckIn,
  initialCheckInState,
  forgiveNoShow,
  releaseOccurrence,
  type CheckIn,
  type CheckInContext,
  type CheckInState,
  type ForgiveNoShow,
  type ReleaseContext,
  type ReleaseOccurrence,
} from '@platzbuchung/domain/check-in/check-in';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { foldStream, type CommandDefinition } from './definition';

const loadBooking = (db: Knex, streamId: string) =>
  foldStream(db, 'reservation', streamId, initialCheckInState, evolveCheckIn);

async function checkInContext(db: Knex, club: Club): Promise<CheckInContext> {
  const row: { play_rules: Partial<PlayRules> | null } = await db('clubs')
    .where({ id: club._id })
    .first('play_rules');
  return { club, settings: playRulesOf(row.play_rules ?? {}).check_in };
}

export const checkInCommand: CommandDefinition<CheckIn, CheckInState, CheckInContext, ReservationEvent> = {
  streamType: 'reservation',
  streamId: (command) => command.reservation_id,
  loadState: loadBooking,
  loadContext: (db, club) => checkInContext(db, club),
  decide: (command, state, context) => checkIn(command, state, context),
  async afterAppend(trx, club, _command, events) {
    for (const event of events) {
      if (event.type !== 'CheckedIn') continue;
      await trx('check_ins')
        .insert({
          reservation_id: event.reservation_id,
          date: event.data.date,
          club_id: club._id,
          user_id: event.data.user_id,
          checked_in_at: event.occurred_at,
        })
        .onConflict(['reservation_id', 'date'])
        .ignore();
    }
  },
};

/** When the booking was made: the first event of its stream. */
async function bookedAt(db: Knex, reservationId: string): Promise<Date> {
  const made: { occurred_at: Date } | undefined = await db('events')
    .where({ stream_type: 'reservation', stream_id: reservationId, type: 'ReservationMade' })
    .first('occurred_at');
  // No booking, no release: the decider finds none to release whatever this says.
  return made ? new Date(made.occurred_at) : new Date(0);
}

export const releaseOccurrenceCommand: CommandDefinition<
  ReleaseOccurrence,
  CheckInState,
  ReleaseContext,
  ReservationEvent
> = {
  streamType: 'reservation',
  streamId: (command) => command.reservation_id,
  loadState: loadBooking,
  loadContext: async (db, club, command) => ({
    ...(await checkInContext(db, club)),
    booked_at: await bookedAt(db, command.reservation_id),
  }),
  decide: (command, state, context) => releaseOccurrence(command, state, context),
  async afterAppend(trx, club, command, events) {
    // The booker is the no-show: the one place that says so (docs/privacy.md).
    if (!events.some((event) => event.type === 'ReservationReleased')) return;
    const booking: { user_id: string } | undefined = await trx('events')
      .where({ stream_type: 'reservation', stream_id: command.reservation_id, type: 'ReservationMade' })
      .first(trx.raw(`data->>'user_id' AS user_id`));
    if (!booking) return;
    const user = await trx('users').where({ id: booking.user_id }).first('id');
    if (!user) return;
    await trx('no_shows').insert({
      id: command.no_show_id,
      club_id: club._id,
      user_id: booking.user_id,
      reservation_id: command.reservation_id,
      date: command.date,
      released_at: events[0]!.occurred_at,
    });
  },
};

export const forgiveNoShowCommand: CommandDefinition<ForgiveNoShow, null, boolean, ReservationEvent> = {
  streamType: 'reservation',
  streamId: (command) => command.reservation_id,
  loadState: async () => ({ state: null }),
  // Read under the club's lock: a no-show forgiven twice at once is forgiven once.
  loadContext: async (db, club, command) =>
    (await db('no_shows').where({ id: command.no_show_id, club_id: club._id }).first('id')) !== undefined,
  decide: (command, _state, known) => forgiveNoShow(command, known),
  async afterAppend(trx, club, command) {
    await trx('no_shows').where({ id: command.no_show_id, club_id: club._id }).delete();
  },
};
