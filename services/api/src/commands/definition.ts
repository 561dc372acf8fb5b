/**
 * What a kind of command tells the one handler (docs/architecture/commands.md):
 * its stream, how to load the stream's state and the decider's context, the decider, and, for
 * commands decided together, how to batch them. The handler (./handle) is the same for all.
 */
import type { Knex } from 'knex';
import type { Actor, Decision, Refusal } from '@platzbuchung/domain/decider';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import type { DomainEvent, EventEnvelope, StreamType } from '@platzbuchung/domain/events/catalogue';
import type { Club } from '@platzbuchung/domain/types';
import { readStream } from '../events/store';

export type CommandResult = { ok: true; events: EventEnvelope[] } | { ok: false; error: Refusal };

/** The instant a command runs at; each club reads it on its own wall (its `time_zone`). */
export interface Clock {
  now: Date;
}

/** The clock a command runs by: the app's "now", read when the request asks. */
export function commandClock(deps: { clock: () => Date }): () => Clock {
  return () => ({ now: deps.clock() });
}

/**
 * A stream's state for the decider, and how many events the stream holds when loading it told so
 * (a folded stream). Otherwise the store reads the version when it appends (events/store).
 */
export interface LoadedState<S> {
  state: S;
  version?: number;
}

/**
 * How several commands of one definition are decided in one transaction. Only for commands that
 * start new streams (their state needs no read), so what one accepted command changes for the
 * next is all in the context.
 */
export interface BatchDefinition<C, Ctx, E extends DomainEvent> {
  /**
   * For each club's batch, one context serving every command of it (what each would load,
   * together): several clubs' in one go, for a group commit.
   */
  loadContexts(
    db: Knex,
    batches: readonly { club: Club; commands: readonly C[]; now: LocalMoment }[],
  ): Promise<Ctx[]>;
  /** The context after an accepted command's events, for the commands decided after it. */
  absorb(context: Ctx, events: readonly E[]): Ctx;
}

/** Everything `handleCommand` needs to know about one kind of command. */
export interface CommandDefinition<C extends { actor: Actor }, S, Ctx, E extends DomainEvent> {
  streamType: StreamType;
  streamId(command: C): string;
  loadState(db: Knex, streamId: string, club: Club): Promise<LoadedState<S>>;
  /** What the decider needs beyond the stream: other streams' read models, the club's admins … */
  loadContext(db: Knex, club: Club, command: C, now: LocalMoment): Promise<Ctx>;
  decide(command: C, state: S, context: Ctx, now: LocalMoment): Decision<E>;
  batch?: BatchDefinition<C, Ctx, E>;
  /**
   * What an accepted command writes beside its events, in their transaction: what no event may
   * hold, such as a guest's name (docs/privacy-erasure.md).
   */
  afterAppend?(
    trx: Knex.Transaction,
    club: Club,
    command: C,
    events: readonly EventEnvelope[],
  ): Promise<void>;
}

/** An event-sourced stream's state: its events folded from `initial`. */
export async function foldStream<S, E extends DomainEvent>(
  db: Knex,
  streamType: StreamType,
  streamId: string,
  initial: S,
  evolve: (state: S, event: E) => S,
): Promise<LoadedState<S>> {
  const events = await readStream(db, streamType, streamId);
  return { state: (events as unknown as E[]).reduce(evolve, initial), version: events.length };
}
