/**
 * A club's queue of batchable commands of one definition in this process: while a batch of the
 * club runs, the next commands wait here and then run as the next batch. Before that next batch,
 * what is committed by then may refuse some of them already (docs/architecture/commands.md,
 * "Refusals without the lock"): those are answered at once and the batch runs without them.
 */
import type { CommandResult } from './definition';
import type { Queued } from './decide-and-append';

/** Largest number of commands decided in one transaction, so one batch never holds a club for long. */
export const MAX_BATCH = 200;

/** A club's batchable commands of one definition waiting in this process, and whether a batch runs. */
export class ClubQueue<C> {
  readonly waiting: Queued<C>[] = [];
  private running = false;
  /** Whether the running batch found the club's lock held by another process or transaction. */
  lockHeldElsewhere = false;

  constructor(
    private readonly run: (items: readonly Queued<C>[], queue: ClubQueue<C>) => Promise<void>,
    private readonly idle: () => void,
    /** Answers those of `items` that what is committed refuses now (`answerEarly`); may fail. */
    private readonly refuseEarly: (items: readonly Queued<C>[], queue: ClubQueue<C>) => Promise<void>,
  ) {}

  /** A queued command refused before its batch: taken out of the queue and answered. */
  answerEarly(item: Queued<C>, result: CommandResult): void {
    const index = this.waiting.indexOf(item);
    if (index < 0) return;
    this.waiting.splice(index, 1);
    item.settle(result);
  }

  add(item: Queued<C>): void {
    this.waiting.push(item);
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    let behindABatch = false;
    while (this.waiting.length) {
      // Queued while a batch ran: that batch's commit may have decided them. A command that came to
      // an idle queue runs at once instead, and pays no extra round trip.
      if (behindABatch) await this.refuseEarly([...this.waiting], this).catch(() => undefined);
      const batch = this.waiting.splice(0, MAX_BATCH);
      if (batch.length) await this.run(batch, this);
      behindABatch = true;
    }
    this.running = false;
    this.idle();
  }
}
