/**
 * A club's queue of batchable commands of one definition in this process: while a batch of the
 * club runs, the next commands wait here and then run as the next batch.
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
    while (this.waiting.length) await this.run(this.waiting.splice(0, MAX_BATCH), this);
    this.running = false;
    this.idle();
  }
}
