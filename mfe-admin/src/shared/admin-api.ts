/**
 * The admin calls (services/api/src/routes/admin.ts and events.ts) with the shapes they answer.
 * Every call names the admin's own club in the query; the API refuses any other.
 */
import type { EventEnvelope, EventType } from '@platzbuchung/domain/events/catalogue';
import type { ReservationMadeData } from '@platzbuchung/domain/reservations/events';
import type { RecordedClubSettings } from '@platzbuchung/domain/clubs/local-rules';
import type { ClubSettings } from '@platzbuchung/domain/schemas';
import type { Club, MemberStatus, Reservation, Role } from '@platzbuchung/domain/types';
import type { Block } from '@platzbuchung/domain/blocks/blocks';
import type { MailList } from '@platzbuchung/domain/mail/notices';
import type { BlockCourtsBody } from '@platzbuchung/domain/blocks/schemas';
import { ApiError, deleteJson, getJson, postJson, putJson } from '@platzbuchung/ui/api/client';
import { uiTexts } from '@platzbuchung/ui/texts';

/** Who caused an event; both names null for an erased member (domain `fullName` says so). */
export interface ActingMember {
  _id: string;
  first_name: string | null;
  last_name: string | null;
}

/** Omit that keeps a union discriminated: each member loses the keys on its own. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * One entry of GET /api/events: the stored event with who did it. Its `position` is the club's
 * own event number.
 */
export type LogEvent = OmitEach<EventEnvelope, 'actor_id' | 'club_seq' | 'stream_type' | 'club_id'> & {
  actor: ActingMember;
  /** The booking as it was made, sent with every event of its stream (null if the API has none). */
  reservation?: ReservationMadeData | null;
};

interface EventPage {
  data: LogEvent[];
  next: { before: number } | { after: number } | null;
}

export interface EventQuery {
  before?: number;
  after?: number;
  limit?: number;
  types?: readonly EventType[];
  userId?: string;
  reservationId?: string;
  since?: string;
  until?: string;
}

export interface Member {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  status: MemberStatus;
  created_at: string;
  /** Bookings with an occurrence still to come; a series counts once. */
  upcoming_bookings: number;
}

interface ChangeBase {
  position: number;
  occurred_at: string;
  actor: { _id: string; first_name: string | null; last_name: string | null };
}

/** Settings as the log recorded them (older events lack the club-local rules). */
export type ClubSettingsValues = RecordedClubSettings;

export type ClubChange = ChangeBase &
  (
    | { kind: 'settings_changed'; data: { before: ClubSettingsValues; after: ClubSettingsValues } }
    | { kind: 'role_changed'; data: { user_id: string; before: Role; after: Role } }
  );

export interface AsOfAnswer {
  /** The club's last event number up to the cut: further pages of the same grid ask for it. */
  position: number;
  /** One page of the grid, in its order; a day's grid always fits in one. */
  data: Reservation[];
  /** The cursor of the next page, null when this one is the last. */
  next: { after: string } | null;
  /** The club's settings at that moment (courts, hours, zone), from its settings changes in the log. */
  club: ClubSettings & { _id: string };
}

export interface MessageAnswer<T> {
  message: string;
  data: T;
}

const club = (clubId: string) => `club_id=${encodeURIComponent(clubId)}`;

/** The query string of GET /api/events; only what is set is sent. */
function eventsQuery(clubId: string, query: EventQuery): string {
  const params = new URLSearchParams({ club_id: clubId });
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.after !== undefined) params.set('after', String(query.after));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.types?.length) params.set('type', query.types.join(','));
  if (query.userId) params.set('user_id', query.userId);
  if (query.reservationId) params.set('reservation_id', query.reservationId);
  if (query.since) params.set('since', query.since);
  if (query.until) params.set('until', query.until);
  return `/api/events?${params.toString()}`;
}

export const fetchEvents = (clubId: string, query: EventQuery, signal?: AbortSignal) =>
  getJson<EventPage>(eventsQuery(clubId, query), signal);

export const fetchMembers = (clubId: string, signal?: AbortSignal) =>
  getJson<Member[]>(`/api/admin/members?${club(clubId)}`, signal);

export const fetchChanges = (clubId: string, signal?: AbortSignal) =>
  getJson<ClubChange[]>(`/api/admin/changes?${club(clubId)}`, signal);

export type AsOfCut = { at: string } | { position: number };

function asOfQuery(clubId: string, cut: AsOfCut, date: string, after: string | null): string {
  const params = new URLSearchParams({ club_id: clubId, date });
  if ('position' in cut) params.set('position', String(cut.position));
  else params.set('at', cut.at);
  if (after !== null) params.set('after', after);
  return `/api/admin/as-of?${params.toString()}`;
}

/** One page of "Stand am": the first with `after` null, the next with the previous page's cursor. */
export const fetchAsOf = (
  clubId: string,
  cut: AsOfCut,
  date: string,
  after: string | null,
  signal?: AbortSignal,
) => getJson<AsOfAnswer>(asOfQuery(clubId, cut, date, after), signal);

/** The club's Platzordnung ('' when it has none), for the admin's form. */
export const fetchClubRules = (clubId: string, signal: AbortSignal) =>
  getJson<{ rules: string }>(`/api/club/rules?${club(clubId)}`, signal).then((answer) => answer.rules);

export const saveClubSettings = (clubId: string, payload: object) =>
  putJson<MessageAnswer<Club>>(`/api/admin/club?${club(clubId)}`, payload);

export const changeRole = (clubId: string, memberId: string, role: Role) =>
  putJson<MessageAnswer<Member[]>>(
    `/api/admin/members/${encodeURIComponent(memberId)}/role?${club(clubId)}`,
    { role },
  );

export const changeStatus = (clubId: string, memberId: string, status: MemberStatus) =>
  putJson<MessageAnswer<Member[]>>(
    `/api/admin/members/${encodeURIComponent(memberId)}/status?${club(clubId)}`,
    { status },
  );

export const cancelUpcomingBookings = (clubId: string, memberId: string) =>
  postJson<MessageAnswer<Member[]> & { cancelled: number }>(
    `/api/admin/members/${encodeURIComponent(memberId)}/cancel-upcoming?${club(clubId)}`,
    {},
  );

/** Erases an inactive member (docs/privacy-erasure.md); answers with the list as it is afterwards. */
export const eraseMember = async (clubId: string, memberId: string): Promise<MessageAnswer<Member[]>> => {
  const { message } = await deleteJson<{ message: string }>(
    `/api/admin/members/${encodeURIComponent(memberId)}?${club(clubId)}`,
  );
  return { message, data: await fetchMembers(clubId) };
};

/** One booking a block would cancel, as the preview lists it. */
export interface AffectedBooking {
  reservation_id: string;
  court_num: string;
  date: string;
  start_time: number;
  end_time: number;
  label: string | null;
  recurring: boolean;
  holder: { _id: string; first_name: string; last_name: string } | null;
}

export type BlockRequest = Omit<BlockCourtsBody, 'preview'>;

/** The blocks touching the days from `from` to `to`. */
export const fetchBlocks = async (clubId: string, from: string, to: string, signal?: AbortSignal) =>
  (
    await getJson<{ data: Block[] }>(
      `/api/blocks?${club(clubId)}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      signal,
    )
  ).data;

export const previewBlock = async (clubId: string, request: BlockRequest) =>
  (
    await postJson<{ data: AffectedBooking[] }>(`/api/admin/blocks?${club(clubId)}`, {
      ...request,
      preview: true,
    })
  ).data;

export const createBlock = (clubId: string, request: BlockRequest) =>
  postJson<{ message: string; data: Block; cancelled: number }>(`/api/admin/blocks?${club(clubId)}`, request);

export const liftBlock = (clubId: string, blockId: string) =>
  deleteJson<{ message: string }>(`/api/admin/blocks/${encodeURIComponent(blockId)}?${club(clubId)}`);

export const fetchNotices = (clubId: string, signal?: AbortSignal) =>
  getJson<MailList>(`/api/admin/notices?${club(clubId)}`, signal);

export const retryNotice = (clubId: string, noticeId: string) =>
  postJson<MailList & { message: string }>(
    `/api/admin/notices/${encodeURIComponent(noticeId)}/retry?${club(clubId)}`,
  );

/** A failure's text for a notice: the server's own words when it sent some. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return uiTexts.networkError;
}
