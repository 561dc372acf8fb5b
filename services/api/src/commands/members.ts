/** Member commands for the generic handler (./handle): the stream is one member. */
import {
  changeMemberRole,
  type ChangeMemberRole,
  type ChangeMemberRoleContext,
  type MemberState,
} from '@platzbuchung/domain/members/change-role';
import type { MemberEvent } from '@platzbuchung/domain/members/events';
import type { CommandDefinition } from './handle';

/**
 * A member's stream begins at sign-up, which writes the `users` row (sign-up is not an event yet);
 * the row, whose role the member projection keeps, is therefore the stream's state.
 */
export const changeMemberRoleCommand: CommandDefinition<
  ChangeMemberRole,
  MemberState,
  ChangeMemberRoleContext,
  MemberEvent
> = {
  streamType: 'member',
  streamId: (command) => command.user_id,
  loadState: async (trx, streamId) => {
    const row = await trx('users').where({ id: streamId }).first('club_id', 'role');
    const state: MemberState = row
      ? { status: 'member', club_id: row.club_id, role: row.role }
      : { status: 'none' };
    return { state };
  },
  loadContext: async (trx, club) => ({
    admins: await trx('users').where({ club_id: club._id, role: 'admin' }).pluck('id'),
  }),
  decide: (command, state, context) => changeMemberRole(command, state, context),
};
