/**
 * Approving, rejecting, deactivating and reactivating a member. A status never goes back to
 * `pending`; the last active admin cannot deactivate themselves (the context lists the club's
 * active admins, read under the club's lock). Deactivating keeps the member's bookings: cancelling
 * them is the admin's separate choice (./upcoming-bookings).
 */
import { adminTexts } from '../admin/texts';
import { accept, reject, type Actor, type Decision } from '../decider';
import type { MemberStatus } from '../types';
import { memberToChange, removesLastActiveAdmin, type MemberContext, type MemberState } from './change-role';
import type { MemberEvent } from './events';
import { memberTexts, transitionOf } from './texts';

export interface ChangeMemberStatus {
  type: 'ChangeMemberStatus';
  /** The member whose status changes. */
  user_id: string;
  club_id: string;
  actor: Actor;
  status: MemberStatus;
}

export function changeMemberStatus(
  command: ChangeMemberStatus,
  state: MemberState,
  context: MemberContext,
): Decision<MemberEvent> {
  const found = memberToChange(command, state, context);
  if ('refused' in found) return found.refused;
  const { member } = found;
  if (member.membership === command.status) return accept();
  if (!transitionOf(member.membership, command.status)) return reject('invalid', memberTexts.backToPending);
  if (command.status !== 'active' && removesLastActiveAdmin(command.user_id, context)) {
    return reject('conflict', adminTexts.lastAdmin);
  }
  return accept({
    type: 'MemberStatusChanged',
    user_id: command.user_id,
    data: { user_id: command.user_id, before: member.membership, after: command.status },
  });
}
