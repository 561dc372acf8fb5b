/**
 * Decide and append: each club's commands decided under its lock, each on the context the ones
 * accepted before it left, then every club's accepted events appended by one statement and
 * projected (docs/architecture/commands.md).
 */
import type { Knex } from 'knex';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import type { Actor, Decision } from '@platzbuchung/domain/decider';
import type { DomainEvent, StreamType } from '@platzbuchung/domain/events/catalogue';
import type { Club } from '@platzbuchung/domain/types';
import { appendForClubs, streamKey, versionEvents, type StampedEvent } from '../events/store';
import { insertsWithAppend, project } from '../projections/registry';
import type { Clock, CommandDefinition, CommandResult } from './definition';

/** One command waiting for its answer. */
export interface Queued<C> {
  command: C;
  clock: Clock;
  settle(result: CommandResult | undefined): void;
  fail(error: unknown): void;
}

export interface Decided<C, E extends DomainEvent> {
  item: Queued<C>;
  decision: Decision<E>;
  version: number | undefined;
}

export const isConflict = (decision: Decision<DomainEvent>) =>
  !decision.ok && decision.error.kind === 'conflict';

/** A batch's moment on its club's wall: the earliest of its commands', which covers the later ones. */
function batchMoment(club: Club, items: readonly Queued<unknown>[]): LocalMoment {
  const earliest = Math.min(...items.map((item) => item.clock.now.getTime()));
  return clubNow(club.time_zone, new Date(earliest));
}

/** One context for the given commands: a single command's own, or the batch's for several. */
async function contextFor<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Knex,
  club: Club,
  definition: CommandDefinition<C, S, Ctx, E>,
  items: readonly Queued<C>[],
): Promise<Ctx> {
  const [first] = items;
  if (items.length === 1) {
    return definition.loadContext(db, club, first!.command, clubNow(club.time_zone, first!.clock.now));
  }
  if (!definition.batch) throw new Error('Only commands with a batch definition are decided together');
  const commands = items.map((item) => item.command);
  const [context] = await definition.batch.loadContexts(db, [
    { club, commands, now: batchMoment(club, items) },
  ]);
  return context!;
}

/**
 * The decider's answer for each command on the club as `db` sees it, in order. With `carry`, each
 * accepted command's events are part of the context the next one is decided on (under the lock);
 * without, every command is decided on what is committed alone. `loaded` is the context when the
 * caller has read it already.
 */
export async function decideAll<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Knex,
  club: Club,
  definition: CommandDefinition<C, S, Ctx, E>,
  items: readonly Queued<C>[],
  carry: boolean,
  loaded?: Ctx,
): Promise<Decided<C, E>[]> {
  let context: Ctx = loaded ?? (await contextFor(db, club, definition, items));
  const decided: Decided<C, E>[] = [];
  for (const item of items) {
    const { state, version } = await definition.loadState(db, definition.streamId(item.command), club);
    const decision = definition.decide(item.command, state, context, clubNow(club.time_zone, item.clock.now));
    if (carry && decision.ok && definition.batch) context = definition.batch.absorb(context, decision.events);
    decided.push({ item, decision, version });
  }
  return decided;
}

/** The accepted commands' events, numbered in their streams and stamped with who and when. */
async function stamped<C extends { actor: Actor }, E extends DomainEvent>(
  trx: Knex.Transaction,
  definition: { streamType: StreamType; streamId(command: C): string },
  accepted: readonly Decided<C, E>[],
): Promise<StampedEvent[]> {
  const known = new Map<string, number>();
  for (const { item, version } of accepted) {
    if (version !== undefined)
      known.set(streamKey(definition.streamType, definition.streamId(item.command)), version);
  }
  const owned = accepted.flatMap(({ item, decision }) =>
    (decision.ok ? decision.events : []).map((event) => ({ item, event })),
  );
  const versioned = await versionEvents(
    trx,
    owned.map(({ event }) => event),
    known,
  );
  return versioned.map((event, index) => {
    const { item } = owned[index]!;
    return { ...event, actor_id: item.command.actor.user_id, occurred_at: item.clock.now };
  });
}

/**
 * Decides each club's commands under its lock (held by the caller), each seeing the ones accepted
 * before it, then appends every club's accepted events in one statement and projects them. Each
 * command's result, in order; nothing is answered here, since the answers wait for the commit.
 */
export async function decideAndAppend<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  trx: Knex.Transaction,
  definition: CommandDefinition<C, S, Ctx, E>,
  clubs: readonly { club: Club; items: readonly Queued<C>[] }[],
): Promise<[Queued<C>, CommandResult][]> {
  // Several clubs' contexts in one round trip, where the definition can read them so.
  const contexts =
    clubs.length > 1 && definition.batch
      ? await definition.batch.loadContexts(
          trx,
          clubs.map(({ club, items }) => ({
            club,
            commands: items.map((item) => item.command),
            now: batchMoment(club, items),
          })),
        )
      : undefined;
  const parts = [];
  for (const [index, { club, items }] of clubs.entries()) {
    const decided = await decideAll(trx, club, definition, items, true, contexts?.[index]);
    const accepted = decided.filter(({ decision }) => decision.ok);
    parts.push({ clubId: club._id, decided, events: await stamped(trx, definition, accepted) });
  }
  const { inserts, done } = insertsWithAppend(parts.flatMap(({ events }) => events));
  const stored = await appendForClubs(trx, parts, inserts);
  await project(trx, stored.flat(), done);
  const outcomes: [Queued<C>, CommandResult][] = [];
  for (const [part, { decided }] of parts.entries()) {
    let next = 0;
    for (const { item, decision } of decided) {
      const count = decision.ok ? decision.events.length : 0;
      const events = stored[part]!.slice(next, next + count);
      if (decision.ok) await definition.afterAppend?.(trx, clubs[part]!.club, item.command, events);
      outcomes.push([item, decision.ok ? { ok: true, events } : decision]);
      next += count;
    }
  }
  return outcomes;
}
