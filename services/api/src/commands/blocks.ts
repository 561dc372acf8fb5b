/** Court block commands for the generic handler (./handle): the stream is one block. */
import type { Knex } from 'knex';
import {
  affectedByBlock,
  blockCourts,
  evolveBlock,
  initialBlockState,
  liftBlock,
  type BlockCourts,
  type BlockCourtsContext,
  type BlockState,
  type LiftBlock,
} from '@platzbuchung/domain/blocks/blocks';
import type { BlockEvent } from '@platzbuchung/domain/blocks/events';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import type { Club } from '@platzbuchung/domain/types';
import { findClub } from '../accounts/users-store';
import type { Db } from '../db/connect';
import { foldStream, type Clock, type CommandDefinition } from './definition';
import { clubNow } from '@platzbuchung/domain/club-time';
import { upcomingReservations } from './reservations';
import { withCharges } from '@platzbuchung/domain/billing/charged';
import type { MoneyContext } from '@platzbuchung/domain/billing/charges';
import type { AccountEvent } from '@platzbuchung/domain/money/account-events';
import { loadMoneyContext } from '../money/money-context';

const loadBlock = (trx: Knex.Transaction, streamId: string) =>
  foldStream<BlockState, EventEnvelope<BlockEvent>>(trx, 'block', streamId, initialBlockState, evolveBlock);

async function blockContext(
  trx: Knex.Transaction,
  club: Club,
  command: Pick<BlockCourts, 'court_nums'>,
  now: LocalMoment,
): Promise<BlockCourtsContext> {
  return { club, existing: await upcomingReservations(trx, club._id, now.date, command.court_nums) };
}

/** A block's context with what the bookings it may cancel have been charged: those are credited. */
async function chargedBlockContext(
  trx: Knex.Transaction,
  club: Club,
  command: BlockCourts,
  now: LocalMoment,
): Promise<BlockCourtsContext & { money: MoneyContext }> {
  const context = await blockContext(trx, club, command, now);
  const ids = context.existing.map((booking) => booking._id);
  return { ...context, money: await loadMoneyContext(trx, club._id, [], ids) };
}

export const blockCourtsCommand: CommandDefinition<
  BlockCourts,
  BlockState,
  BlockCourtsContext & { money: MoneyContext },
  BlockEvent | ReservationEvent | AccountEvent
> = {
  streamType: 'block',
  streamId: (command) => command.block_id,
  loadState: loadBlock,
  loadContext: chargedBlockContext,
  decide: withCharges(blockCourts, {
    before: (_state, context) => (id) => context.existing.find((booking) => booking._id === id) ?? null,
  }),
};

export const liftBlockCommand: CommandDefinition<LiftBlock, BlockState, Club, BlockEvent> = {
  streamType: 'block',
  streamId: (command) => command.block_id,
  loadState: loadBlock,
  loadContext: async (_trx, club) => club,
  decide: (command, state, club) => liftBlock(command, state, club),
};

/**
 * What a block would cancel, without writing anything: the admin sees it before confirming.
 * Undefined when the club does not exist.
 */
export async function previewBlock(db: Db, clubId: string, command: BlockCourts, clock: Clock) {
  return db.transaction(async (trx) => {
    const club = await findClub(trx, clubId);
    if (!club) return undefined;
    const now = clubNow(club.time_zone, clock.now);
    const context = await blockContext(trx, club, command, now);
    const decision = blockCourts(command, initialBlockState, context, now);
    if (!decision.ok) return decision;
    return { ok: true as const, affected: affectedByBlock(command, context.existing, now.date) };
  });
}
