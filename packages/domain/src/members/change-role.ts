/**
 * The member decider: an admin promotes or demotes a member, and approves, rejects, deactivates or
 * reactivates them (./change-status). The club always keeps one active admin; the club's active
 * admins come in as context, read under the club's lock, so two admins demoting or deactivating
 * each other at once cannot both succeed.
 */
import { adminTexts } from '../admin/texts';
import { accept, reject, type Actor, type Decision } from '../decider';
import type { MemberStatus, Role } from '../types';
import type { MemberEvent } from './events';
import { memberTexts } from './texts';

export type MemberState =
  | { status: 'none' }
  | {
      status: 'member';
      club_id: string;
      role: Role;
      membership: MemberStatus;
      /** The category the admin chose (docs/who-plays.md, "Member categories"); null: none yet. */
      category_id: string | null;
    };

export interface ChangeMemberRole {
  type: 'ChangeMemberRole';
  /** The member whose role changes. */
  user_id: string;
  club_id: string;
  actor: Actor;
  role: Role;
}

export interface MemberContext {
  /** Ids of the club's active admins right now. */
  admins: readonly string[];
}

export function evolveMember(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberRoleChanged':
      return state.status === 'member' ? { ...state, role: event.data.after } : state;
    case 'MemberStatusChanged':
      return state.status === 'member' ? { ...state, membership: event.data.after } : state;
    case 'MemberCategoryChanged':
      return state.status === 'member' ? { ...state, category_id: event.data.after } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unbekanntes Ereignis eines Mitglieds: ${JSON.stringify(unknown)}`);
    }
  }
}

type Member = Extract<MemberState, { status: 'member' }>;

/**
 * The member a command changes, or why it is refused: the actor may have lost the admin role since
 * the request was authorised, and the member must belong to the actor's club.
 */
export function memberToChange(
  command: { actor: Actor; club_id: string },
  state: MemberState,
  { admins }: MemberContext,
): { member: Member } | { refused: Decision<MemberEvent> } {
  if (!admins.includes(command.actor.user_id)) return { refused: reject('forbidden', adminTexts.notAdmin) };
  if (state.status !== 'member' || state.club_id !== command.club_id) {
    return { refused: reject('not_found', adminTexts.memberNotFound) };
  }
  return { member: state };
}

/** Would this change leave the club without an active admin? */
export function removesLastActiveAdmin(userId: string, { admins }: MemberContext): boolean {
  return admins.includes(userId) && admins.length <= 1;
}

export function changeMemberRole(
  command: ChangeMemberRole,
  state: MemberState,
  context: MemberContext,
): Decision<MemberEvent> {
  const found = memberToChange(command, state, context);
  if ('refused' in found) return found.refused;
  const { member } = found;
  if (member.role === command.role) return accept();
  if (command.role === 'player' && removesLastActiveAdmin(command.user_id, context)) {
    return reject('conflict', adminTexts.lastAdmin);
  }
  if (command.role === 'admin' && member.membership !== 'active') {
    return reject('conflict', memberTexts.onlyActiveAdmins);
  }
  return accept({
    type: 'MemberRoleChanged',
    user_id: command.user_id,
    data: { user_id: command.user_id, before: member.role, after: command.role },
  });
}
