/**
 * What every admin call shares (services/api/src/routes/admin.ts): the club named in the query,
 * which the API refuses for any club but the admin's own, and the shape of an answer that carries
 * a message. Each feature's calls live in its own `api.ts`.
 */

/** The query part naming the admin's club. */
export const clubQuery = (clubId: string) => `club_id=${encodeURIComponent(clubId)}`;

export interface MessageAnswer<T> {
  message: string;
  data: T;
}
