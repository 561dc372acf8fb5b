/**
 * API steps for the admin e2e specs: a member's own logged-in API session (separate from the
 * browser's), and reservations made and cancelled through it.
 *
 *   const steffi = await apiSession(player);
 *   const id = await steffi.reserve(club._id, { court_num: '2', date, start_time: 10 });
 *   await steffi.cancel(club._id, id, date);
 */
import { request, type APIRequestContext } from 'playwright-core';
import type { Club, Reservation, SessionUser } from '@platzbuchung/domain/types';
import { ApiCallError, type Credentials } from './api';
import { e2eStack } from './stack';

export interface ReserveOptions {
  court_num: string;
  date: string;
  start_time: number;
  end_time?: number;
  label?: string;
  recurring?: boolean;
  /** Co-players: members by id (the club must allow co-players). */
  players?: { user_id: string }[];
}

export interface ApiSession {
  user: SessionUser;
  reserve(clubId: string, options: ReserveOptions): Promise<string>;
  /** Cancels the whole booking, or with `deleteType` 'once' only the occurrence on `date`. */
  cancel(clubId: string, reservationId: string, date: string, deleteType?: 'once' | 'all'): Promise<void>;
  get<T>(path: string): Promise<T>;
  put<T>(path: string, body: unknown): Promise<{ status: number; body: T }>;
  del(path: string, body: unknown): Promise<{ status: number }>;
  dispose(): Promise<void>;
}

async function answer<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new ApiCallError(response.status(), body, what);
  return body as T;
}

/** Logs in through the API in a request context of its own (its own cookie). */
export async function apiSession(credentials: Credentials): Promise<ApiSession> {
  const api = await request.newContext({ baseURL: e2eStack().baseUrl });
  const user = await answer<SessionUser>(
    await api.post('/api/login', { data: { email: credentials.email, password: credentials.password } }),
    'POST /api/login',
  );
  return {
    user,
    async reserve(clubId, options) {
      const before = new Set(
        (await answer<Reservation[]>(await api.get(`/api/reservations?club_id=${clubId}`), 'GET')).map(
          (r) => r._id,
        ),
      );
      const { data } = await answer<{ data: Reservation[] }>(
        await api.post('/api/reservations', {
          data: {
            club_id: clubId,
            court_num: options.court_num,
            date: options.date,
            start_time: options.start_time,
            end_time: options.end_time ?? options.start_time + 1,
            ...(options.label ? { label: options.label } : {}),
            recurring: options.recurring ?? false,
            ...(options.players ? { players: options.players } : {}),
          },
        }),
        'POST /api/reservations',
      );
      const made = data.find((r) => !before.has(r._id));
      if (!made) throw new Error('the new reservation is not in the answer');
      return made._id;
    },
    async cancel(clubId, reservationId, date, deleteType = 'all') {
      await answer(
        await api.post(`/api/reservations?reservation_id=${reservationId}`, {
          data: { form_method: 'delete', date, delete_type: deleteType, club_id: clubId },
        }),
        'POST /api/reservations (delete)',
      );
    },
    async get<T>(path: string) {
      return answer<T>(await api.get(path), `GET ${path}`);
    },
    async put<T>(path: string, body: unknown) {
      const response = await api.put(path, { data: body });
      return { status: response.status(), body: (await response.json().catch(() => null)) as T };
    },
    async del(path: string, body: unknown) {
      return { status: (await api.delete(path, { data: body })).status() };
    },
    dispose: () => api.dispose(),
  };
}

export async function clubNow(session: ApiSession, clubId: string): Promise<Club> {
  const clubs = await session.get<Club[]>('/api/clubs');
  const club = clubs.find((c) => c._id === clubId);
  if (!club) throw new Error(`club ${clubId} not listed by GET /api/clubs`);
  return club;
}
