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
import {
  changeReservation,
  type ChangeReservation,
  type ChangeReservationContext,
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
  type MakeReservationContext,
} from '@platzbuchung/domain/reservations/make-reservation';
import {
  evolveReservation,
  initialReservationState,
  type ReservationState,
} from '@platzbuchung/domain/reservations/state';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import { preparedRows } from '../db/prepared';
import { blocksFromQuery, toBlock, type BlockRow } from '../projections/blocks';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from '../projections/reservation-rows';
import { foldStream, type BatchDefinition, type CommandDefinition } from './definition';

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

/** Whose bookings and which courts a booking context covers: one command's, or a batch's together. */
interface BookingScope {
  court_nums: readonly string[];
  user_ids: readonly string[];
}

/** One club's booking context to load: the club, its commands' courts and members, its day. */
interface ContextRequest {
  club: Club;
  scope: BookingScope;
  today: string;
}

/**
 * What new reservations can collide with or count against, for each requested club: its
 * reservations that still take place today or later on the same courts, the actors' own upcoming
 * ones for the limit, and the blocks that still hold. One statement for any number of clubs (a
 * group commit's, ./handle), so it costs one round trip; each club is a row of a JSON parameter,
 * its courts and members two arrays, so the statement's text is always the same. JSON spells
 * dates and arrays as the rows do.
 */
async function loadBookingContexts(
  db: Knex,
  requests: readonly ContextRequest[],
): Promise<MakeReservationContext[]> {
  const asked = (column: string) => db.raw(`q.${column}`);
  const reservations = stillToCome(db, asked('club_id'), asked('today')).andWhere((q) =>
    q.whereRaw('court_num = ANY(q.court_nums)').orWhereRaw('user_id = ANY(q.user_ids)'),
  );
  const blocks = blocksFromQuery(db, asked('club_id'), db.raw('q.today::timestamp'));
  const clubs = requests.map(({ club, scope, today }, n) => ({ n, club_id: club._id, today, ...scope }));
  const rows = await preparedRows<{ existing: ReservationRow[]; blocks: BlockRow[] }>(
    db,
    'booking-contexts',
    db.raw(
      `SELECT coalesce((SELECT json_agg(r) FROM (?) r), '[]') AS existing,
              coalesce((SELECT json_agg(b) FROM (?) b), '[]') AS blocks
       FROM jsonb_to_recordset(?::jsonb)
         AS q(n int, club_id uuid, today date, court_nums text[], user_ids uuid[])
       ORDER BY q.n`,
      [reservations, blocks, JSON.stringify(clubs)],
    ),
  );
  return requests.map(({ club }, n) => ({
    club,
    existing: rows[n]!.existing.map(toReservation),
    blocks: rows[n]!.blocks.map(toBlock),
  }));
}

/** One club's booking context (see `loadBookingContexts`). */
async function bookingContext(
  db: Knex,
  club: Club,
  scope: BookingScope,
  today: string,
): Promise<MakeReservationContext> {
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

/** The courts and members of the given commands, each once. */
const scopeOf = (commands: readonly { court_nums: readonly string[]; actor: Actor }[]): BookingScope => ({
  court_nums: [...new Set(commands.flatMap((command) => command.court_nums))],
  user_ids: [...new Set(commands.map((command) => command.actor.user_id))],
});

const onCourt = (command: { court_num: string; actor: Actor }) => ({
  court_nums: [command.court_num],
  actor: command.actor,
});

/**
 * A new booking's context, and how new bookings are decided together in a rush (./handle): one
 * context for all of a club's, each seeing those accepted before it; several clubs' in one go.
 */
function bookingContexts<C extends { actor: Actor }>(
  scoped: (command: C) => { court_nums: readonly string[]; actor: Actor },
): Pick<ReservationCommandDefinition<C, MakeReservationContext>, 'loadContext' | 'batch'> {
  const batch: BatchDefinition<C, MakeReservationContext, ReservationEvent> = {
    loadContexts: (db, batches) =>
      loadBookingContexts(
        db,
        batches.map(({ club, commands, now }) => ({
          club,
          scope: scopeOf(commands.map(scoped)),
          today: now.date,
        })),
      ),
    absorb: contextAfter,
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
  ReservationEvent
>;

/** Every reservation command works on a reservation stream, the chosen booking's unless it is new. */
function reservationCommand<C extends { actor: Actor; reservation_id: string }, Ctx>(
  parts: Pick<ReservationCommandDefinition<C, Ctx>, 'loadContext' | 'decide'> &
    Partial<Pick<ReservationCommandDefinition<C, Ctx>, 'loadState' | 'batch'>>,
): ReservationCommandDefinition<C, Ctx> {
  return {
    streamType: 'reservation',
    streamId: (command) => command.reservation_id,
    loadState: loadReservation,
    ...parts,
  };
}

export const makeReservationCommand = reservationCommand<MakeReservation, MakeReservationContext>({
  loadState: freshStream,
  ...bookingContexts(onCourt),
  decide: makeReservation,
});

export const deleteReservationCommand = reservationCommand<DeleteReservation, DeleteReservationContext>({
  loadContext: async (_trx, club) => ({ club }),
  decide: deleteReservation,
});

export const changeReservationCommand = reservationCommand<ChangeReservation, ChangeReservationContext>({
  loadContext: (db, club, command, now) => bookingContext(db, club, scopeOf([onCourt(command)]), now.date),
  decide: changeReservation,
});

export const bookCourtsCommand: ReservationCommandDefinition<BookCourts, MakeReservationContext> = {
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

export const changeGroupCommand = reservationCommand<ChangeGroup, ChangeGroupContext>({
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
