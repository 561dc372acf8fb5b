/**
 * The route table in one place: path, who may open it, what fills it and the
 * document title. Screens of a remote are named by remote and exposed module, so the areas that
 * are not deployed yet (reservations, admin) switch on as soon as remotes.json lists them. The
 * shell routes by it, and the API names in each page the files of the screen it will show
 * (docs/architecture/first-visit.md): one table, so the two cannot differ.
 */
import { hostPaths, type HostPath } from './contract';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { AuthState, SessionUser } from '@platzbuchung/domain/types';

/**
 * guest: login-type public pages, a logged-in user is sent to /reservations.
 * open: anyone (reset link, Impressum, Datenschutz).
 * member: logged in. admin: logged in with role admin.
 */
export type Access = 'guest' | 'open' | 'member' | 'admin';

export type RouteContent =
  { kind: 'remote'; remote: string; module: string } | { kind: 'page'; page: ShellPage };

/** The shell's own pages, which need no remote. */
type ShellPage = 'impressum' | 'privacy';

export interface AppRoute {
  path: HostPath;
  access: Access;
  content: RouteContent;
  title: string;
  /** The remote routes below this path itself (/admin/verein, …), so the shell matches `path/*`. */
  nested?: true;
  /** Shows the club's bookings, players or administration: active members only (see membershipNotice). */
  clubData?: true;
  /** Uses a desktop's width (tables), where the others keep a phone's column. */
  wide?: true;
}

const auth = (module: string): RouteContent => ({ kind: 'remote', remote: 'auth', module });

export const appRoutes: readonly AppRoute[] = [
  { path: hostPaths.landing, access: 'guest', content: auth('./Landing'), title: 'Willkommen' },
  { path: hostPaths.register, access: 'guest', content: auth('./SignUp'), title: 'Registrieren' },
  {
    path: hostPaths.registerClub,
    access: 'guest',
    content: auth('./ClubRegistration'),
    title: 'Verein registrieren',
  },
  { path: hostPaths.login, access: 'guest', content: auth('./Login'), title: 'Anmelden' },
  {
    path: hostPaths.forgotPassword,
    access: 'guest',
    content: auth('./ForgotPassword'),
    title: 'Passwort vergessen',
  },
  {
    path: hostPaths.resetPassword,
    access: 'open',
    content: auth('./ResetPassword'),
    title: 'Passwort zurücksetzen',
  },
  {
    path: hostPaths.confirmEmail,
    access: 'open',
    content: auth('./ConfirmEmail'),
    title: 'E-Mail-Adresse bestätigen',
  },
  {
    path: hostPaths.impressum,
    access: 'open',
    content: { kind: 'page', page: 'impressum' },
    title: 'Impressum',
  },
  {
    path: hostPaths.privacy,
    access: 'open',
    content: { kind: 'page', page: 'privacy' },
    title: 'Datenschutz',
  },
  {
    path: hostPaths.reservations,
    access: 'member',
    content: { kind: 'remote', remote: 'reservations', module: './Reservations' },
    clubData: true,
    title: 'Platzplan',
  },
  {
    path: hostPaths.bookings,
    access: 'member',
    content: { kind: 'remote', remote: 'reservations', module: './MyReservations' },
    clubData: true,
    title: 'Meine Reservierungen',
  },
  {
    path: hostPaths.players,
    access: 'member',
    content: { kind: 'remote', remote: 'reservations', module: './Players' },
    clubData: true,
    title: 'Registrierte Spieler',
  },
  {
    path: hostPaths.clubRules,
    access: 'member',
    content: { kind: 'remote', remote: 'reservations', module: './ClubRules' },
    title: 'Platzordnung',
  },
  { path: hostPaths.profile, access: 'member', content: auth('./Account'), title: 'Mein Konto' },
  {
    path: hostPaths.admin,
    access: 'admin',
    content: { kind: 'remote', remote: 'admin', module: './Admin' },
    title: 'Verwaltung',
    nested: true,
    clubData: true,
    wide: true,
  },
];

/** Where a user who may not open a route is sent instead, or null when they may. */
export function redirectFor(access: Access, auth: AuthState): HostPath | null {
  switch (access) {
    case 'guest':
      return auth.value ? hostPaths.reservations : null;
    case 'open':
      return null;
    case 'member':
      return auth.value ? null : hostPaths.landing;
    case 'admin':
      if (!auth.value) return hostPaths.landing;
      return auth.role === 'admin' ? null : hostPaths.reservations;
    default: {
      const unknown: never = access;
      throw new Error(`Unknown access rule ${String(unknown)}`);
    }
  }
}

/**
 * What a logged-in member who is not active sees instead of the club's data (the API refuses it to
 * them anyway), or null when the route may show it.
 */
export function membershipNotice(route: AppRoute, auth: AuthState, clubName: string): string | null {
  if (!route.clubData || !auth.value || auth.status === 'active') return null;
  return auth.status === 'pending'
    ? memberTexts.waitingForApproval(clubName)
    : memberTexts.inactiveNotice(clubName);
}

/** The route that shows `pathname`, as the shell's router matches it (nested routes by prefix). */
export function routeAt(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return appRoutes.find(
    (route) => route.path === path || (route.nested && path.startsWith(`${route.path}/`)),
  );
}

/**
 * The remote screen this user will see at `pathname`, or null when the page shows none (an unknown
 * path, a redirect, the membership notice): what the shell may start loading before it renders.
 */
export function remoteScreenAt(pathname: string, auth: AuthState): { remote: string; module: string } | null {
  const route = routeAt(pathname);
  if (!route || route.content.kind !== 'remote' || redirectFor(route.access, auth)) return null;
  // The club's name only words the notice; whether there is one is all that matters here.
  if (membershipNotice(route, auth, '') !== null) return null;
  return { remote: route.content.remote, module: route.content.module };
}

/** The session as the shell holds it, from the user a page's startup names (null: nobody). */
export function authStateOf(user: SessionUser | null): AuthState {
  return user ? { value: true, ...user } : { value: false };
}
