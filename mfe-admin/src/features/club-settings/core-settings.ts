/**
 * PUT /api/admin/club always carries the club's core settings (name, courts, hours, limit): a form
 * that changes one part of the settings sends them as they are, so its change is the only one.
 */
import type { ClubSettingsBody } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';

type CoreSettings = Pick<
  ClubSettingsBody,
  'name' | 'courts_count' | 'start_hour' | 'end_hour' | 'reservations_limit'
>;

export function unchangedCore(club: Club): CoreSettings {
  return {
    name: club.name,
    courts_count: club.courts_count,
    start_hour: club.start_hour,
    end_hour: club.end_hour,
    reservations_limit: club.reservations_limit,
  };
}
