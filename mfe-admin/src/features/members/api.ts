/** What the admin changes about a member; each answers with the member list as it is afterwards. */
import type { MemberStatus, Role } from '@platzbuchung/domain/types';
import { deleteJson, postJson, putJson } from '@platzbuchung/ui/api/client';
import { clubQuery, type MessageAnswer } from '../../shared/admin-api';
import { fetchMembers, type Member } from '../../shared/members-api';

export const changeRole = (clubId: string, memberId: string, role: Role) =>
  putJson<MessageAnswer<Member[]>>(
    `/api/admin/members/${encodeURIComponent(memberId)}/role?${clubQuery(clubId)}`,
    { role },
  );

export const changeStatus = (clubId: string, memberId: string, status: MemberStatus) =>
  putJson<MessageAnswer<Member[]>>(
    `/api/admin/members/${encodeURIComponent(memberId)}/status?${clubQuery(clubId)}`,
    { status },
  );

export const cancelUpcomingBookings = (clubId: string, memberId: string) =>
  postJson<MessageAnswer<Member[]> & { cancelled: number }>(
    `/api/admin/members/${encodeURIComponent(memberId)}/cancel-upcoming?${clubQuery(clubId)}`,
    {},
  );

/** Erases an inactive member (docs/privacy-erasure.md); answers with the list as it is afterwards. */
export const eraseMember = async (clubId: string, memberId: string): Promise<MessageAnswer<Member[]>> => {
  const { message } = await deleteJson<{ message: string }>(
    `/api/admin/members/${encodeURIComponent(memberId)}?${clubQuery(clubId)}`,
  );
  return { message, data: await fetchMembers(clubId) };
};

/**
 * Every member as a spreadsheet, with the hours each booked in the club's year `year` (the API's
 * export, docs/architecture/exports.md); a plain link the browser downloads.
 */
export const membersCsvHref = (clubId: string, year: string) =>
  `/api/admin/export/members.csv?${clubQuery(clubId)}&from=${year}-01-01&to=${year}-12-31`;
