/**
 * The one way a command runs (docs/architecture.md, "The path of a command"): lock the club, load
 * the stream's state and what the decider needs besides, decide, append, project, commit. Every
 * command of every stream type goes through `handleCommand`; what differs is its definition.
 *
 * Commands whose definition says how (`batch`) are decided together: while one transaction of a
 * club's bookings runs in this process, the next ones queue, and the queue then runs as one
 * transaction under one lock, decided one after another, appended by one statement, committed
 * once. A rush of bookings when a club's booking window opens thus costs a few lock hand-overs,
 * not one per booking. Small batches of different clubs share a transaction too (group commit,
 * `GroupCommit`): one BEGIN, lock statement, append and COMMIT for all of them.
 */
import type { Knex } from 'knex';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import type { DomainEvent, EventEnvelope, StreamType } from '@platzbuchung/domain/events/catalogue';
import type {
  Actor,
  Decision,
  ReservationError,
  ReservationErrorKind,
} from '@platzbuchung/domain/reservations/decision';
import { texts } from '@platzbuchung/domain/texts';
import type { Club } from '@platzbuchung/domain/types';
import { CLUB_SELECT_LIST, findClub, toClub, type ClubRow } from '../accounts/users-store';
import type { Db } from '../db/connect';
import { appendForClubs, readStream, versionEvents, type StampedEvent } from '../events/store';
import { HttpError, notFound } from '../http/errors';
import { connectionOf } from '../projections/copy-text';
import { insertsWithAppend, project } from '../projections/registry';

export type CommandResult = { ok: true; events: EventEnvelope[] } | { ok: false; error: ReservationError };

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
}

/**
 * Serialises every command of a club across every API process. Transaction-scoped, so it is
 * released by commit or rollback whatever happens. Other clubs are not held up.
 */
export async function lockClub(trx: Knex.Transaction, clubId: string): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, [`club:${clubId}`]);
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

/**
 * The given clubs' locks and then their rows, in one round trip: two statements in one simple
 * query, so the rows are read with a snapshot taken after the locks (READ COMMITTED takes one per
 * statement). `wait: false` only tries each lock: one held elsewhere is reported, never waited
 * for, so several can be taken at once (a group commit's) without deadlock. Waiting is for one
 * club at a time. The rows are read either way.
 */
async function lockAndReadClubs(
  trx: Knex.Transaction,
  clubIds: readonly string[],
  wait: boolean,
): Promise<Map<string, { locked: boolean; club: Club | undefined }>> {
  if (wait && clubIds.length > 1) throw new Error('Waiting for several clubs’ locks could deadlock');
  const connection = await connectionOf(trx);
  const keys = clubIds.map((id) => connection.escapeLiteral(`club:${id}`)).join(', ');
  const ids = clubIds.map((id) => connection.escapeLiteral(id)).join(', ');
  const lock = wait
    ? '(SELECT true FROM pg_advisory_xact_lock(hashtextextended(key, 0)))'
    : 'pg_try_advisory_xact_lock(hashtextextended(key, 0))';
  const results = (await connection.query(
    `SELECT ${lock} AS locked FROM unnest(ARRAY[${keys}]::text[]) WITH ORDINALITY AS k(key, n) ORDER BY n;
     SELECT ${CLUB_SELECT_LIST} FROM clubs WHERE id = ANY(ARRAY[${ids}]::uuid[])`,
  )) as unknown as [{ rows: { locked: boolean }[] }, { rows: ClubRow[] }];
  const clubs = new Map(results[1].rows.map((row) => [row.id, toClub(row)]));
  return new Map(
    clubIds.map((id, index) => [
      id,
      // The rows spell their ids in lower case, as PostgreSQL prints a uuid.
      { locked: results[0].rows[index]!.locked, club: clubs.get(id.toLowerCase()) },
    ]),
  );
}

/** One club's lock and row (see `lockAndReadClubs`). */
async function lockAndReadClub(trx: Knex.Transaction, clubId: string, wait: boolean) {
  return (await lockAndReadClubs(trx, [clubId], wait)).get(clubId)!;
}

/** One command waiting for its answer. */
interface Queued<C> {
  command: C;
  clock: Clock;
  settle(result: CommandResult | undefined): void;
  fail(error: unknown): void;
}

interface Decided<C, E extends DomainEvent> {
  item: Queued<C>;
  decision: Decision<E>;
  version: number | undefined;
}

const isConflict = (decision: Decision<DomainEvent>) => !decision.ok && decision.error.kind === 'conflict';

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
async function decideAll<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
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
  definition: { streamId(command: C): string },
  accepted: readonly Decided<C, E>[],
): Promise<StampedEvent[]> {
  const known = new Map<string, number>();
  for (const { item, version } of accepted) {
    if (version !== undefined) known.set(definition.streamId(item.command), version);
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
async function decideAndAppend<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
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
  parts.forEach(({ decided }, part) => {
    let next = 0;
    for (const { item, decision } of decided) {
      const count = decision.ok ? decision.events.length : 0;
      const events = stored[part]!.slice(next, next + count);
      outcomes.push([item, decision.ok ? { ok: true, events } : decision]);
      next += count;
    }
  });
  return outcomes;
}

/**
 * Runs queued commands of one club in one transaction and answers each; never throws. A refusal
 * writes nothing. A conflict seen on what is committed is answered at once; every other answer
 * waits for the commit, since a refusal under the lock may rest on a command accepted before it.
 *
 * When another transaction holds the club's lock (another process, or an admin's change), the
 * commands are decided once on what is committed before they wait: a conflict seen then was a real
 * booking or block at that moment, so that refusal stands and is answered without waiting for the
 * lock. Anything else is decided again under the lock (docs/architecture.md).
 */
async function runBatch<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
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

/** Largest number of commands decided in one transaction, so one batch never holds a club for long. */
const MAX_BATCH = 200;

/** Group transactions of one definition running at once in a process (`GroupCommit`). */
const GROUPS_AT_ONCE = 2;

/**
 * A club's batch of this many commands or more runs in a transaction of its own: it is a rush on
 * that club, which shares its lock hand-overs within itself and should not make other clubs wait.
 */
const ALONE_FROM = 20;

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
async function runGroup<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
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
class GroupCommit<C> {
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

/** A club's batchable commands of one definition waiting in this process, and whether a batch runs. */
class ClubQueue<C> {
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

const STATUS_OF: Record<ReservationErrorKind, number> = {
  conflict: 409,
  limit: 409,
  past: 400,
  forbidden: 403,
  not_found: 404,
  invalid: 400,
};

/** A decider's refusal as the HTTP answer: its status and its German text. */
export function refusal(error: ReservationError): HttpError {
  return new HttpError(STATUS_OF[error.kind], error.message);
}

/** The stored events of an accepted command; a refusal or a missing club becomes its HTTP answer. */
export function eventsOrThrow(result: CommandResult | undefined): EventEnvelope[] {
  if (!result) throw notFound(texts.clubNotFound);
  if (!result.ok) throw refusal(result.error);
  return result.events;
}
