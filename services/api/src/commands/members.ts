/** Member commands for the generic handler (./handle): the stream is one member. */
import type { Knex } from 'knex';
import {
  changeMemberRole,
  type ChangeMemberRole,
  type MemberContext,
  type MemberState,
} from '@platzbuchung/domain/members/change-role';
import { changeMemberStatus, type ChangeMemberStatus } from '@platzbuchung/domain/members/change-status';
import type { MemberEvent } from '@platzbuchung/domain/members/events';
import {
  changeMemberCategory,
  type ChangeMemberCategory,
  type MemberCategoryContext,
} from '@platzbuchung/domain/categories/change-category';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { Actor } from '@platzbuchung/domain/decider';
import type { Club } from '@platzbuchung/domain/types';
import type { CommandDefinition } from './definition';

/**
 * A member's stream begins at sign-up, which writes the `users` row (sign-up is not an event yet);
 * the row, whose role and status the member projections keep, is therefore the stream's state.
 */
async function loadMember(trx: Knex.Transaction, streamId: string) {
  const row = await trx('users').where({ id: streamId }).first('club_id', 'role', 'status', 'category_id');
  const state: MemberState = row
    ? {
        status: 'member',
        club_id: row.club_id,
        role: row.role,
        membership: row.status,
        category_id: row.category_id,
      }
    : { status: 'none' };
  return { state };
}

/** The club's active admins, read under the club's lock: the last one must stay. */
async function loadAdmins(trx: Knex.Transaction, club: Club): Promise<MemberContext> {
  return {
    admins: await trx('users').where({ club_id: club._id, role: 'admin', status: 'active' }).pluck('id'),
  };
}

/** The club's admins and its categories now, read under the club's lock. */
async function loadCategoryContext(trx: Knex.Transaction, club: Club): Promise<MemberCategoryContext> {
  const row = await trx('clubs').where({ id: club._id }).first('play_rules');
  return { ...(await loadAdmins(trx, club)), categories: playRulesOf(row?.play_rules ?? {}).categories };
}

type MemberCommandDefinition<C extends { actor: Actor }> = CommandDefinition<
  C,
  MemberState,
  MemberContext,
  MemberEvent
>;

export const changeMemberRoleCommand: MemberCommandDefinition<ChangeMemberRole> = {
  streamType: 'member',
  streamId: (command) => command.user_id,
  loadState: loadMember,
  loadContext: loadAdmins,
  decide: (command, state, context) => changeMemberRole(command, state, context),
};

export const changeMemberStatusCommand: MemberCommandDefinition<ChangeMemberStatus> = {
  streamType: 'member',
  streamId: (command) => command.user_id,
  loadState: loadMember,
  loadContext: loadAdmins,
  decide: (command, state, context) => changeMemberStatus(command, state, context),
};

export const changeMemberCategoryCommand: CommandDefinition<
  ChangeMemberCategory,
  MemberState,
  MemberCategoryContext,
  MemberEvent
> = {
  streamType: 'member',
  streamId: (command) => command.user_id,
  loadState: loadMember,
  loadContext: loadCategoryContext,
  decide: (command, state, context) => changeMemberCategory(command, state, context),
};
