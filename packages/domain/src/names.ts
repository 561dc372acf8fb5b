/** How people are named on screens: in full in lists, short in the grid's cells. */

export interface Named {
  first_name: string | null;
  last_name: string | null;
}

/** Said of someone the screen cannot name: the account was deleted, or is not in the list loaded. */
export const UNKNOWN_PERSON = 'Unbekannt';

/** "Steffi Graf". */
export function fullName(person: Named | undefined): string {
  if (!person) return UNKNOWN_PERSON;
  return [person.first_name, person.last_name].filter(Boolean).join(' ') || UNKNOWN_PERSON;
}

/** A grid cell's holder: the first initial, a dot and the last name ("S. Graf"). */
export function holderName(person: Named | undefined): string {
  if (!person?.last_name) return UNKNOWN_PERSON;
  const initial = [...(person.first_name?.trim() ?? '')][0];
  return initial ? `${initial}. ${person.last_name}` : person.last_name;
}
