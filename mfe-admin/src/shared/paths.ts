/**
 * The admin area's own routes, below the shell's /admin; links inside the area use these, and the
 * tabs (../app/tabs.tsx) name what each shows.
 */
import { hostPaths } from '@platzbuchung/host/contract';

export const adminPaths = {
  log: hostPaths.admin,
  asOf: `${hostPaths.admin}/stand`,
  club: `${hostPaths.admin}/verein`,
  members: `${hostPaths.admin}/mitglieder`,
  blocks: `${hostPaths.admin}/sperrungen`,
  notices: `${hostPaths.admin}/benachrichtigungen`,
  guests: `${hostPaths.admin}/gaeste`,
  stats: `${hostPaths.admin}/auslastung`,
  kasse: `${hostPaths.admin}/kasse`,
} as const;
