/**
 * Names the co-players an event names by id (docs/who-plays.md): members with the names the tables
 * hold now (an erased member's both null, docs/privacy-erasure.md), guests by the name kept for
 * them. Wherever players are named from events rather than from the read model's SQL — "Stand am",
 * the live stream, the mails — they are named by one reader (`packages/outbox/src/names.ts`, which the
 * mailer uses too), in one read per kind for all of them.
 */
import type { NameOf } from '@platzbuchung/domain/mail/notices';
import type { Reservation } from '@platzbuchung/domain/types';
import { playerNamer } from '@platzbuchung/outbox/names';
import type { Db } from '../db/connect';

export type { NameOf };
export { playerNamer };

/** A row as a list answers it: `players` named, the ids (`co_players`) left out. */
export function withPlayersNamed({ co_players: refs = [], ...row }: Reservation, name: NameOf): Reservation {
  return { ...row, players: refs.map(name) };
}

/** The rows as a list answers them, named in one read per kind. */
export async function withNamedPlayers(db: Db, rows: readonly Reservation[]): Promise<Reservation[]> {
  const name = await playerNamer(
    db,
    rows.flatMap((row) => row.co_players ?? []),
  );
  return rows.map((row) => withPlayersNamed(row, name));
}
