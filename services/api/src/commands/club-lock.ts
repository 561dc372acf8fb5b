/**
 * The club lock: every command of a club runs under it, across every API process; other clubs are
 * not held up (docs/architecture/commands.md).
 */
import type { Knex } from 'knex';
import type { Club } from '@platzbuchung/domain/types';
import { CLUB_SELECT_LIST, toClub, type ClubRow } from '../accounts/users-store';
import { connectionOf } from '../projections/copy-text';

/**
 * Serialises every command of a club across every API process. Transaction-scoped, so it is
 * released by commit or rollback whatever happens. Other clubs are not held up.
 */
export async function lockClub(trx: Knex.Transaction, clubId: string): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, [`club:${clubId}`]);
}

/**
 * The given clubs' locks and then their rows, in one round trip: two statements in one simple
 * query, so the rows are read with a snapshot taken after the locks (READ COMMITTED takes one per
 * statement). `wait: false` only tries each lock: one held elsewhere is reported, never waited
 * for, so several can be taken at once (a group commit's) without deadlock. Waiting is for one
 * club at a time. The rows are read either way.
 */
export async function lockAndReadClubs(
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
export async function lockAndReadClub(trx: Knex.Transaction, clubId: string, wait: boolean) {
  return (await lockAndReadClubs(trx, [clubId], wait)).get(clubId)!;
}
