/** Reservation commands for the generic handler (./handle, ./definition): the stream is one reservation. */
import type { Knex } from 'knex';
import {
  bookCourts,
  changeGroup,
  deleteGroup,
  type BookCourts,
  type ChangeGroup,
  type ChangeGroupContext,
  type DeleteGroup,
  type DeleteGroupContext,
} from '@platzbuchung/domain/reservations/book-courts';
import type { BookingContext, BookingRuleContext } from '@platzbuchung/domain/booking-rules/pipeline';
import {
  changeReservation,
  type ChangeReservation,
} from '@platzbuchung/domain/reservations/change-reservation';
import {
  deleteReservation,
  type DeleteReservation,
  type DeleteReservationContext,
} from '@platzbuchung/domain/reservations/delete-reservation';
import type { Actor } from '@platzbuchung/domain/decider';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import {
  contextAfter,
  makeReservation,
  type MakeReservation,
} from '@platzbuchung/domain/reservations/make-reservation';
import {
  evolveReservation,
  initialReservationState,
  type ReservationState,
} from '@platzbuchung/domain/reservations/state';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { Club, Reservation, Role } from '@platzbuchung/domain/types';
import {
  leaveAsCoPlayer,
  type LeaveAsCoPlayer,
  type LeaveAsCoPlayerContext,
} from '@platzbuchung/domain/reservations/leave-as-co-player';
import {
  rejoinAsCoPlayer,
  type RejoinAsCoPlayer,
} from '@platzbuchung/domain/reservations/rejoin-as-co-player';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { RequestedPlayer } from '@platzbuchung/domain/players/who-plays';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from '../projections/reservation-rows';
import { foldStream, type BatchDefinition, type CommandDefinition } from './definition';
import {
  loadBookingContexts,
  peopleOf,
  writeGuests,
  type BookingScope,
  type ChargedBookingContext,
} from './booking-context';
import { withCharges } from '@platzbuchung/domain/billing/charged';
import type { MoneyContext } from '@platzbuchung/domain/billing/charges';
import { isAccountEvent, type AccountEvent } from '@platzbuchung/domain/money/account-events';
import { memberName } from '@platzbuchung/domain/players/who-plays';
import { activeReservation } from '@platzbuchung/domain/reservations/state';
import { loadMoneyContext, moneyAfter, withChargesOf } from '../money/money-context';

const loadReservation = (db: Knex, streamId: string) =>
  foldStream(db, 'reservation', streamId, initialReservationState, evolveReservation);

/**
 * A booking's stream is new: the server has just chosen its UUID, so there is nothing to read. The
 * unique (stream, version) key would still refuse a clash.
 */
const freshStream = async () => ({ state: initialReservationState, version: 0 });

/**
 * The club's bookings that may still take place on `today` or later: series, or dated ahead. Either
 * may be an SQL expression, for a statement that reads several clubs' (`loadBookingContexts`).
 */
function stillToCome(db: Knex, clubId: string | Knex.Raw, today: string | Knex.Raw) {
  return db('reservations')
    .where('club_id', clubId)
    .andWhere((q) => q.where('recurring', true).orWhere('date', '>=', today))
    .select([...RESERVATION_COLUMNS]);
}

/** One club's booking context (see `loadBookingContexts`). */
async function bookingContext(
  db: Knex,
  club: Club,
  scope: BookingScope,
  today: string,
): Promise<ChargedBookingContext> {
  const [context] = await loadBookingContexts(db, [{ club, scope, today }]);
  return context!;
}

/** The club's bookings still to come, on the given courts only when named. */
export async function upcomingReservations(
  trx: Knex,
  clubId: string,
  today: string,
  courts?: readonly string[],
): Promise<Reservation[]> {
  const query = stillToCome(trx, clubId, today);
  if (courts) query.whereIn('court_num', courts as string[]);
  const rows: ReservationRow[] = await query;
  return rows.map(toReservation);
}

interface Scoped {
  court_nums: readonly string[];
  actor: Actor;
  /** Members the command names, and whose booking it changes. */
  people?: readonly string[];
}

/** The courts and members of the given commands, each once. */
const scopeOf = (commands: readonly Scoped[]): BookingScope => ({
  court_nums: [...new Set(commands.flatMap((command) => command.court_nums))],
  user_ids: [...new Set(commands.flatMap((command) => [command.actor.user_id, ...(command.people ?? [])]))],
});

const namedIn = (players: readonly RequestedPlayer[] | undefined) =>
  (players ?? []).flatMap((p) => ('user_id' in p ? [p.user_id] : []));

const onCourt = (command: {
  court_num: string;
  actor: Actor;
  players?: readonly RequestedPlayer[];
  on_behalf_of?: string;
}): Scoped => ({
  court_nums: [command.court_num],
  actor: command.actor,
  // A child booked for is the booker whose games, limits and category count.
  people: [...namedIn(command.players), ...(command.on_behalf_of ? [command.on_behalf_of] : [])],
});

/**
 * A new booking's context, and how new bookings are decided together in a rush (./handle): one
 * context for all of a club's, each seeing those accepted before it; several clubs' in one go.
 */
function bookingContexts<C extends { actor: Actor }>(
  scoped: (command: C) => Scoped,
): Pick<ReservationCommandDefinition<C, ChargedBookingContext>, 'loadContext' | 'batch'> {
  const batch: BatchDefinition<C, ChargedBookingContext, ReservationEvent | AccountEvent> = {
    loadContexts: (db, batches) =>
      loadBookingContexts(
        db,
        batches.map(({ club, commands, now }) => ({
          club,
          scope: scopeOf(commands.map(scoped)),
          today: now.date,
        })),
      ),
    absorb: (context, events) => ({
      ...contextAfter(
        context,
        events.filter((event): event is ReservationEvent => !isAccountEvent(event)),
      ),
      money: moneyAfter(context.money, events),
    }),
  };
  return {
    loadContext: (db, club, command, now) => bookingContext(db, club, scopeOf([scoped(command)]), now.date),
    batch,
  };
}

type ReservationCommandDefinition<C extends { actor: Actor }, Ctx> = CommandDefinition<
  C,
  ReservationState,
  Ctx,
  ReservationEvent | AccountEvent
>;

/** The booking a reservation command found: its own stream's state (none for a new booking). */
const ownBooking = (state: ReservationState) => (reservationId: string) => {
  const booking = activeReservation(state);
  return booking && booking._id === reservationId ? booking : null;
};

/** A prepaid refusal names another member as the booking's rules do. */
const namesOf = (context: ChargedBookingContext) => (userId: string) => memberName(context.play, userId);

/** A context's money with what the command's booking has been charged so far. */
const chargedContext = <Ctx extends { money: MoneyContext }>(db: Knex, context: Ctx, reservationId: string) =>
  withChargesOf(db, context, [reservationId]);

/** Every reservation command works on a reservation stream, the chosen booking's unless it is new. */
function reservationCommand<C extends { actor: Actor; reservation_id: string }, Ctx>(
  parts: Pick<ReservationCommandDefinition<C, Ctx>, 'loadContext' | 'decide'> &
    Partial<Pick<ReservationCommandDefinition<C, Ctx>, 'loadState' | 'batch' | 'afterAppend'>>,
): ReservationCommandDefinition<C, Ctx> {
  return {
    streamType: 'reservation',
    streamId: (command) => command.reservation_id,
    loadState: loadReservation,
    ...parts,
  };
}

export const makeReservationCommand = reservationCommand<MakeReservation, ChargedBookingContext>({
  loadState: freshStream,
  ...bookingContexts(onCourt),
  decide: withCharges(makeReservation, { before: ownBooking, prepaidNames: namesOf }),
  afterAppend: (trx, club, command) => writeGuests(trx, club, command.reservation_id, command.players),
});

export const deleteReservationCommand = reservationCommand<
  DeleteReservation,
  DeleteReservationContext & { money: MoneyContext }
>({
  loadContext: async (db, club, command, now) => ({
    club,
    money: await loadMoneyContext(db, club._id, [command.reservation_id], now.date),
  }),
  decide: withCharges(deleteReservation, { before: ownBooking }),
});

export const changeReservationCommand = reservationCommand<ChangeReservation, ChargedBookingContext>({
  loadContext: async (db, club, command, now) => {
    const scoped = onCourt(command);
    const people = [...(scoped.people ?? []), ...(await peopleOf(db, command.reservation_id))];
    const context = await bookingContext(db, club, scopeOf([{ ...scoped, people }]), now.date);
    return chargedContext(db, context, command.reservation_id);
  },
  decide: withCharges(changeReservation, { before: ownBooking, prepaidNames: namesOf }),
  afterAppend: (trx, club, command, events) => {
    // A series split off gets the new booking's id; the guests belong to it.
    const made = events.find((e) => e.type === 'ReservationMade');
    return writeGuests(trx, club, made ? made.reservation_id : command.reservation_id, command.players);
  },
});

export const leaveAsCoPlayerCommand = reservationCommand<
  LeaveAsCoPlayer,
  LeaveAsCoPlayerContext & { money: MoneyContext }
>({
  loadContext: async (db, club, command, now) => {
    // The club's play rules and the booker's role, in one read.
    const row: { play_rules: Partial<PlayRules> | null; role: Role | null } = await db('clubs as c')
      .leftJoin('reservations as r', (on) =>
        on.on('r.club_id', 'c.id').andOnVal('r.id', command.reservation_id),
      )
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .where('c.id', club._id)
      .first('c.play_rules', 'u.role');
    // An erased booker's booking is held to a player's length: nobody can say it was an admin's.
    return {
      club,
      rules: playRulesOf(row.play_rules ?? {}),
      bookerRole: row.role ?? 'player',
      money: await loadMoneyContext(db, club._id, [command.reservation_id], now.date),
    };
  },
  decide: withCharges(leaveAsCoPlayer, { before: ownBooking }),
});

/** Coming back to a booking one left is decided on a change's context: its people and courts. */
export const rejoinAsCoPlayerCommand = reservationCommand<RejoinAsCoPlayer, ChargedBookingContext>({
  loadContext: async (db, club, command, now) => {
    const people = await peopleOf(db, command.reservation_id);
    const courts: string[] = await db('reservations')
      .where({ id: command.reservation_id })
      .pluck('court_num');
    const context = await bookingContext(
      db,
      club,
      scopeOf([{ court_nums: courts, actor: command.actor, people }]),
      now.date,
    );
    return chargedContext(db, context, command.reservation_id);
  },
  decide: withCharges(rejoinAsCoPlayer, { before: ownBooking }),
});

export const bookCourtsCommand: ReservationCommandDefinition<BookCourts, BookingContext> = {
  streamType: 'reservation',
  streamId: (command) => command.reservation_ids[0]!,
  loadState: freshStream,
  ...bookingContexts<BookCourts>((command) => command),
  decide: (command, _state, context, now) => bookCourts(command, context, now),
};

/** The chosen booking's group, as the read model holds it now (the club's lock is held). */
async function groupOf(trx: Knex, club: Club, reservationId: string): Promise<Reservation[]> {
  const rows: ReservationRow[] = await trx('reservations as r')
    .where('r.club_id', club._id)
    .whereIn(
      'r.group_id',
      trx('reservations')
        .where({ id: reservationId, club_id: club._id })
        .whereNotNull('group_id')
        .select('group_id'),
    )
    .select(RESERVATION_COLUMNS.map((c) => `r.${c}`));
  return rows.map(toReservation);
}

export const deleteGroupCommand = reservationCommand<DeleteGroup, DeleteGroupContext>({
  loadContext: async (trx, club, command) => ({
    club,
    members: await groupOf(trx, club, command.reservation_id),
  }),
  decide: (command, _state, context, now) => deleteGroup(command, context, now),
});

export const changeGroupCommand = reservationCommand<ChangeGroup, ChangeGroupContext<BookingRuleContext>>({
  loadContext: async (trx, club, command, now) => {
    const members = await groupOf(trx, club, command.reservation_id);
    const courts = [...new Set([command.court_num, ...members.map((m) => m.court_num)])];
    const context = await bookingContext(
      trx,
      club,
      scopeOf([{ court_nums: courts, actor: command.actor }]),
      now.date,
    );
    return { ...context, members };
  },
  decide: (command, _state, context, now) => changeGroup(command, context, now),
});
