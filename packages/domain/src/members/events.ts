/** The member stream's events: one stream per member, keyed by the member's user id. */
import type { MemberStatus, Role } from '../types';

/** An admin made a member an admin or a player. */
export interface MemberRoleChanged {
  type: 'MemberRoleChanged';
  user_id: string;
  data: { user_id: string; before: Role; after: Role };
}

/**
 * An admin approved, rejected, deactivated or reactivated a member. With the envelope's `club_id`
 * and `actor_id` it says everything a notification needs: whose membership, in which club, the
 * new standing and who decided.
 */
export interface MemberStatusChanged {
  type: 'MemberStatusChanged';
  user_id: string;
  data: { user_id: string; before: MemberStatus; after: MemberStatus };
}

/**
 * An admin put a member in one of the club's categories (docs/who-plays.md, "Member categories"),
 * by its id; `before` null: in none yet (the club's first).
 */
export interface MemberCategoryChanged {
  type: 'MemberCategoryChanged';
  user_id: string;
  data: { user_id: string; before: string | null; after: string };
}

export type MemberEvent = MemberRoleChanged | MemberStatusChanged | MemberCategoryChanged;
