/**
 * One club's batch in a transaction of its own: the lock waited for, and the conflicts seen on what
 * is committed answered before the wait (docs/architecture/commands.md).
 */
import type { Actor } from '@platzbuchung/domain/decider';
import type { DomainEvent } from '@platzbuchung/domain/events/catalogue';
import type { Db } from '../db/connect';
import { lockAndReadClub } from './club-lock';
import type { ClubQueue } from './club-queue';
import { decideAll, decideAndAppend, isConflict, type Queued } from './decide-and-append';
import type { CommandDefinition, CommandResult } from './definition';

/**
 * Runs queued commands of one club in one transaction and answers each; never throws. A refusal
 * writes nothing. A conflict seen on what is committed is answered at once; every other answer
 * waits for the commit, since a refusal under the lock may rest on a command accepted before it.
 *
 * When another transaction holds the club's lock (another process, or an admin's change), the
 * commands are decided once on what is committed before they wait: a conflict seen then was a real
 * booking or block at that moment, so that refusal stands and is answered without waiting for the
 * lock. Anything else is decided again under the lock (docs/architecture/commands.md).
 */
export async function runBatch<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Db,
  clubId: string,
  definition: CommandDefinition<C, S, Ctx, E>,
  items: readonly Queued<C>[],
  queue?: ClubQueue<C>,
): Promise<void> {
  const open = new Set(items);
  const answer = (item: Queued<C>, result: CommandResult | undefined) => {
    open.delete(item);
    item.settle(result);
  };
  const outcomes: [Queued<C>, CommandResult][] = [];
  try {
    await db.transaction(async (trx) => {
      const tried = await lockAndReadClub(trx, clubId, false);
      let club = tried.club;
      if (club && !tried.locked) {
        if (queue) queue.lockHeldElsewhere = true;
        // The commands queued behind this batch meanwhile are decided early too.
        const behind = queue ? [...queue.waiting] : [];
        for (const { item, decision } of await decideAll(
          trx,
          club,
          definition,
          [...open, ...behind],
          false,
        )) {
          if (!isConflict(decision)) continue;
          if (open.has(item)) answer(item, decision as CommandResult);
          else queue?.answerEarly(item, decision as CommandResult);
        }
        if (!open.size) return;
        ({ club } = await lockAndReadClub(trx, clubId, true));
        if (queue) queue.lockHeldElsewhere = false;
      }
      if (!club) {
        for (const item of open) answer(item, undefined);
        return;
      }
      outcomes.push(...(await decideAndAppend(trx, definition, [{ club, items: [...open] }])));
    });
  } catch (error) {
    // One command's failure must not become the others': each unanswered one runs again alone.
    // Never twice written: a command keeps the stream ids chosen for it, so should the failed
    // commit have gone through after all, its run again finds its own booking (a conflict) or its
    // stream's version taken, and is refused.
    if (open.size === 1) for (const item of open) item.fail(error);
    else for (const item of open) await runBatch(db, clubId, definition, [item]);
    return;
  } finally {
    if (queue) queue.lockHeldElsewhere = false;
  }
  for (const [item, result] of outcomes) answer(item, result);
}
