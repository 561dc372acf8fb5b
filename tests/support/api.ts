/**
 * Quick set-up through the API (no browser): clubs, players, and a logged-in browser context.
 *
 *   const { club, admin } = await createClub({ courts_count: 3 });
 *   const player = await createPlayer(club._id);
 *   await loginViaApi(browser.context, player);   // the context's pages are now logged in
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import type { Club, SessionUser } from '@platzbuchung/domain/types';
import { firstLink, waitForMail } from './mail';
import { e2eStack } from './stack';

/** Meets the password rule (lower, upper, digit, special, 8+ characters). */
export const TEST_PASSWORD = 'Aufschlag-2024!';

export interface Credentials {
  email: string;
  password: string;
}

export interface Account extends Credentials {
  first_name: string;
  last_name: string;
}

/** A unique, valid e-mail address; `label` helps when reading the database or mails. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@e2e.platzbuchung.test`;
}

/** A club name no other test uses (two names that fold alike are refused, and tests find their club by it). */
export function uniqueClubName(label = 'TC'): string {
  return `${label} ${randomBytes(3).toString('hex').toUpperCase()}`;
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/** POSTs JSON to the running API and returns the parsed answer; any non-2xx throws ApiCallError. */
export async function postApi<T>(apiPath: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(apiPath, e2eStack().baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiCallError(response.status, answer, `POST ${apiPath}`);
  return answer as T;
}

export interface ClubOptions {
  name?: string;
  courts_count?: number;
  start_hour?: number;
  end_hour?: number;
  reservations_limit?: number;
  admin?: Partial<Account>;
}

/**
 * Follows the confirmation link the API mailed to `email`, read from the .eml the mailer wrote, as
 * its owner would: only then do notices reach the address (docs/architecture/mail.md, "Confirmed
 * addresses").
 */
export async function confirmViaMail(email: string): Promise<void> {
  const mail = await waitForMail((m) => m.to.includes(email) && m.decoded.includes('/confirm-email?token='));
  const token = firstLink(mail, '/confirm-email').searchParams.get('token');
  await postApi('/api/confirm-email', { token });
}

/** Whether a new account's owner follows the mailed confirmation link; by default they do. */
export interface AddressOptions {
  unconfirmed?: boolean;
}

/** Registers a club with its admin (POST /api/clubs). */
export async function createClub(
  options: ClubOptions & AddressOptions = {},
): Promise<{ club: Club; admin: Account }> {
  const name = options.name ?? uniqueClubName();
  const admin: Account = {
    first_name: 'Greta',
    last_name: 'Vereinsmann',
    email: uniqueEmail('admin'),
    password: TEST_PASSWORD,
    ...options.admin,
  };
  const { data } = await postApi<{ data: Club[] }>('/api/clubs', {
    name,
    courts_count: options.courts_count ?? 2,
    start_hour: options.start_hour ?? 8,
    end_hour: options.end_hour ?? 20,
    reservations_limit: options.reservations_limit ?? 3,
    ...admin,
    privacy: 'agree',
  });
  const club = data.find((c) => c.name === name);
  if (!club) throw new Error(`club ${name} not in the answer of POST /api/clubs`);
  if (!options.unconfirmed) await confirmViaMail(admin.email);
  return { club, admin };
}

/** Signs a player up with a club (POST /api/signup). */
export async function createPlayer(
  clubId: string,
  player: Partial<Account> = {},
  options: AddressOptions = {},
): Promise<Account> {
  const account: Account = {
    first_name: 'Paul',
    last_name: 'Spieler',
    email: uniqueEmail('player'),
    password: TEST_PASSWORD,
    ...player,
  };
  await postApi('/api/signup', { club_id: clubId, ...account, privacy: 'agree' });
  if (!options.unconfirmed) await confirmViaMail(account.email);
  return account;
}

/**
 * Logs in through the API inside a browser context: the session cookie lands in the context, so
 * every page opened afterwards (and reloaded) is logged in. Returns the session user.
 */
export async function loginViaApi(context: BrowserContext, credentials: Credentials): Promise<SessionUser> {
  const response = await context.request.post(new URL('/api/login', e2eStack().baseUrl).href, {
    data: { email: credentials.email, password: credentials.password },
  });
  if (!response.ok()) throw new ApiCallError(response.status(), await response.text(), 'POST /api/login');
  return (await response.json()) as SessionUser;
}
