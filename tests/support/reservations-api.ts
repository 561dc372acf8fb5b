/**
 * Reservations set up through the API as a given member, without a browser: a logged-in session
 * of its own (cookie jar of one), so a test can book as the admin while the browser is a player.
 *
 *   const admin = await apiSessionOf(adminAccount);
 *   await admin.reserve({ club_id, court_num: '1', start_time: 10, end_time: 11, date });
 *   const list = await admin.reservations(club_id, date, date);
 */
import { addDays, localMoment } from '@platzbuchung/domain/dates';
import type { Reservation, SessionUser } from '@platzbuchung/domain/types';
import { ApiCallError, type Credentials } from './api';
import { e2eStack } from './stack';

/** The clubs' time zone (APP_TIMEZONE's default): "today" and "past" are decided there. */
export const CLUB_TIME_ZONE = 'Europe/Berlin';

/** Club-local today, plus `days`. */
export function clubDay(days = 0): string {
  return addDays(localMoment(new Date(), CLUB_TIME_ZONE).date, days);
}

export interface ReservationRequest {
  club_id: string;
  court_num: string;
  start_time: number;
  end_time: number;
  date: string;
  label?: string;
  recurring?: boolean;
}

export interface ApiSession {
  user: SessionUser;
  reserve(request: ReservationRequest): Promise<Reservation>;
  reservations(clubId: string, from: string, to: string): Promise<Reservation[]>;
}

export async function apiSessionOf(credentials: Credentials): Promise<ApiSession> {
  const base = e2eStack().baseUrl;
  const login = await fetch(new URL('/api/login', base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  if (!login.ok) throw new ApiCallError(login.status, await login.text(), 'POST /api/login');
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = (await login.json()) as SessionUser;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie };

  return {
    user,
    async reserve(request) {
      const { date } = request;
      const response = await fetch(new URL(`/api/reservations?from=${date}&to=${date}`, base), {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...request, user_id: user._id }),
      });
      const body = (await response.json()) as { data?: Reservation[]; error?: string };
      if (!response.ok || !body.data) throw new ApiCallError(response.status, body, 'POST /api/reservations');
      const made = body.data.find(
        (r) =>
          r.user_id === user._id &&
          r.court_num === request.court_num &&
          r.start_time === request.start_time &&
          r.date === request.date,
      );
      if (!made) throw new Error('the new reservation is not in the answer');
      return made;
    },
    async reservations(clubId, from, to) {
      const response = await fetch(
        new URL(`/api/reservations?club_id=${clubId}&from=${from}&to=${to}`, base),
        { headers },
      );
      if (!response.ok)
        throw new ApiCallError(response.status, await response.text(), 'GET /api/reservations');
      return (await response.json()) as Reservation[];
    },
  };
}
