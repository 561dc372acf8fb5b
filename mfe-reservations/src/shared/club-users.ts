/** The club's members (GET /api/users), loaded once per session for the grid's names and /players. */
import type { UserListEntry } from '@platzbuchung/domain/types';
import { fetchUsers } from './reservations-api';
import { createSessionCache } from './session-cache';

export const clubUsersCache = createSessionCache<UserListEntry[]>('club users');

export function ensureClubUsers(clubId: string, force = false): void {
  const load = async () => ({ value: await fetchUsers(clubId) });
  if (force) clubUsersCache.reload(clubId, load);
  else clubUsersCache.ensure(clubId, load);
}

/** Members the list was loaded again for (club:user): each at most once per page load. */
const askedFor = new Set<string>();

/**
 * Loads the members again when a booking the live stream brings names someone the loaded list does
 * not know: a member who signed up after it was loaded and booked at once. The grid would otherwise
 * say "reserviert" where everyone else sees a name. Once per member, so a booking of someone the
 * list never shows (a member who has left the club) costs one load, not a loop.
 */
export function ensureUsersKnown(clubId: string, userIds: Iterable<string>): void {
  const users = clubUsersCache.get();
  if (users.key !== clubId || users.status !== 'loaded' || !users.value) return;
  const known = new Set(users.value.map((user) => user._id));
  let unknown = false;
  for (const userId of userIds) {
    const asked = `${clubId}:${userId}`;
    if (known.has(userId) || askedFor.has(asked)) continue;
    askedFor.add(asked);
    unknown = true;
  }
  if (unknown) ensureClubUsers(clubId, true);
}

/** Forgets which members were asked for (tests). */
export function forgetAskedUsers(): void {
  askedFor.clear();
}
