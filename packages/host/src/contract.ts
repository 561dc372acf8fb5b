/**
 * The one contract between the shell (Module Federation host) and its remotes. A remote never
 * imports the shell: every screen it exposes is a component that receives `{ host }` and learns
 * the session, the clubs and how to navigate only through it. Kept free of React so the API and
 * the domain can name it too.
 */
import type { ImpressumConfig, PrivacyFacts } from '@platzbuchung/domain/privacy/facts';
import type { AuthState, Club, SessionUser } from '@platzbuchung/domain/types';
import contract from './contract-version.json';

/**
 * The version of this contract. Raise it when a change breaks remotes built against the old one
 * (a renamed prop, a removed path); every remote build records the version it was built for in its
 * `host-contract.json`, and the shell refuses a remote whose version differs. Kept in JSON so the
 * build reads the same number.
 */
export const HOST_CONTRACT_VERSION: number = contract.hostContract;

/** What every remote build writes beside its manifest: `host-contract.json`. */
export interface RemoteContractDeclaration {
  remote: string;
  hostContract: number;
}

/**
 * The id of the JSON data block in which the API hands the page the `host-contract.json` of the
 * remote whose screen it preloads, as `{ [remote]: RemoteContractDeclaration }`, read beside that
 * remote's served manifest: the shell checks the contract without a request of its own
 * (docs/architecture/first-visit.md).
 */
export const INLINE_CONTRACTS_ID = 'platzbuchung-contracts';

/**
 * The id of the JSON data block in which the API hands the page answers the opened screen would
 * otherwise ask for, as `{ [path]: answer }` (the path exactly as the screen asks, the answer as
 * `GET` of that path gives it). The API client takes each once instead of asking.
 */
export const INLINE_ANSWERS_ID = 'platzbuchung-answers';

/** Every route of the product, so links in remotes and the shell's route table cannot drift. */
export const hostPaths = {
  landing: '/',
  register: '/register',
  registerClub: '/register/club',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The mailed link that confirms a member's address. */
  confirmEmail: '/confirm-email',
  impressum: '/impressum',
  /** The operator's privacy notice (Datenschutzerklärung), open to anyone like the Impressum. */
  privacy: '/datenschutz',
  reservations: '/reservations',
  profile: '/profile',
  bookings: '/bookings',
  /** The club's registered players (the "Registrierte Spieler" screen). */
  players: '/players',
  /** The club's Platzordnung, linked in the navigation when the club has one (`club.has_rules`). */
  clubRules: '/platzordnung',
  admin: '/admin',
} as const;

export type HostPath = (typeof hostPaths)[keyof typeof hostPaths];

export interface NavigateOptions {
  /** Replace the current history entry instead of pushing (after a form succeeded, Back should not resubmit). */
  replace?: boolean;
  /** A short German confirmation the shell shows once on the next page, e.g. the server's "registered" message. */
  notice?: string;
}

/** Where the host is: the address bar's path and query. */
export interface HostLocation {
  readonly pathname: string;
  /** With its leading "?", or "" when there is no query. */
  readonly search: string;
}

/**
 * Remotes have no router of their own: they link with plain `<a href>` to `hostPaths`, which the
 * shell follows without a page load, and read the address from `location`.
 */
export interface HostContract {
  readonly auth: AuthState;
  readonly location: HostLocation;
  /**
   * The logged-in user's club, or null when logged out or when the club is unknown. It carries the
   * club's time zone and time rules: every "today" and "past" a remote shows is computed with
   * `club.time_zone` (domain club-time.ts), never with a zone of its own.
   */
  readonly club: Club | null;
  readonly clubs: readonly Club[];
  navigate(to: string, options?: NavigateOptions): void;
  /** The login form hands the user the API returned; the shell stores it as the session. */
  startSession(user: SessionUser): void;
  /** Club registration answers the refreshed club list; the shell keeps it. */
  replaceClubs(clubs: readonly Club[]): void;
  /** POST /api/logout, then the session is cleared and the user is sent to /. Rejects when the call failed. */
  logout(): Promise<void>;
}

/** What every exposed remote screen receives as props. */
export interface RemoteScreenProps {
  host: HostContract;
}

/**
 * The payload of `GET /remotes.json`, which the shell fetches at start so a remote can be redeployed
 * without rebuilding the shell. `remotes` maps a remote's federation name ("auth", "reservations",
 * "admin") to the absolute URL of its `mf-manifest.json`; a remote missing from the map is simply
 * not deployed yet, and the shell shows a placeholder for its area.
 */
export interface RemotesConfig {
  remotes: Record<string, string>;
  impressum: ImpressumConfig;
  privacy: PrivacyFacts;
}

/**
 * The id of the JSON data block in which the API hands the page its `RemotesConfig` (the same as
 * `/remotes.json` answers), so the shell can start loading a screen before its first request.
 */
export const INLINE_CONFIG_ID = 'platzbuchung-config';

/**
 * What the shell needs before its first screen, written by the API into each page it serves: the
 * clubs (as `GET /api/clubs` answers them) and the session's user (as `GET /api/verifyAuth` does,
 * `null` for a visitor without one). The shell then renders its layout at once instead of asking
 * two questions first (docs/architecture/first-visit.md); a page served otherwise has no
 * such block, and the shell asks.
 */
export interface PageStartup {
  clubs: Club[];
  user: SessionUser | null;
}

/** The id of the JSON data block that holds the page's `PageStartup`. */
export const INLINE_STARTUP_ID = 'platzbuchung-startup';

/**
 * Marks a page root that holds the app as the server rendered it (an anonymous page painted from
 * its HTML): the shell hydrates it instead of rendering anew.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
