/**
 * "Stand am" from the log (docs/architecture.md, "The path of a read"): the club's reservations at
 * a cut, folded with the domain's `AsOfFold` from the club's events, read a page at a time.
 */
import { AsOfFold, type AsOfCut } from '@platzbuchung/domain/reservations/as-of';
import type { PlayerRef } from '@platzbuchung/domain/reservations/events';
import type { NamedPlayer, Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, toEnvelope } from '../events/rows';
import { filteredEvents } from '../events/store';

/**
 * The club's reservations at the cut, and the club's last event number up to it. Its events are
 * read `perRead` at a time by the club's own number and folded as they come, so the memory a
 * request takes does not grow with the length of the club's history.
 */
export async function reservationsAtCut(
  db: Db,
  clubId: string,
  cut: AsOfCut,
  perRead: number,
): Promise<{ clubSeq: number; rows: Reservation[] }> {
  const fold = new AsOfFold(cut);
  let clubSeq = 0;
  for (;;) {
    const query = filteredEvents(db, { clubId, afterClubSeq: clubSeq }).orderBy('club_seq').limit(perRead);
    if ('at' in cut) query.where('occurred_at', '<=', cut.at);
    else query.where('club_seq', '<=', cut.clubSeq);
    const events = (await query.select([...EVENT_COLUMNS])).map(toEnvelope);
    fold.add(events);
    clubSeq = events.at(-1)?.club_seq ?? clubSeq;
    if (events.length < perRead) return { clubSeq, rows: await withNamedPlayers(db, fold.reservations()) };
  }
}

/**
 * The rows as a list answers them: the co-players the log named at the cut, with the names the
 * tables hold now (an erased member's both null, docs/privacy-erasure.md), in one read per kind.
 */
async function withNamedPlayers(db: Db, rows: readonly Reservation[]): Promise<Reservation[]> {
  const refs = rows.flatMap((row) => row.co_players ?? []);
  const userIds = [...new Set(refs.flatMap((ref) => ('user_id' in ref ? [ref.user_id] : [])))];
  const guestIds = [...new Set(refs.flatMap((ref) => ('guest_id' in ref ? [ref.guest_id] : [])))];
  const [users, guests] = await Promise.all([
    userIds.length
      ? db('users').whereIn('id', userIds).select('id', 'first_name', 'last_name')
      : Promise.resolve([]),
    guestIds.length
      ? db('reservation_guests').whereIn('guest_id', guestIds).select('guest_id', 'name')
      : Promise.resolve([]),
  ]);
  const userById = new Map<string, { first_name: string | null; last_name: string | null }>(
    users.map((u: { id: string; first_name: string | null; last_name: string | null }) => [u.id, u]),
  );
  const guestName = new Map<string, string>(
    guests.map((g: { guest_id: string; name: string }) => [g.guest_id, g.name]),
  );
  const named = (ref: PlayerRef): NamedPlayer =>
    'user_id' in ref
      ? {
          user_id: ref.user_id,
          first_name: userById.get(ref.user_id)?.first_name ?? null,
          last_name: userById.get(ref.user_id)?.last_name ?? null,
        }
      : { guest_name: guestName.get(ref.guest_id) ?? '' };
  return rows.map(({ co_players: refs = [], ...row }) => ({ ...row, players: refs.map(named) }));
}
