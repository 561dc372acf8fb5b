/**
 * The one way a command runs (docs/architecture.md, "The path of a command"): lock the club, load
 * the stream's state and what the decider needs besides, decide, append, project, commit. Every
 * command of every stream type goes through `handleCommand`; what differs is its definition.
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
import { CLUB_SELECT_LIST, toClub, type ClubRow } from '../accounts/users-store';
import type { Db } from '../db/connect';
import { appendVersioned, readStream, versionEvents } from '../events/store';
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

/** Everything `handleCommand` needs to know about one kind of command. */
export interface CommandDefinition<C extends { actor: Actor }, S, Ctx, E extends DomainEvent> {
  streamType: StreamType;
  streamId(command: C): string;
  loadState(trx: Knex.Transaction, streamId: string, club: Club): Promise<LoadedState<S>>;
  /** What the decider needs beyond the stream: other streams' read models, the club's admins … */
  loadContext(trx: Knex.Transaction, club: Club, command: C, now: LocalMoment): Promise<Ctx>;
  decide(command: C, state: S, context: Ctx, now: LocalMoment): Decision<E>;
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
  trx: Knex.Transaction,
  streamType: StreamType,
  streamId: string,
  initial: S,
  evolve: (state: S, event: E) => S,
): Promise<LoadedState<S>> {
  const events = await readStream(trx, streamType, streamId);
  return { state: (events as unknown as E[]).reduce(evolve, initial), version: events.length };
}

/**
 * The club's lock and then the club's row, in one round trip: two statements in one simple query,
 * so the row is read with a snapshot taken after the lock (READ COMMITTED takes one per statement).
 * `wait: false` only tries the lock; the row is read either way.
 */
async function lockAndReadClub(
  trx: Knex.Transaction,
  clubId: string,
  wait: boolean,
): Promise<{ locked: boolean; club: Club | undefined }> {
  const connection = await connectionOf(trx);
  const key = connection.escapeLiteral(`club:${clubId}`);
  const lock = wait
    ? `SELECT true AS locked FROM pg_advisory_xact_lock(hashtextextended(${key}, 0))`
    : `SELECT pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) AS locked`;
  const results = (await connection.query(
    `${lock}; SELECT ${CLUB_SELECT_LIST} FROM clubs WHERE id = ${connection.escapeLiteral(clubId)}`,
  )) as unknown as [{ rows: [{ locked: boolean }] }, { rows: ClubRow[] }];
  const row = results[1].rows[0];
  return { locked: results[0].rows[0].locked, club: row && toClub(row) };
}

/** The decider's answer on the club as it stands; under the lock unless the caller decided otherwise. */
async function decideOn<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  trx: Knex.Transaction,
  club: Club,
  definition: CommandDefinition<C, S, Ctx, E>,
  command: C,
  now: LocalMoment,
): Promise<{ decision: Decision<E>; version: number | undefined }> {
  const { state, version } = await definition.loadState(trx, definition.streamId(command), club);
  const context = await definition.loadContext(trx, club, command, now);
  return { decision: definition.decide(command, state, context, now), version };
}

/**
 * Runs one command; undefined when the club does not exist. A refusal writes nothing.
 *
 * When another command of the club holds its lock (a rush of bookings when the booking window
 * opens), the command is decided once on what is committed before it queues: a conflict seen then
 * was a real booking or block at that moment, so that refusal stands and the request never waits
 * for the lock. Anything else is decided again under the lock (docs/architecture.md).
 */
export async function handleCommand<C extends { actor: Actor }, S, Ctx, E extends DomainEvent>(
  db: Db,
  clubId: string,
  definition: CommandDefinition<C, S, Ctx, E>,
  command: C,
  clock: Clock,
): Promise<CommandResult | undefined> {
  return db.transaction(async (trx) => {
    const tried = await lockAndReadClub(trx, clubId, false);
    let club = tried.club;
    if (!club) return undefined;
    if (!tried.locked) {
      const early = await decideOn(trx, club, definition, command, clubNow(club.time_zone, clock.now));
      if (!early.decision.ok && early.decision.error.kind === 'conflict') return early.decision;
      ({ club } = await lockAndReadClub(trx, clubId, true));
      if (!club) return undefined;
    }
    const now = clubNow(club.time_zone, clock.now);
    const { decision, version } = await decideOn(trx, club, definition, command, now);
    if (!decision.ok) return decision;
    const streamId = definition.streamId(command);
    const known = new Map(version === undefined ? [] : [[streamId, version]]);
    const versioned = await versionEvents(trx, decision.events, known);
    const { inserts, done } = insertsWithAppend(versioned);
    const meta = { club_id: club._id, actor_id: command.actor.user_id, occurred_at: clock.now };
    const stored = await appendVersioned(trx, versioned, meta, inserts);
    await project(trx, stored, done);
    return { ok: true, events: stored };
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
