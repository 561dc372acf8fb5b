/** The record of settings and role changes in German words. */
import { formatHour } from '@platzbuchung/domain/dates';
import type { Role } from '@platzbuchung/domain/types';
import type { ClubChange, ClubSettingsValues } from '../../shared/admin-api';
import { fullName } from '../../shared/names';

export const roleNames: Record<Role, string> = { admin: 'Administrator', player: 'Spieler' };

const settingNames: Record<keyof ClubSettingsValues, string> = {
  name: 'Name',
  courts_count: 'Plätze',
  start_hour: 'Spielzeit ab',
  end_hour: 'Spielzeit bis',
  reservations_limit: 'Reservierungslimit',
};

function settingValue(key: keyof ClubSettingsValues, value: string | number): string {
  if (key === 'start_hour' || key === 'end_hour') return `${formatHour(Number(value))} Uhr`;
  if (key === 'name') return `„${value}“`;
  return String(value);
}

export interface ChangeView {
  title: string;
  /** One line per changed value, "Plätze: 6 → 8". */
  lines: string[];
}

export function describeChange(
  change: ClubChange,
  names: ReadonlyMap<string, { first_name: string; last_name: string }>,
): ChangeView {
  if (change.kind === 'role_changed') {
    const { user_id, before, after } = change.data;
    return {
      title: 'Rolle geändert',
      lines: [`${fullName(names.get(user_id))}: ${roleNames[before]} → ${roleNames[after]}`],
    };
  }
  const { before, after } = change.data;
  const keys = Object.keys(settingNames) as (keyof ClubSettingsValues)[];
  const lines = keys
    .filter((key) => before[key] !== after[key])
    .map(
      (key) => `${settingNames[key]}: ${settingValue(key, before[key])} → ${settingValue(key, after[key])}`,
    );
  return { title: 'Einstellungen geändert', lines: lines.length ? lines : ['ohne Änderung gespeichert'] };
}
