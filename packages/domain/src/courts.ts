/**
 * A club's courts and opening hours, asked the same way by bookings, the Warteliste, court blocks
 * and a change of the club's settings: one answer to "is there such a court" and "is that inside
 * the opening hours".
 */
import { COURT_NAME_MAX_LENGTH } from './schemas';
import { isCourtNumber } from './shapes';
import type { Club, CourtNames, FieldError } from './types';

/** A court the club has, in canonical digits: "01" and "1" would otherwise be two courts. */
export const isCourtOf = (club: Pick<Club, 'courts_count'>, court: string): boolean =>
  isCourtNumber(court) && Number(court) <= club.courts_count;

/** Whole hours from `start` to `end` inside the club's opening hours, the start before the end. */
export function isWithinOpeningHours(
  club: Pick<Club, 'start_hour' | 'end_hour'>,
  start: number,
  end: number,
): boolean {
  const wholeHours = Number.isInteger(start) && Number.isInteger(end);
  return wholeHours && start >= club.start_hour && end <= club.end_hour && start < end;
}

/** The answer for a court the club does not have: the same for bookings, the Warteliste and blocks. */
export const unknownCourtText = (courts: number): string =>
  `Diesen Platz gibt es nicht. Bitte wählen Sie einen Platz von 1 bis ${courts}.`;

/**
 * What every screen, mail and log line calls a court: its own name when the club gave it one
 * ("Center Court"), otherwise "Platz 3" (docs/architecture/club-time.md, "Court names").
 */
export function courtName(club: { court_names?: CourtNames | null }, court: string | number): string {
  const key = String(court);
  return club.court_names?.[key] ?? `Platz ${key}`;
}

export const courtNamesTexts = {
  tooLong: (court: string): string =>
    `Der Name von Platz ${court} darf höchstens ${COURT_NAME_MAX_LENGTH} Zeichen lang sein.`,
  taken: (court: string, other: string, name: string): string =>
    `„${name}“ heißt schon Platz ${other}. Jeder Platz braucht einen eigenen Namen.`,
} as const;

/** The names as kept: trimmed, an empty one dropped (that court is "Platz N" again). */
export function trimCourtNames(names: CourtNames): Record<string, string> {
  return Object.fromEntries(
    Object.entries(names)
      .map(([court, name]) => [court, name.trim()] as const)
      .filter(([, name]) => name !== ''),
  );
}

/** Only the names of courts the club still has: a court given up takes its name with it. */
export function namesOfCourts(names: CourtNames, courts: number): Record<string, string> {
  return Object.fromEntries(
    Object.entries(names).filter(([court]) => isCourtOf({ courts_count: courts }, court)),
  );
}

/**
 * What the schema cannot check of the names a club gives its courts: each for a court it has, at
 * most `COURT_NAME_MAX_LENGTH` characters once trimmed, and no two courts called alike (case
 * aside), "Platz 2" for another court included, so a member never has to guess which is meant.
 */
export function courtNamesErrors(names: CourtNames, courts: number): FieldError[] {
  const errors: FieldError[] = [];
  const kept = trimCourtNames(names);
  const shown = new Map<string, string>();
  for (let court = 1; court <= courts; court++) {
    const key = String(court);
    if (!(key in kept)) shown.set(courtName({}, key).toLocaleLowerCase('de'), key);
  }
  for (const [court, name] of Object.entries(kept).sort(([a], [b]) => Number(a) - Number(b))) {
    const path = `/court_names/${court}`;
    if (!isCourtOf({ courts_count: courts }, court)) {
      errors.push({ instancePath: path, message: unknownCourtText(courts) });
      continue;
    }
    if ([...name].length > COURT_NAME_MAX_LENGTH) {
      errors.push({ instancePath: path, message: courtNamesTexts.tooLong(court) });
      continue;
    }
    const folded = name.toLocaleLowerCase('de');
    const other = shown.get(folded);
    if (other !== undefined && other !== court) {
      errors.push({ instancePath: path, message: courtNamesTexts.taken(court, other, name) });
      continue;
    }
    shown.set(folded, court);
  }
  return errors;
}
