/** Waitlist commands for the generic handler (./handle): the stream is one entry. */
import type { Knex } from 'knex';
import type { Block } from '@platzbuchung/domain/blocks/blocks';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import type { WaitlistEvent } from '@platzbuchung/domain/waitlist/events';
import {
  evolveWaitlist,
  initialWaitlistState,
  joinWaitlist,
  leaveWaitlist,
  type JoinWaitlist,
  type JoinWaitlistContext,
  type LeaveWaitlist,
  type WaitlistHour,
  type WaitlistState,
} from '@platzbuchung/domain/waitlist/waitlist';
import { blocksFromQuery, toBlock, type BlockRow } from '../projections/blocks';
import { entriesToCome } from '../projections/waitlist';
import { foldStream, type CommandDefinition } from './definition';
import { upcomingReservations } from './reservations';

const loadEntry = (trx: Knex, streamId: string) =>
  foldStream<WaitlistState, EventEnvelope<WaitlistEvent>>(
    trx,
    'waitlist',
    streamId,
    initialWaitlistState,
    evolveWaitlist,
  );

/** What holds one court of the club from today on: its bookings and its blocks (read models). */
export async function whatHolds(
  db: Knex,
  clubId: string,
  courtNum: string,
  today: string,
): Promise<{ existing: Reservation[]; blocks: Block[] }> {
  // One after the other: inside a transaction both share one connection.
  const existing = await upcomingReservations(db, clubId, today, [courtNum]);
  const blocks: BlockRow[] = await blocksFromQuery(db, clubId, `${today}T00:00`);
  return { existing, blocks: blocks.map(toBlock) };
}

async function joinContext(
  trx: Knex,
  club: Club,
  command: JoinWaitlist,
  now: LocalMoment,
): Promise<JoinWaitlistContext> {
  const holds = await whatHolds(trx, club._id, command.court_num, now.date);
  const ownEntries: WaitlistHour[] = await entriesToCome(trx, club._id, now, command.actor.user_id);
  return { club, ...holds, ownEntries };
}

export const joinWaitlistCommand: CommandDefinition<
  JoinWaitlist,
  WaitlistState,
  JoinWaitlistContext,
  WaitlistEvent
> = {
  streamType: 'waitlist',
  streamId: (command) => command.entry_id,
  loadState: loadEntry,
  loadContext: joinContext,
  decide: joinWaitlist,
};

export const leaveWaitlistCommand: CommandDefinition<LeaveWaitlist, WaitlistState, Club, WaitlistEvent> = {
  streamType: 'waitlist',
  streamId: (command) => command.entry_id,
  loadState: loadEntry,
  loadContext: async (_trx, club) => club,
  decide: (command, state, club) => leaveWaitlist(command, state, club),
};
