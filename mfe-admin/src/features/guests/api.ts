/** The treasurer's guest list of the admin's club, and the address of its CSV. */
import type { GuestList } from '@platzbuchung/domain/exports/guest-list';
import type { IsoDate } from '@platzbuchung/domain/types';
import { getJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from '../../shared/admin-api';

export interface GuestRange {
  from: IsoDate;
  to: IsoDate;
}

const query = (clubId: string, { from, to }: GuestRange) =>
  `${clubQuery(clubId)}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export const fetchGuests = (clubId: string, range: GuestRange, signal?: AbortSignal) =>
  getJson<GuestList>(`/api/admin/guests?${query(clubId, range)}`, signal);

/** A plain link the browser downloads: the file's name comes with the answer. */
export const guestsCsvHref = (clubId: string, range: GuestRange) =>
  `/api/admin/guests?${query(clubId, range)}&format=csv`;
