/** The admin area's own routes, below the shell's /admin; links inside the area use these. */
import { hostPaths } from '@platzbuchung/domain/host-contract';

export const adminPaths = {
  log: hostPaths.admin,
  asOf: `${hostPaths.admin}/stand`,
  club: `${hostPaths.admin}/verein`,
  members: `${hostPaths.admin}/mitglieder`,
  blocks: `${hostPaths.admin}/sperrungen`,
  notices: `${hostPaths.admin}/benachrichtigungen`,
  guests: `${hostPaths.admin}/gaeste`,
} as const;

/** The sub-navigation, in this order. */
export const adminSections = [
  { to: adminPaths.log, label: 'Ereignisprotokoll' },
  { to: adminPaths.asOf, label: 'Stand am' },
  { to: adminPaths.club, label: 'Verein' },
  { to: adminPaths.members, label: 'Mitglieder' },
  { to: adminPaths.blocks, label: 'Sperrungen' },
  { to: adminPaths.notices, label: 'Benachrichtigungen' },
  { to: adminPaths.guests, label: 'Gäste' },
] as const;
