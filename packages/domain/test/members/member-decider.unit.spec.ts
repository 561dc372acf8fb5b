/** The member stream's deciders (role and status) as given / when / then, grouped by the member's state. */
import { describe, it } from 'vitest';
import { adminTexts } from '../../src/admin/texts';
import {
  changeMemberRole,
  evolveMember,
  type ChangeMemberRole,
  type MemberContext,
  type MemberState,
} from '../../src/members/change-role';
import { changeMemberStatus, type ChangeMemberStatus } from '../../src/members/change-status';
import type { MemberEvent } from '../../src/members/events';
import { memberTexts } from '../../src/members/texts';
import type { MemberStatus, Role } from '../../src/types';
import { deciderSpecification } from '../support/decider-specification';
import { admin, club, player } from '../reservations/support/fixtures';

/** A member's stream begins at sign-up, outside the log: the tests start from that member. */
const memberFrom = (role: Role, membership: MemberStatus) =>
  deciderSpecification({
    initialState: { status: 'member', club_id: club._id, role, membership } as MemberState,
    evolve: evolveMember,
    decide: (command: ChangeMemberRole | ChangeMemberStatus, state, context: MemberContext) =>
      command.type === 'ChangeMemberRole'
        ? changeMemberRole(command, state, context)
        : changeMemberStatus(command, state, context),
  });

const roleTo = (role: Role, user_id: string = player.user_id, actor = admin): ChangeMemberRole => ({
  type: 'ChangeMemberRole',
  user_id,
  club_id: club._id,
  actor,
  role,
});

const statusTo = (status: MemberStatus, user_id: string = player.user_id): ChangeMemberStatus => ({
  type: 'ChangeMemberStatus',
  user_id,
  club_id: club._id,
  actor: admin,
  status,
});

const roleChanged = (before: Role, after: Role, user_id: string = player.user_id): MemberEvent => ({
  type: 'MemberRoleChanged',
  user_id,
  data: { user_id, before, after },
});

const statusChanged = (
  before: MemberStatus,
  after: MemberStatus,
  user_id: string = player.user_id,
): MemberEvent => ({
  type: 'MemberStatusChanged',
  user_id,
  data: { user_id, before, after },
});

const oneAdmin: MemberContext = { admins: [admin.user_id] };

describe('when the member is a pending player', () => {
  const pending = memberFrom('player', 'pending');

  it('approving records the change', () => {
    pending
      .given()
      .when(statusTo('active'), oneAdmin)
      .then([statusChanged('pending', 'active')]);
  });

  it('cannot be made an admin before being approved', () => {
    pending.given().when(roleTo('admin'), oneAdmin).thenFails('conflict', memberTexts.onlyActiveAdmins);
  });

  it('once approved, can be made an admin', () => {
    pending
      .given(statusChanged('pending', 'active'))
      .when(roleTo('admin'), oneAdmin)
      .then([roleChanged('player', 'admin')]);
  });
});

describe('when the member is an active player', () => {
  const active = memberFrom('player', 'active');

  it('promoting records the change', () => {
    active
      .given()
      .when(roleTo('admin'), oneAdmin)
      .then([roleChanged('player', 'admin')]);
  });

  it('asking for the role or status they already have records nothing', () => {
    active.given().when(roleTo('player'), oneAdmin).then([]);
    active.given().when(statusTo('active'), oneAdmin).then([]);
  });

  it('cannot go back to pending', () => {
    active.given().when(statusTo('pending'), oneAdmin).thenFails('invalid', memberTexts.backToPending);
  });

  it('an actor who is no longer an active admin is refused', () => {
    active.given().when(roleTo('admin'), { admins: [] }).thenFails('forbidden', adminTexts.notAdmin);
  });

  it("another club's member is reported missing", () => {
    active
      .given()
      .when({ ...roleTo('admin'), club_id: 'club-2' }, oneAdmin)
      .thenFails('not_found', adminTexts.memberNotFound);
  });
});

describe('when the member is the only active admin', () => {
  const onlyAdmin = memberFrom('admin', 'active');

  it('cannot be demoted', () => {
    onlyAdmin
      .given()
      .when(roleTo('player', admin.user_id), oneAdmin)
      .thenFails('conflict', adminTexts.lastAdmin);
  });

  it('cannot be deactivated', () => {
    onlyAdmin
      .given()
      .when(statusTo('inactive', admin.user_id), oneAdmin)
      .thenFails('conflict', adminTexts.lastAdmin);
  });

  it('may be demoted when another admin is active', () => {
    onlyAdmin
      .given()
      .when(roleTo('player', admin.user_id), { admins: [admin.user_id, 'user-other-admin'] })
      .then([roleChanged('admin', 'player', admin.user_id)]);
  });
});

describe('when the member was deactivated', () => {
  const deactivated = memberFrom('player', 'active');

  it('reactivating records the change', () => {
    deactivated
      .given(statusChanged('active', 'inactive'))
      .when(statusTo('active'), oneAdmin)
      .then([statusChanged('inactive', 'active')]);
  });

  it('cannot be made an admin while inactive', () => {
    deactivated
      .given(statusChanged('active', 'inactive'))
      .when(roleTo('admin'), oneAdmin)
      .thenFails('conflict', memberTexts.onlyActiveAdmins);
  });
});
