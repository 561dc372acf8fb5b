/**
 * The court blocks that hold: one row per block until it is lifted. Times are club-local wall
 * times (`timestamp` without zone), as the admin entered them.
 */
import type { Knex } from 'knex';
import type { Block } from '@platzbuchung/domain/blocks/blocks';
import { evolveBlock, initialBlockState, type BlockState } from '@platzbuchung/domain/blocks/blocks';
import type { BlockEvent } from '@platzbuchung/domain/blocks/events';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { Db } from '../db/connect';
import type { Projection, ProjectionDifference } from './projection';

/** Wall times leave the database as the strings they went in as, never as a Date in the process's zone. */
export const BLOCK_COLUMNS = [
  'id',
  'club_id',
  'court_nums',
  'reason',
  'version',
  { from: `to_char(starts_at, 'YYYY-MM-DD"T"HH24:MI')` },
  { until: `to_char(ends_at, 'YYYY-MM-DD"T"HH24:MI')` },
  { repeat_until: `to_char(repeat_until, 'YYYY-MM-DD')` },
] as const;

function selectBlocks(db: Knex, table = 'court_blocks') {
  return db(table).select(
    BLOCK_COLUMNS.map((column) =>
      typeof column === 'string'
        ? column
        : db.raw(`${Object.values(column)[0]} AS "${Object.keys(column)[0]}"`),
    ),
  );
}

export interface BlockRow {
  id: string;
  club_id: string;
  court_nums: string[];
  from: string;
  until: string;
  reason: string;
  version: number;
  repeat_until: string | null;
}

/** A block of one time has no `repeat_until` at all, as its event has none. */
export const toBlock = ({ id, version: _version, repeat_until, ...row }: BlockRow): Block => ({
  _id: id,
  ...row,
  ...(repeat_until ? { repeat_until } : {}),
});

function toRow(block: Block, version: number) {
  return {
    id: block._id,
    club_id: block.club_id,
    court_nums: block.court_nums,
    starts_at: block.from,
    ends_at: block.until,
    reason: block.reason,
    version,
    repeat_until: block.repeat_until ?? null,
  };
}

/** Still holding after `moment`: its first time ends later, or a weekly one repeats on or after that day. */
function holdsAfter(query: Knex.QueryBuilder, moment: string | Knex.Raw): void {
  void query.where((q) =>
    q.where('ends_at', '>', moment).orWhereRaw('repeat_until >= (?)::timestamp::date', [moment]),
  );
}

/**
 * The club's blocks that still hold at or after `fromMoment` (club-local `YYYY-MM-DDTHH:00`); either
 * may be an SQL expression, for a statement that reads several clubs' (commands/reservations).
 */
export function blocksFromQuery(
  db: Knex,
  clubId: string | Knex.Raw,
  fromMoment: string | Knex.Raw,
): Knex.QueryBuilder {
  return selectBlocks(db)
    .where('club_id', clubId)
    .andWhere((q) => holdsAfter(q, fromMoment))
    .orderBy('starts_at');
}

/**
 * The club's blocks touching the days `from` to `to`, both inclusive; a weekly block whose
 * repetitions reach into them, whether or not one of its times falls on them (the domain's
 * `blockTimes` says which do).
 */
export async function blocksBetween(db: Db, clubId: string, from: string, to: string): Promise<Block[]> {
  const rows: BlockRow[] = await selectBlocks(db)
    .where('club_id', clubId)
    .andWhere((q) => holdsAfter(q, `${from}T00:00`))
    .andWhere('starts_at', '<', db.raw(`(?::date + 1)::timestamp`, [to]))
    .orderBy('starts_at');
  return rows.map(toBlock);
}

async function applyOne(trx: Knex.Transaction, event: EventEnvelope<BlockEvent>): Promise<void> {
  const row = await selectBlocks(trx).where('id', event.block_id).first();
  const state: BlockState = row ? { status: 'active', block: toBlock(row as BlockRow) } : initialBlockState;
  const next = evolveBlock(state, event);
  if (next.status === 'active') {
    await trx('court_blocks').insert(toRow(next.block, event.version)).onConflict('id').merge();
  } else {
    await trx('court_blocks').where('id', event.block_id).delete();
  }
}

async function foldAll(trx: Knex.Transaction): Promise<Map<string, { block: Block; version: number }>> {
  const { rows } = await trx.raw(
    `SELECT stream_id, version, type, data, club_id FROM events WHERE stream_type = 'block' ORDER BY position`,
  );
  const states = new Map<string, { state: BlockState; version: number }>();
  for (const raw of rows as {
    stream_id: string;
    version: number;
    type: BlockEvent['type'];
    data: never;
    club_id: string;
  }[]) {
    const event = {
      type: raw.type,
      block_id: raw.stream_id,
      data: raw.data,
      club_id: raw.club_id,
    } as BlockEvent & {
      club_id: string;
    };
    const current = states.get(raw.stream_id)?.state ?? initialBlockState;
    states.set(raw.stream_id, { state: evolveBlock(current, event), version: raw.version });
  }
  const active = new Map<string, { block: Block; version: number }>();
  for (const [id, { state, version }] of states)
    if (state.status === 'active') active.set(id, { block: state.block, version });
  return active;
}

async function insertAll(
  trx: Knex.Transaction,
  table: string,
  blocks: Map<string, { block: Block; version: number }>,
) {
  const rows = [...blocks.values()].map(({ block, version }) => toRow(block, version));
  if (rows.length) await trx.batchInsert(table, rows, 1000).transacting(trx);
}

export const blocksProjection: Projection = {
  name: 'court-blocks',
  handles: ['CourtsBlocked', 'BlockLifted'],
  tables: ['court_blocks'],
  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event as EventEnvelope<BlockEvent>);
  },
  async rebuild(trx) {
    const blocks = await foldAll(trx);
    await trx('court_blocks').delete();
    await insertAll(trx, 'court_blocks', blocks);
    return blocks.size;
  },
  async verify(trx) {
    await trx.raw(
      'CREATE TEMP TABLE court_blocks_rebuilt (LIKE court_blocks INCLUDING DEFAULTS) ON COMMIT DROP',
    );
    const blocks = await foldAll(trx);
    await insertAll(trx, 'court_blocks_rebuilt', blocks);
    const { rows: differing } = await trx.raw(`
      WITH live_only AS (SELECT * FROM court_blocks EXCEPT SELECT * FROM court_blocks_rebuilt),
           rebuilt_only AS (SELECT * FROM court_blocks_rebuilt EXCEPT SELECT * FROM court_blocks)
      SELECT coalesce(l.id, r.id) AS id, to_jsonb(l) AS live, to_jsonb(r) AS rebuilt
      FROM live_only l FULL JOIN rebuilt_only r ON l.id = r.id ORDER BY 1`);
    return { rows: blocks.size, differences: differing as ProjectionDifference[] };
  },
};
