/** Check-in's calls (docs/check-in.md): the member's own state, and "Ich bin da". */
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import type { CheckInSettings } from '@platzbuchung/domain/schemas';
import type { IsoDate } from '@platzbuchung/domain/types';

/** GET /api/account/check-in: the club's setting and zone, the member's pause, the dates checked in for. */
export interface OwnCheckIn {
  settings: CheckInSettings;
  time_zone: string;
  paused_until: IsoDate | null;
  checked_in: { reservation_id: string; date: IsoDate }[];
  has_pin: boolean;
}

const club = (clubId: string) => `club_id=${encodeURIComponent(clubId)}`;

export function fetchOwnCheckIn(clubId: string, signal?: AbortSignal): Promise<OwnCheckIn> {
  return getJson<OwnCheckIn>(`/api/account/check-in?${club(clubId)}`, signal);
}

export function checkIn(clubId: string, reservationId: string): Promise<{ message: string }> {
  return postJson(`/api/reservations/${encodeURIComponent(reservationId)}/check-in?${club(clubId)}`);
}
