/**
 * The names a mail says, read as the tables hold them when it is rendered (docs/privacy-erasure.md,
 * "Mails that name another member"): a notice stores whom it names by id, so an erased member's
 * name stays in no stored mail, and the mailer names them here, "Gelöschtes Mitglied" once they
 * are gone. The API names the players of its lists, the live stream and "Stand am" with the same
 * reader (services/api/src/reservations/player-names.ts).
 */
import { noticeKinds, peopleNamedIn, type NameOf, type NoticeFacts } from '@platzbuchung/domain/mail/notices';
import type { PlayerRef } from '@platzbuchung/domain/reservations/events';
import type { OutboxDb } from './outbox';
import { isUuid } from '@platzbuchung/domain/shapes';

/**
 * A function that names each of `refs` (and nothing read twice): members with the names the tables
 * hold now (an erased member's both null), guests by the name kept for them.
 */
export async function playerNamer(db: OutboxDb, refs: Iterable<PlayerRef>): Promise<NameOf> {
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

const wellFormed = (ref: PlayerRef) => isUuid('user_id' in ref ? ref.user_id : ref.guest_id);

/** Whom a stored payload's facts name; none when they do not fit their kind (the render refuses them). */
function peopleOf(payload: Record<string, unknown>): PlayerRef[] {
  const facts = payload.facts as NoticeFacts | null | undefined;
  if (
    typeof facts !== 'object' ||
    facts === null ||
    !(noticeKinds as readonly string[]).includes(facts.kind)
  ) {
    return [];
  }
  try {
    return peopleNamedIn(facts).filter(wellFormed);
  } catch {
    return [];
  }
}

/** Names whom a stored mail's facts name, read when it is about to be rendered. */
export async function namerForMail(db: OutboxDb, payload: Record<string, unknown>): Promise<NameOf> {
  return playerNamer(db, peopleOf(payload));
}
