/**
 * Names the co-players an event names by id (docs/who-plays.md): members with the names the tables
 * hold now (an erased member's both null, docs/privacy-erasure.md), guests by the name kept for
 * them. Wherever players are named from events rather than from the read model's SQL — "Stand am",
 * the live stream, the notices — they are named here, in one read per kind for all of them.
 */
import type { PlayerRef } from '@platzbuchung/domain/reservations/events';
import type { NamedPlayer, Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';

export type NameOf = (ref: PlayerRef) => NamedPlayer;

/** A function that names each of `refs` (and nothing read twice). */
export async function playerNamer(db: Db, refs: Iterable<PlayerRef>): Promise<NameOf> {
  const userIds = new Set<string>();
  const guestIds = new Set<string>();
  for (const ref of refs) {
    if ('user_id' in ref) userIds.add(ref.user_id);
    else guestIds.add(ref.guest_id);
  }
  const [users, guests]: [
    { id: string; first_name: string | null; last_name: string | null }[],
    { guest_id: string; name: string }[],
  ] = await Promise.all([
    userIds.size
      ? db('users')
          .whereIn('id', [...userIds])
          .select('id', 'first_name', 'last_name')
      : [],
    guestIds.size
      ? db('reservation_guests')
          .whereIn('guest_id', [...guestIds])
          .select('guest_id', 'name')
      : [],
  ]);
  const userById = new Map(users.map((user) => [user.id, user]));
  const guestName = new Map(guests.map((guest) => [guest.guest_id, guest.name]));
  return (ref) =>
    'user_id' in ref
      ? {
          user_id: ref.user_id,
          first_name: userById.get(ref.user_id)?.first_name ?? null,
          last_name: userById.get(ref.user_id)?.last_name ?? null,
        }
      : { guest_name: guestName.get(ref.guest_id) ?? '' };
}

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
