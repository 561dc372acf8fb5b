/**
 * A member whose no-shows paused their bookings (docs/check-in.md) books nothing of their own until
 * the pause ends; an admin's booking for them, and being named by others, stay possible.
 */
import type { BookingRule } from '../../booking-rules/rule';
import type { IsoDate } from '../../types';
import { checkInTexts } from '../texts';

/** The last paused day of each member the booking may concern, by id; members not paused are absent. */
export type NoShowPauses = ReadonlyMap<string, IsoDate>;

export const notPaused: BookingRule<{ noShowPauses: NoShowPauses }> = {
  name: 'not-paused',
  about: 'slot',
  check: ({ actor, booker }, { noShowPauses }, now) => {
    if (actor.role === 'admin') return null;
    const lastDay = noShowPauses.get(booker);
    return lastDay !== undefined && now.date <= lastDay
      ? { kind: 'forbidden', message: checkInTexts.paused(lastDay) }
      : null;
  },
};
