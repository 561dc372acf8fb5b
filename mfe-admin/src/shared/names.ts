/** How people are named in the admin area: the domain's names, and lookups by id. */
import type { UserListEntry } from '@platzbuchung/domain/types';

export { fullName } from '@platzbuchung/domain/names';

export function byId<T extends { _id: string }>(list: readonly T[]): Map<string, T> {
  return new Map(list.map((item) => [item._id, item]));
}

export type UsersById = Map<string, UserListEntry>;
