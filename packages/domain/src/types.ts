/** Shared entity shapes. Every `_id` is a UUID string; dates are `YYYY-MM-DD`. */

/**
 * A co-player a booking names (docs/who-plays.md): a member by id, or a guest by
 * an id whose name lives in the `reservation_guests` table, never in the log. `fee_cents`: the
 * club's fee per guest and hour when the guest was named.
 */
export type PlayerRef = { user_id: string } | { guest_id: string; fee_cents: number };

/** A co-player in a request body: a member by id, a guest by name (docs/who-plays.md). */
export type PlayerBody = { user_id: string } | { guest_name: string };

/** A co-player as a request names them: a member, or a guest with the id the caller chose. */
export type RequestedPlayer = { user_id: string } | { guest_id: string; guest_name: string };

/** A co-player the rules look at: newly requested, or as a booking already names them. */
export type CoPlayer = RequestedPlayer | PlayerRef;

export type Role = 'admin' | 'player';

/**
 * A member's standing in their club (docs/architecture/membership.md): only active
 * members book and see the club's bookings and players. `pending`: signed up to a club that
 * approves its members; `inactive`: rejected or deactivated by an admin.
 */
export type MemberStatus = 'active' | 'pending' | 'inactive';
export const memberStatuses: readonly MemberStatus[] = ['active', 'pending', 'inactive'];

/** A club's courts, hours and limit, as an admin sets them and `ClubSettingsChanged` records them. */
export interface ClubCoreSettings {
  name: string;
  courts_count: number;
  start_hour: number;
  end_hour: number;
  reservations_limit: number;
  /** New members wait for approval; absent in settings saved before it existed, which means false. */
  member_approval?: boolean;
}

export interface Club extends ClubCoreSettings {
  _id: string;
  /** New members wait for an admin's approval before they see or book anything. */
  member_approval: boolean;
  // Club-local rules (docs/architecture/club-time.md): the clock and the two time rules
  // every screen needs; the Platzordnung itself is fetched on its page (GET /api/club/rules).
  /** IANA time zone the club's "today", "past", horizon and deadline are computed in. */
  time_zone: string;
  /** Players book at most this many days ahead; null: no limit of the club's own. */
  booking_horizon_days: number | null;
  /** Players cancel or move their own booking until this many hours before it begins. */
  cancel_deadline_hours: number;
  /** Whether the club's Platzordnung page has something to say: a Platzordnung, or prices. */
  has_rules: boolean;
  /**
   * The courts' own names ("Center Court"), by court number; a court without one is "Platz N"
   * (`courtName` in ./courts). The API always sends it; absent reads as no names.
   */
  court_names?: CourtNames;
}

/** Court number ("1") → the court's own name, only for the courts that have one. */
export type CourtNames = Readonly<Record<string, string>>;

/** What any member of a club may see of another member. */
export interface UserListEntry {
  _id: string;
  first_name: string;
  last_name: string;
}

/** The logged-in user as the API returns it from login and verifyAuth. */
export interface SessionUser {
  _id: string;
  club_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  status: MemberStatus;
}

/** The client's auth state. */
export type AuthState = { value: false } | ({ value: true } & SessionUser);

/** A calendar day in club-local time, `YYYY-MM-DD`. */
export type IsoDate = string;

export interface Reservation {
  _id: string;
  club_id: string;
  user_id: string;
  /** A string, as the API has always sent it: "1".."courts_count". */
  court_num: string;
  /** Hour of day the reservation starts, inclusive. */
  start_time: number;
  /** Hour of day the reservation ends, exclusive. */
  end_time: number;
  date: IsoDate;
  label?: string | null;
  recurring: boolean;
  deleted_dates: IsoDate[];
  end_date?: IsoDate | null;
  /** Shared by the bookings an admin made over several courts at once; absent otherwise. */
  group_id?: string | null;
  /**
   * The co-players as the log names them (docs/who-plays.md), what the rules
   * count; absent: none. Answers of the API carry `players` instead, with names.
   */
  co_players?: PlayerRef[];
  /** The co-players as the API answers them: members with their names, guests by name. */
  players?: NamedPlayer[];
}

/** A co-player in an API answer; an erased member has both names null ("Gelöschtes Mitglied"). */
export type NamedPlayer =
  { user_id: string; first_name: string | null; last_name: string | null } | { guest_name: string };

export type DeleteType = 'once' | 'once_and_future' | 'all';

/** One field error as forms place it under a field: `instancePath` is `/field_name`. */
export interface FieldError {
  instancePath: string;
  message: string;
}
