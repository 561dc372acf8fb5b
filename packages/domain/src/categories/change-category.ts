/**
 * An admin puts a member in one of the club's categories (docs/who-plays.md, "Member categories").
 * The club's categories and its active admins come in as context, read under the club's lock.
 */
import { accept, reject, type Actor, type Decision } from '../decider';
import { memberToChange, type MemberContext, type MemberState } from '../members/change-role';
import type { MemberEvent } from '../members/events';
import type { MemberCategory } from '../schemas';
import * as categoryTexts from './texts';

export interface ChangeMemberCategory {
  type: 'ChangeMemberCategory';
  /** The member whose category changes. */
  user_id: string;
  club_id: string;
  actor: Actor;
  category_id: string;
}

export interface MemberCategoryContext extends MemberContext {
  /** The club's categories now. */
  categories: readonly MemberCategory[];
}

export function changeMemberCategory(
  command: ChangeMemberCategory,
  state: MemberState,
  context: MemberCategoryContext,
): Decision<MemberEvent> {
  const found = memberToChange(command, state, context);
  if ('refused' in found) return found.refused;
  if (!context.categories.some((c) => c.id === command.category_id)) {
    return reject('invalid', categoryTexts.unknownCategory);
  }
  if (found.member.category_id === command.category_id) return accept();
  return accept({
    type: 'MemberCategoryChanged',
    user_id: command.user_id,
    data: { user_id: command.user_id, before: found.member.category_id, after: command.category_id },
  });
}
