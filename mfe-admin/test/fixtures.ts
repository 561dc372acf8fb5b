import type { ReservationMadeData } from '@platzbuchung/domain/reservations/events';
import type { LogEvent } from '../src/shared/events-api';

export const CLUB = '00000000-0000-4000-8000-000000000001';
export const STEFFI = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  first_name: 'Steffi',
  last_name: 'Graf',
};
export const R1 = '00000000-0000-4000-8000-0000000000b1';
export const R2 = '00000000-0000-4000-8000-0000000000b2';

export function made(
  position: number,
  reservationId: string,
  data: Partial<ReservationMadeData> = {},
): LogEvent {
  return {
    type: 'ReservationMade',
    reservation_id: reservationId,
    position,
    version: 1,
    occurred_at: `2026-11-17T09:00:${String(position % 60).padStart(2, '0')}.000Z`,
    actor: STEFFI,
    data: {
      club_id: CLUB,
      user_id: STEFFI._id,
      court_num: '3',
      start_time: 10,
      end_time: 11,
      date: '2026-11-24',
      recurring: false,
      ...data,
    },
  };
}

export function cancelled(
  position: number,
  reservationId: string,
  occurredAt = '2026-11-18T13:03:05.000Z',
): LogEvent {
  return {
    type: 'ReservationCancelled',
    reservation_id: reservationId,
    position,
    version: 2,
    occurred_at: occurredAt,
    actor: STEFFI,
    data: { delete_type: 'all' },
  };
}
