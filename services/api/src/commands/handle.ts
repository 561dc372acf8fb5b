/**
 * The one way a command runs (docs/architecture/commands.md): lock the club, load
 * the stream's state and what the decider needs besides, decide, append, project, commit. Every
 * command of every stream type goes through `handleCommand`; what differs is its definition
 * (./definition).
 *
 * Commands whose definition says how (`batch`) are decided together: while one transaction of a
 * club's bookings runs in this process, the next ones queue (./club-queue), and the queue then runs
 * as one transaction under one lock (./run-batch), decided one after another, appended by one
 * statement, committed once (./decide-and-append). A rush of bookings when a club's booking window
 * opens thus costs a few lock hand-overs, not one per booking. Small batches of different clubs
 * share a transaction too (./group-commit): one BEGIN, lock statement, append and COMMIT for all.
 * This file routes each command to its queue and answers early what is already refused.
 */
import type { Actor, Decision } from '@platzbuchung/domain/decider';
import type { DomainEvent } from '@platzbuchung/domain/events/catalogue';
import { findClub } from '../accounts/users-store';
import type { Db } from '../db/connect';
import { ClubQueue } from './club-queue';
import { decideAll, isConflict, type Queued } from './decide-and-append';
import type { Clock, CommandDefinition, CommandResult } from './definition';
import { GroupCommit, runGroup } from './group-commit';
import { runBatch } from './run-batch';

/**
 * A club's batch of this many commands or more runs in a transaction of its own: it is a rush on
 * that club, which shares its lock hand-overs within itself and should not make other clubs wait.
 */
const ALONE_FROM = 20;

// Per database handle, per definition, per club; a queue lives only while it has work.
const queues = new WeakMap<Db, Map<object, Map<string, ClubQueue<unknown>>>>();

// Per database handle, per definition: the group commit its clubs' queues share.
const groups = new WeakMap<Db, Map<object, GroupCommit<unknown>>>();

function groupOf<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Db,
  definition: CommandDefinition<C, S, Ctx, E>,
): GroupCommit<C> {
  let byDefinition = groups.get(db);
  if (!byDefinition) groups.set(db, (byDefinition = new Map()));
  let group = byDefinition.get(definition) as GroupCommit<C> | undefined;
  if (!group) {
    group = new GroupCommit<C>((batches) => runGroup(db, definition, batches));
    byDefinition.set(definition, group as GroupCommit<unknown>);
  }
  return group;
}

function queueOf<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Db,
  clubId: string,
  definition: CommandDefinition<C, S, Ctx, E>,
): ClubQueue<C> {
  let byDefinition = queues.get(db);
  if (!byDefinition) queues.set(db, (byDefinition = new Map()));
  let byClub = byDefinition.get(definition);
  if (!byClub) byDefinition.set(definition, (byClub = new Map()));
  let queue = byClub.get(clubId) as ClubQueue<C> | undefined;
  if (!queue) {
    const clubs = byClub;
    const group = groupOf(db, definition);
    const created: ClubQueue<C> = new ClubQueue<C>(
      (items, queue) =>
        items.length >= ALONE_FROM
          ? runBatch(db, clubId, definition, items, queue)
          : group.submit(clubId, items, queue),
      () => {
        if (clubs.get(clubId) === created) clubs.delete(clubId);
      },
    );
    clubs.set(clubId, created as ClubQueue<unknown>);
    queue = created;
  }
  return queue;
}

/** How many commands of the club wait in this process for the next batch (tests watch it). */
export function queuedCommands(db: Db, clubId: string): number {
  let count = 0;
  for (const byClub of queues.get(db)?.values() ?? []) count += byClub.get(clubId)?.waiting.length ?? 0;
  for (const group of groups.get(db)?.values() ?? []) count += group.readyCommands(clubId);
  return count;
}

/**
 * A command about to queue behind a batch that waits for the lock, decided once on what is
 * committed, outside any transaction: a conflict seen then was real, so the refusal need not wait.
 * Undefined when the club does not exist.
 */
async function decideOnCommitted<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Db,
  clubId: string,
  definition: CommandDefinition<C, S, Ctx, E>,
  item: Queued<C>,
): Promise<Decision<E> | undefined> {
  const club = await findClub(db, clubId);
  if (!club) return undefined;
  const [decided] = await decideAll(db, club, definition, [item], false);
  return decided!.decision;
}

/** Runs one command; undefined when the club does not exist. A refusal writes nothing. */
export async function handleCommand<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Db,
  clubId: string,
  definition: CommandDefinition<C, S, Ctx, E>,
  command: C,
  clock: Clock,
): Promise<CommandResult | undefined> {
  return new Promise((settle, fail) => {
    const item: Queued<C> = { command, clock, settle, fail };
    if (!definition.batch) {
      void runBatch(db, clubId, definition, [item]);
      return;
    }
    const queue = queueOf(db, clubId, definition);
    if (!queue.lockHeldElsewhere) {
      queue.add(item);
      return;
    }
    // The batch ahead waits for a lock held elsewhere: a conflict already committed is answered
    // without waiting for it. (Behind a batch of this process, the command is decided in the next
    // batch at no cost of its own; one that waits for the lock decides its queue early as well.)
    void decideOnCommitted(db, clubId, definition, item).then((early) => {
      if (early === undefined) settle(undefined);
      else if (isConflict(early)) settle(early as CommandResult);
      else queueOf(db, clubId, definition).add(item);
    }, fail);
  });
}
