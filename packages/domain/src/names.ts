/** How people are named on screens: in full in lists, short in the grid's cells. */

export interface Named {
  /** Both null: the member's account was erased (docs/privacy-erasure.md); the log keeps only the id. */
  first_name: string | null;
  last_name: string | null;
}

/** Said of someone the screen cannot name: not in the list loaded. */
export const UNKNOWN_PERSON = 'Unbekannt';

/** Said wherever an erased member was named: their name is gone, the fact that they acted stays. */
export const ERASED_MEMBER = 'Gelöschtes Mitglied';

/** Whom an API answer names with both names null: an erased member. */
export const erasedMember = (id: string): Named & { _id: string } => ({
  _id: id,
  first_name: null,
  last_name: null,
});

/** "Steffi Graf"; "Gelöschtes Mitglied" for an erased member. */
export function fullName(person: Named | undefined): string {
  if (!person) return UNKNOWN_PERSON;
  if (person.first_name === null && person.last_name === null) return ERASED_MEMBER;
  return [person.first_name, person.last_name].filter(Boolean).join(' ') || UNKNOWN_PERSON;
}

/** A grid cell's holder: the first initial, a dot and the last name ("S. Graf"). */
export function holderName(person: Named | undefined): string {
  if (!person?.last_name) return UNKNOWN_PERSON;
  const initial = [...(person.first_name?.trim() ?? '')][0];
  return initial ? `${initial}. ${person.last_name}` : person.last_name;
}
