/** How people are named in the admin area. */
import type { UserListEntry } from '@platzbuchung/domain/types';

interface Named {
  first_name: string | null;
  last_name: string | null;
}

/** "Steffi Graf"; a deleted account reads "(gelöscht)", as the API names it. */
export function fullName(person: Named | undefined): string {
  if (!person) return 'Unbekannt';
  return [person.first_name, person.last_name].filter(Boolean).join(' ') || 'Unbekannt';
}

/** The grid cell: the holder's first initial, a dot and the last name ("S. Graf"). */
export function holderName(person: Named | undefined): string {
  if (!person?.last_name) return 'Unbekannt';
  const initial = person.first_name?.trim().charAt(0);
  return initial ? `${initial}. ${person.last_name}` : person.last_name;
}

export function byId<T extends { _id: string }>(list: readonly T[]): Map<string, T> {
  return new Map(list.map((item) => [item._id, item]));
}

export type UsersById = Map<string, UserListEntry>;
