/** The Warteliste's calls (docs/adding-a-change.md): the member's own entries, joining, leaving. */
import { deleteJson, getJson, postJson } from '@platzbuchung/ui/api/client';
import { waitlistPath } from '@platzbuchung/domain/waitlist/requests';
import type { JoinWaitlistBody } from '@platzbuchung/domain/waitlist/schemas';

/** One entry as the API lists it: one hour on one court. */
export interface WaitlistEntryShown {
  _id: string;
  court_num: string;
  date: string;
  start_time: number;
  end_time: number;
}

/** The list's address is the one the grid's page answers inline (screen-requests). */
const path = (clubId: string, id?: string) =>
  id ? `/api/waitlist/${encodeURIComponent(id)}?club_id=${encodeURIComponent(clubId)}` : waitlistPath(clubId);

export async function fetchWaitlist(clubId: string, signal?: AbortSignal): Promise<WaitlistEntryShown[]> {
  return (await getJson<{ data: WaitlistEntryShown[] }>(path(clubId), signal)).data;
}

export async function joinWaitlist(clubId: string, body: JoinWaitlistBody): Promise<WaitlistEntryShown> {
  return (await postJson<{ data: WaitlistEntryShown }>(path(clubId), body)).data;
}

export async function leaveWaitlist(clubId: string, id: string): Promise<void> {
  await deleteJson(path(clubId, id));
}
