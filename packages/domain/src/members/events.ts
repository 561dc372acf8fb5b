/** The member stream's events: one stream per member, keyed by the member's user id. */
import type { Role } from '../types';

/** An admin made a member an admin or a player. */
export interface MemberRoleChanged {
  type: 'MemberRoleChanged';
  user_id: string;
  data: { user_id: string; before: Role; after: Role };
}

export type MemberEvent = MemberRoleChanged;
