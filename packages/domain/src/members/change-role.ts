/**
 * The member decider: an admin promotes or demotes a member. The club always keeps one admin; the
 * club's admins come in as context, read under the club's lock, so two admins demoting each other
 * at once cannot both succeed.
 */
import { adminTexts } from '../admin/texts';
import { accept, reject, type Actor, type Decision } from '../reservations/decision';
import type { Role } from '../types';
import type { MemberEvent } from './events';

export type MemberState = { status: 'none' } | { status: 'member'; club_id: string; role: Role };

export interface ChangeMemberRole {
  type: 'ChangeMemberRole';
  /** The member whose role changes. */
  user_id: string;
  club_id: string;
  actor: Actor;
  role: Role;
}

export interface ChangeMemberRoleContext {
  /** Ids of the club's admins right now. */
  admins: readonly string[];
}

export function evolveMember(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberRoleChanged':
      return state.status === 'member' ? { ...state, role: event.data.after } : state;
    default: {
      const unknown: never = event.type;
      throw new Error(`Unknown member event: ${String(unknown)}`);
    }
  }
}

export function changeMemberRole(
  command: ChangeMemberRole,
  state: MemberState,
  { admins }: ChangeMemberRoleContext,
): Decision<MemberEvent> {
  // The actor may have lost the role since the request was authorised.
  if (!admins.includes(command.actor.user_id)) return reject('forbidden', adminTexts.notAdmin);
  if (state.status === 'none' || state.club_id !== command.club_id) {
    return reject('not_found', adminTexts.memberNotFound);
  }
  if (state.role === command.role) return accept();
  if (command.role === 'player' && admins.length <= 1) return reject('conflict', adminTexts.lastAdmin);
  return accept({
    type: 'MemberRoleChanged',
    user_id: command.user_id,
    data: { user_id: command.user_id, before: state.role, after: command.role },
  });
}
