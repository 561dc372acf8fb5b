import { randomBytes } from 'node:crypto';
import type { Club, SessionUser, UserListEntry } from '@platzbuchung/domain/types';
import { TestClient } from './client';
import { confirmationTokenFor } from './outbox-mails';
import { databaseOf } from './test-api';

export const PASSWORD = 'Aufschlag1!';

/**
 * A suffix no other fixture in this run shares, even after club names are folded for look-alikes
 * (docs/security/access.md): hexadecimal digits stay distinct under that fold, where a time in base 36
 * made "…0" and "…o" or "…1" and "…l" the same name and refused a registration now and then.
 */
export const unique = () => randomBytes(6).toString('hex');

export function clubBody(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    name: `TC Grün-Weiß ${id}`,
    courts_count: 6,
    start_hour: 8,
    end_hour: 20,
    reservations_limit: 3,
    first_name: 'Jürgen',
    last_name: 'Müller-Lüdenscheidt',
    email: `admin-${id}@example.de`,
    password: PASSWORD,
    privacy: 'agree',
    ...overrides,
  };
}

/**
 * Whether a new member follows the mailed confirmation link: by default they do, as a member who
 * gets notices must (docs/architecture/mail.md, "Confirmed addresses"); `unconfirmed` leaves the address
 * as sign-up leaves it.
 */
export interface AddressOptions {
  readonly unconfirmed?: boolean;
}

/**
 * Follows the confirmation link the API mailed to `email`, read from its outbox. An API process
 * started by a test (support/api-process) has no database known here: its members stay
 * unconfirmed, which matters only to tests of mail, and those use an in-process API.
 */
export async function confirmAddress(baseUrl: string, email: string): Promise<void> {
  const db = databaseOf(baseUrl);
  if (!db) return;
  const token = await confirmationTokenFor(db, email);
  const response = await new TestClient(baseUrl).post('/api/confirm-email', { token });
  if (response.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(response.body)}`);
}

export async function registerClub(
  baseUrl: string,
  overrides: Record<string, unknown> = {},
  options: AddressOptions = {},
) {
  const client = new TestClient(baseUrl);
  const body = clubBody(overrides);
  const response = await client.post<{ data: Club[] }>('/api/clubs', body);
  if (response.status !== 201) throw new Error(`club registration failed: ${JSON.stringify(response.body)}`);
  const club = response.body.data.find((c) => c.name === body.name)!;
  if (!options.unconfirmed) await confirmAddress(baseUrl, String(body.email));
  return { club, email: body.email, password: body.password };
}

export async function signUp(
  baseUrl: string,
  clubId: string,
  overrides: Record<string, unknown> = {},
  options: AddressOptions = {},
) {
  const body = {
    club_id: clubId,
    first_name: 'Steffi',
    last_name: 'Graf',
    email: `player-${unique()}@example.de`,
    password: PASSWORD,
    privacy: 'agree',
    ...overrides,
  };
  const response = await new TestClient(baseUrl).post<{ data: UserListEntry[] }>('/api/signup', body);
  if (response.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
  if (!options.unconfirmed) await confirmAddress(baseUrl, String(body.email));
  return { email: body.email, password: body.password };
}

export async function loggedIn(baseUrl: string, email: string, password = PASSWORD) {
  const client = new TestClient(baseUrl);
  const response = await client.post<SessionUser>('/api/login', { email, password });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return { client, user: response.body };
}

/** A club with a logged-in admin and a logged-in player. */
export async function clubWithMembers(baseUrl: string, clubOverrides: Record<string, unknown> = {}) {
  const { club, email } = await registerClub(baseUrl, clubOverrides);
  const admin = await loggedIn(baseUrl, email);
  const player = await loggedIn(baseUrl, (await signUp(baseUrl, club._id)).email);
  return { club, admin, player };
}

/** A club with its logged-in admin and player, as `clubWithMembers` answers. */
export type Members = Awaited<ReturnType<typeof clubWithMembers>>;

/**
 * `count` new members of a club, logged in alternately on two API processes (`urls`), for races
 * that must hold across processes.
 */
export async function playersAcross(urls: readonly [string, string], clubId: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const { email } = await signUp(urls[0], clubId);
      return (await loggedIn(urls[i % 2]!, email)).client;
    }),
  );
}
