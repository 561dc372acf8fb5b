/**
 * The club's members as the admin sees them: the members screen lists and changes them, the log,
 * the record of changes, "Stand am" and the admin's frame name them.
 */
import type { MemberStatus, Role } from '@platzbuchung/domain/types';
import { getJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from './admin-api';

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
  /** The category the admin chose (null: none, the club's first), docs/who-plays.md "Member categories". */
  category_id: string | null;
  birth_year: number | null;
  /** The category that holds today: a junior's follows the birth year. */
  category: string;
}

export const fetchMembers = (clubId: string, signal?: AbortSignal) =>
  getJson<Member[]>(`/api/admin/members?${clubQuery(clubId)}`, signal);
