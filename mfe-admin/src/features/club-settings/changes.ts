/** The record of settings and role changes in German words, from the domain's event descriptions. */
import { roleChangeLine, settingsChangeLines } from '@platzbuchung/domain/events/describe';
import type { ClubChange } from './api';
import { ERASED_MEMBER } from '@platzbuchung/domain/names';
import { fullName } from '../../shared/names';

interface ChangeView {
  title: string;
  /** One line per changed value, "Plätze: 6 → 8". */
  lines: string[];
}

export function describeChange(
  change: ClubChange,
  names: ReadonlyMap<string, { first_name: string; last_name: string }>,
): ChangeView {
  if (change.kind === 'role_changed') {
    // `names` holds every member of any status: one not among them was erased.
    const nameOf = (userId: string) => (names.has(userId) ? fullName(names.get(userId)) : ERASED_MEMBER);
    return { title: 'Rolle geändert', lines: [roleChangeLine(change, nameOf)] };
  }
  return { title: 'Einstellungen geändert', lines: settingsChangeLines(change) };
}
