/**
 * What the Platznamen card holds and sends, kept apart from the view so it is tested without a
 * browser. One text field per court (`court_1` …); the domain decides what a name may be, in the
 * browser before sending as the API does after (docs/architecture/club-time.md, "Court names").
 */
import { courtNamesErrors } from '@platzbuchung/domain/courts';
import type { ClubSettingsBody } from '@platzbuchung/domain/schemas';
import { MAX_COURTS } from '@platzbuchung/domain/shapes';
import type { Club, FieldError } from '@platzbuchung/domain/types';
import type { FormValues, Payload } from '@platzbuchung/ui/forms/form-machine';
import { unchangedCore } from './core-settings';

const FIELD = /^court_(\d+)$/;
export const courtField = (court: number): string => `court_${court}`;

/**
 * A field for every court a club may have, so a court added in the card above has its field and
 * an error about it lands under it.
 */
export function courtNameValues(club: Club): FormValues {
  return Object.fromEntries(
    Array.from({ length: MAX_COURTS }, (_, i) => [
      courtField(i + 1),
      club.court_names?.[String(i + 1)] ?? '',
    ]),
  );
}

/** The names as sent: only the club's courts, an empty field left out (that court is "Platz N"). */
function courtNamesOf(payload: Payload, courts: number): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [field, value] of Object.entries(payload)) {
    const court = FIELD.exec(field)?.[1];
    if (court && Number(court) <= courts && typeof value === 'string' && value.trim() !== '') {
      names[court] = value;
    }
  }
  return names;
}

/** The body of PUT /api/admin/club: the club's other settings unchanged, the names as a whole. */
export function courtNamesBody(club: Club, payload: Payload): ClubSettingsBody {
  return { ...unchangedCore(club), court_names: courtNamesOf(payload, club.courts_count) };
}

/** The domain's refusals of these names, each under its court's field. */
export function courtNameFieldErrors(club: Club, payload: Payload): FieldError[] {
  return onCourtFields(courtNamesErrors(courtNamesOf(payload, club.courts_count), club.courts_count));
}

/** `/court_names/3` (as the API and the domain name it) → `/court_3`, the card's field. */
export function onCourtFields(errors: readonly FieldError[]): FieldError[] {
  return errors.map((error) => ({
    ...error,
    instancePath: error.instancePath.replace(/^\/court_names\/(\d+)$/, '/court_$1'),
  }));
}
