import { describe, expect, it } from 'vitest';
import { adminTexts } from '../../src/admin/texts';
import { changeMemberRole, evolveMember, type MemberState } from '../../src/members/change-role';
import { changeMemberStatus, type ChangeMemberStatus } from '../../src/members/change-status';
import type { MemberStatusChanged } from '../../src/members/events';
import { memberTexts } from '../../src/members/texts';
import type { MemberStatus, Role } from '../../src/types';
import { admin, club, player } from '../reservations/support/fixtures';

const stateOf = (membership: MemberStatus, role: Role = 'player'): MemberState => ({
  status: 'member',
  club_id: club._id,
  role,
  membership,
  category_id: null,
});

const command = (user_id: string, status: MemberStatus, actor = admin): ChangeMemberStatus => ({
  type: 'ChangeMemberStatus',
  user_id,
  club_id: club._id,
  actor,
  status,
});

const changed = (user_id: string, before: MemberStatus, after: MemberStatus): MemberStatusChanged => ({
  type: 'MemberStatusChanged',
  user_id,
  data: { user_id, before, after },
});

const oneAdmin = { admins: [admin.user_id] };

describe('when the member is pending', () => {
  it('approving records the change, and the state follows it', () => {
    const decision = changeMemberStatus(command(player.user_id, 'active'), stateOf('pending'), oneAdmin);
    expect(decision).toEqual({ ok: true, events: [changed(player.user_id, 'pending', 'active')] });
    expect(evolveMember(stateOf('pending'), changed(player.user_id, 'pending', 'active'))).toEqual(
      stateOf('active'),
    );
  });

  it('rejecting makes them inactive', () => {
    expect(changeMemberStatus(command(player.user_id, 'inactive'), stateOf('pending'), oneAdmin)).toEqual({
      ok: true,
      events: [changed(player.user_id, 'pending', 'inactive')],
    });
  });

  it('cannot be made an admin before being approved', () => {
    const decision = changeMemberRole(
      { type: 'ChangeMemberRole', user_id: player.user_id, club_id: club._id, actor: admin, role: 'admin' },
      stateOf('pending'),
      oneAdmin,
    );
    expect(decision).toEqual({
      ok: false,
      error: { kind: 'conflict', message: memberTexts.onlyActiveAdmins },
    });
  });
});

describe('when the member is active', () => {
  it('deactivating records the change', () => {
    expect(changeMemberStatus(command(player.user_id, 'inactive'), stateOf('active'), oneAdmin)).toEqual({
      ok: true,
      events: [changed(player.user_id, 'active', 'inactive')],
    });
  });

  it('cannot go back to pending', () => {
    expect(changeMemberStatus(command(player.user_id, 'pending'), stateOf('active'), oneAdmin)).toEqual({
      ok: false,
      error: { kind: 'invalid', message: memberTexts.backToPending },
    });
  });

  it('asking for the status they already have records nothing', () => {
    expect(changeMemberStatus(command(player.user_id, 'active'), stateOf('active'), oneAdmin)).toEqual({
      ok: true,
      events: [],
    });
  });
});

describe('when the member is inactive', () => {
  it('reactivating records the change', () => {
    expect(changeMemberStatus(command(player.user_id, 'active'), stateOf('inactive'), oneAdmin)).toEqual({
      ok: true,
      events: [changed(player.user_id, 'inactive', 'active')],
    });
  });

  it('cannot go back to pending either', () => {
    expect(changeMemberStatus(command(player.user_id, 'pending'), stateOf('inactive'), oneAdmin).ok).toBe(
      false,
    );
  });
});

describe('the last active admin', () => {
  it('cannot deactivate themselves', () => {
    expect(
      changeMemberStatus(command(admin.user_id, 'inactive'), stateOf('active', 'admin'), oneAdmin),
    ).toEqual({ ok: false, error: { kind: 'conflict', message: adminTexts.lastAdmin } });
  });

  it('may when another admin is active', () => {
    const decision = changeMemberStatus(command(admin.user_id, 'inactive'), stateOf('active', 'admin'), {
      admins: [admin.user_id, 'user-2'],
    });
    expect(decision).toEqual({ ok: true, events: [changed(admin.user_id, 'active', 'inactive')] });
  });

  it('cannot be demoted while an inactive admin is the only other one', () => {
    // The inactive admin is not in the context: only active admins count.
    const decision = changeMemberRole(
      { type: 'ChangeMemberRole', user_id: admin.user_id, club_id: club._id, actor: admin, role: 'player' },
      stateOf('active', 'admin'),
      oneAdmin,
    );
    expect(decision).toEqual({ ok: false, error: { kind: 'conflict', message: adminTexts.lastAdmin } });
  });

  it('may demote an inactive admin', () => {
    const decision = changeMemberRole(
      { type: 'ChangeMemberRole', user_id: 'user-old', club_id: club._id, actor: admin, role: 'player' },
      stateOf('inactive', 'admin'),
      oneAdmin,
    );
    expect(decision.ok).toBe(true);
  });
});

describe('who may', () => {
  it('an actor who is no longer an active admin is refused', () => {
    expect(
      changeMemberStatus(command(player.user_id, 'active'), stateOf('pending'), { admins: ['other'] }),
    ).toEqual({ ok: false, error: { kind: 'forbidden', message: adminTexts.notAdmin } });
  });

  it("another club's member is reported missing", () => {
    const foreign: MemberState = { ...stateOf('pending'), club_id: 'club-2' } as MemberState;
    expect(changeMemberStatus(command(player.user_id, 'active'), foreign, oneAdmin)).toEqual({
      ok: false,
      error: { kind: 'not_found', message: adminTexts.memberNotFound },
    });
    expect(changeMemberStatus(command('nobody', 'active'), { status: 'none' }, oneAdmin).ok).toBe(false);
  });
});
