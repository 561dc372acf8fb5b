/**
 * The projection registry (docs/architecture/read-models.md, "Projections"): every read model the log feeds,
 * with the event types it handles and the tables it owns. The appending transaction applies each
 * new event to the projections that handle it; rebuild and verify iterate the same list, so a new
 * read model is one entry here and nothing else hard-codes a table.
 */
import { reservationPlayersProjection } from './reservation-players';
import type { Knex } from 'knex';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { Db } from '../db/connect';
import { blocksProjection } from './blocks';
import { clubSettingsProjection, memberRolesProjection, memberStatusesProjection } from './club-rows';
import { reservationsProjection } from './reservations';
import { waitlistProjection } from './waitlist';
import { accountBalancesProjection } from './account-balances';
import { statsProjection } from './stats';
import type { Projection, ProjectionDifference, RowsToInsert, VersionedEvent } from './projection';

export type { Projection, ProjectionDifference, RowsToInsert, VersionedEvent } from './projection';

export const projections: readonly Projection[] = [
  reservationsProjection,
  reservationPlayersProjection,
  clubSettingsProjection,
  memberRolesProjection,
  memberStatusesProjection,
  blocksProjection,
  waitlistProjection,
  statsProjection,
  accountBalancesProjection,
];

/**
 * What the projections that handle these events would insert without reading anything, so the
 * append writes it in the same statement (events/store); `done` names them for `project`. Empty
 * when some projection needs a read: the whole projection then runs after the append as usual.
 */
export function insertsWithAppend(events: readonly VersionedEvent[]): {
  inserts: RowsToInsert[];
  done: ReadonlySet<string>;
} {
  const inserts: RowsToInsert[] = [];
  const done = new Set<string>();
  for (const projection of projections) {
    const handled = events.filter(({ event }) => projection.handles.includes(event.type));
    if (!handled.length) continue;
    const rows = projection.rowsWithoutRead?.(handled);
    if (!rows) continue;
    inserts.push(rows);
    done.add(projection.name);
  }
  return { inserts, done };
}

/** Applies appended events to every projection that handles them, except those already `done`. */
export async function project(
  trx: Knex.Transaction,
  events: readonly EventEnvelope[],
  done: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const projection of projections) {
    if (done.has(projection.name)) continue;
    const handled = events.filter((event) => projection.handles.includes(event.type));
    if (handled.length) await projection.apply(trx, handled);
  }
}

/** New events wait while the log is read, so every projection sees one consistent point of it. */
async function holdAppends(trx: Knex.Transaction): Promise<void> {
  await trx.raw('LOCK TABLE events IN SHARE MODE');
}

export interface ProjectionReport {
  name: string;
  rows: number;
  differences: ProjectionDifference[];
}

/** Rebuilds the named projections (all by default) in one transaction. */
export async function rebuildProjections(db: Db, names?: readonly string[]): Promise<ProjectionReport[]> {
  return db.transaction(async (trx) => {
    await holdAppends(trx);
    const reports: ProjectionReport[] = [];
    for (const projection of selected(names)) {
      reports.push({ name: projection.name, rows: await projection.rebuild(trx), differences: [] });
    }
    return reports;
  });
}

export async function verifyProjections(db: Db, names?: readonly string[]): Promise<ProjectionReport[]> {
  return db.transaction(async (trx) => {
    await holdAppends(trx);
    const reports: ProjectionReport[] = [];
    for (const projection of selected(names)) {
      reports.push({ name: projection.name, ...(await projection.verify(trx)) });
    }
    return reports;
  });
}

function selected(names: readonly string[] | undefined): readonly Projection[] {
  if (!names?.length) return projections;
  const unknown = names.filter((name) => !projections.some((p) => p.name === name));
  if (unknown.length) throw new Error(`unknown projection ${unknown.join(', ')}`);
  return projections.filter((p) => names.includes(p.name));
}
