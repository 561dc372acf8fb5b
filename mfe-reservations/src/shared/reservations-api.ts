/**
 * The reservation and user calls with the API's response shapes. Every list call
 * names a date window (`from`/`to`, inclusive), so a screen loads only the days it shows; a change
 * answers the club's reservations for the window the caller asked for.
 */
import type { Child } from '@platzbuchung/domain/families/schemas';
import {
  deleteJson,
  getJson,
  getJsonAtClubSeq,
  postJson,
  postJsonOnce,
  putJson,
  type AtClubSeq,
} from '@platzbuchung/ui/api/client';
import type {
  ChangeReservationBody,
  DeleteReservationBody,
  MakeReservationBody,
} from '@platzbuchung/domain/reservations/schemas';
import type { Block } from '@platzbuchung/domain/blocks/blocks';
import {
  blocksPath,
  reservationsPath,
  usersPath,
  type DateWindow,
} from '@platzbuchung/domain/reservations/screen-requests';
import type { Reservation, UserListEntry } from '@platzbuchung/domain/types';

export type { DateWindow } from '@platzbuchung/domain/reservations/screen-requests';

/** The bodies the API validates (packages/domain), not a copy of them. */
export type {
  ChangeReservationBody,
  DeleteReservationBody,
  MakeReservationBody,
} from '@platzbuchung/domain/reservations/schemas';

/** A successful change: the refreshed reservations of the asked-for window (its "data"). */
export interface ReservationsAnswer {
  data: Reservation[];
}

const windowQuery = ({ from, to }: DateWindow) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** The club's reservations in the window, with the club sequence they include. */
export function fetchReservations(clubId: string, window: DateWindow, signal?: AbortSignal) {
  return getJsonAtClubSeq<Reservation[]>(reservationsPath(clubId, window), signal);
}

/** One member's reservations in the window: the club's whole year need not travel to find them. */
export function fetchMemberReservations(clubId: string, userId: string, window: DateWindow) {
  return getJsonAtClubSeq<Reservation[]>(reservationsPath(clubId, window, userId));
}

/** The court blocks that touch the window's days, for the grid, with the club sequence they include. */
export async function fetchBlocks(
  clubId: string,
  window: DateWindow,
  signal?: AbortSignal,
): Promise<AtClubSeq<Block[]>> {
  const answer = await getJsonAtClubSeq<{ data: Block[] }>(blocksPath(clubId, window), signal);
  return { value: answer.value.data, clubSeq: answer.clubSeq };
}

/** `key`: the same for the same booking sent again (docs/operations.md, "During a failover"). */
export function postReservation(body: MakeReservationBody, window: DateWindow, key: string) {
  return postJsonOnce<ReservationsAnswer>(`/api/reservations?${windowQuery(window)}`, body, key);
}

export function postReservationDelete(
  reservationId: string,
  body: DeleteReservationBody,
  window: DateWindow,
) {
  return postJson<ReservationsAnswer>(
    `/api/reservations?reservation_id=${encodeURIComponent(reservationId)}&${windowQuery(window)}`,
    body,
  );
}

/** Another court, day or hours for a booking; answers like a new booking. */
export function putReservation(reservationId: string, body: ChangeReservationBody, window: DateWindow) {
  return putJson<ReservationsAnswer>(
    `/api/reservations/${encodeURIComponent(reservationId)}?${windowQuery(window)}`,
    body,
  );
}

/** The member's children, whom the booking popup offers to book for (docs/who-plays.md, "Families"). */
export async function fetchChildren(signal?: AbortSignal) {
  return (await getJson<{ data: Child[] }>('/api/account/children', signal)).data;
}

export function fetchUsers(clubId: string, signal?: AbortSignal) {
  return getJson<UserListEntry[]>(usersPath(clubId), signal);
}

/** A named member takes themselves off a booking (204; 404 when it does not name them). */
const ownPlacePath = (reservationId: string, clubId: string) =>
  `/api/reservations/${encodeURIComponent(reservationId)}/players/me?club_id=${encodeURIComponent(clubId)}`;

export function leaveReservation(reservationId: string, clubId: string) {
  return deleteJson<void>(ownPlacePath(reservationId, clubId));
}

/** Back to a booking one left: only the member who left may (docs/who-plays.md). */
export function rejoinReservation(reservationId: string, clubId: string) {
  return putJson<void>(ownPlacePath(reservationId, clubId), {});
}
