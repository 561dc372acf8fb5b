/**
 * Group commit: small batches of different clubs share one transaction (docs/architecture/commands.md,
 * "Clubs' batches share a transaction").
 */
import type { Actor } from '@platzbuchung/domain/decider';
import type { DomainEvent } from '@platzbuchung/domain/events/catalogue';
import type { Db } from '../db/connect';
import { lockAndReadClubs } from './club-lock';
import { MAX_BATCH, type ClubQueue } from './club-queue';
import { decideAndAppend, type Queued } from './decide-and-append';
import type { CommandDefinition, CommandResult } from './definition';
import { runBatch } from './run-batch';

/** Group transactions of one definition running at once in a process (`GroupCommit`). */
const GROUPS_AT_ONCE = 2;

/** A club's batch waiting for the next group transaction, and how its queue learns it has run. */
interface ClubBatch<C> {
  clubId: string;
  items: readonly Queued<C>[];
  queue: ClubQueue<C>;
  ran(): void;
}

/**
 * Runs clubs' batches in one transaction (group commit): one BEGIN, one statement trying every
 * club's lock, one append and one COMMIT, where each batch alone pays all four round trips. A
 * club whose lock is held elsewhere runs its batch alone (`runBatch`, which waits for the lock and
 * answers conflicts early) beside the groups after it; a club that does not exist is answered so.
 * Never throws: should the group fail, each of its batches runs again alone, so no club's failure
 * becomes another's.
 */
export async function runGroup<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Db,
  definition: CommandDefinition<C, S, Ctx, E>,
  batches: readonly ClubBatch<C>[],
): Promise<void> {
  // Not waited for: a batch that waits for its club's lock must not hold up the clubs after it.
  const alone = (batch: ClubBatch<C>) =>
    void runBatch(db, batch.clubId, definition, batch.items, batch.queue).then(batch.ran);
  const held: ClubBatch<C>[] = [];
  const missing: ClubBatch<C>[] = [];
  const together: ClubBatch<C>[] = [];
  let outcomes: [Queued<C>, CommandResult][] = [];
  try {
    await db.transaction(async (trx) => {
      const tried = await lockAndReadClubs(
        trx,
        batches.map((batch) => batch.clubId),
        false,
      );
      const clubs = [];
      for (const batch of batches) {
        const { locked, club } = tried.get(batch.clubId)!;
        if (!club) missing.push(batch);
        else if (!locked) held.push(batch);
        else {
          together.push(batch);
          clubs.push({ club, items: batch.items });
        }
      }
      outcomes = await decideAndAppend(trx, definition, clubs);
    });
  } catch {
    // Each batch runs again alone, never written twice (see `runBatch`).
    batches.forEach(alone);
    return;
  }
  for (const [item, result] of outcomes) item.settle(result);
  for (const batch of missing) for (const item of batch.items) item.settle(undefined);
  for (const batch of [...together, ...missing]) batch.ran();
  held.forEach(alone);
}

/**
 * Clubs' batches of one definition in this process: while GROUPS_AT_ONCE group transactions run,
 * the batches that become ready wait, and then run together in the next one (at most MAX_BATCH
 * commands). A batch ready while fewer run starts at once. Two at a time, so that one slow group
 * (a slow statement, a failure that runs its batches again) does not hold up every club.
 */
export class GroupCommit<C> {
  private readonly ready: ClubBatch<C>[] = [];
  private running = 0;

  constructor(private readonly run: (batches: readonly ClubBatch<C>[]) => Promise<void>) {}

  /** Resolves once the batch has run and each of its commands is answered. */
  submit(clubId: string, items: readonly Queued<C>[], queue: ClubQueue<C>): Promise<void> {
    return new Promise((ran) => {
      this.ready.push({ clubId, items, queue, ran });
      this.drain();
    });
  }

  /** How many commands of the club wait here for the next group. */
  readyCommands(clubId: string): number {
    return this.ready.reduce((sum, batch) => sum + (batch.clubId === clubId ? batch.items.length : 0), 0);
  }

  /** Starts the next groups, as many as may run at once. */
  private drain(): void {
    while (this.ready.length && this.running < GROUPS_AT_ONCE) {
      this.running++;
      void this.run(this.nextGroup()).finally(() => {
        this.running--;
        this.drain();
      });
    }
  }

  /** The batches ready first, as many as fit in MAX_BATCH commands, and always at least one. */
  private nextGroup(): ClubBatch<C>[] {
    let count = this.ready[0]!.items.length;
    let taken = 1;
    while (taken < this.ready.length && count + this.ready[taken]!.items.length <= MAX_BATCH) {
      count += this.ready[taken]!.items.length;
      taken++;
    }
    return this.ready.splice(0, taken);
  }
}
