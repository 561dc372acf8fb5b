import { describe, expect, it } from 'vitest';
import { adminTexts } from '../../src/admin/texts';
import {
  changeMemberRole,
  evolveMember,
  type ChangeMemberRole,
  type MemberState,
} from '../../src/members/change-role';
import type { Role } from '../../src/types';
import { admin, club, player } from '../reservations/support/fixtures';

const asPlayer: MemberState = {
  status: 'member',
  club_id: club._id,
  role: 'player',
  membership: 'active',
  category_id: null,
};
const asAdmin: MemberState = {
  status: 'member',
  club_id: club._id,
  role: 'admin',
  membership: 'active',
  category_id: null,
};

const make = (user_id: string, role: Role, actor = admin): ChangeMemberRole => ({
  type: 'ChangeMemberRole',
  user_id,
  club_id: club._id,
  actor,
  role,
});

describe('promoting and demoting', () => {
  it('promoting a player records the change, and the state follows it', () => {
    const decision = changeMemberRole(make(player.user_id, 'admin'), asPlayer, { admins: [admin.user_id] });
    const event = {
      type: 'MemberRoleChanged',
      user_id: player.user_id,
      data: { user_id: player.user_id, before: 'player', after: 'admin' },
    } as const;
    expect(decision).toEqual({ ok: true, events: [event] });
    expect(evolveMember(asPlayer, event)).toEqual(asAdmin);
  });

  it('asking for the role a member already has changes nothing and records nothing', () => {
    expect(changeMemberRole(make(player.user_id, 'player'), asPlayer, { admins: [admin.user_id] })).toEqual({
      ok: true,
      events: [],
    });
  });

  it('the last admin cannot be demoted, not even by themselves', () => {
    expect(changeMemberRole(make(admin.user_id, 'player'), asAdmin, { admins: [admin.user_id] })).toEqual({
      ok: false,
      error: { kind: 'conflict', message: adminTexts.lastAdmin },
    });
  });

  it('with two admins, one may demote the other', () => {
    const decision = changeMemberRole(make('user-2', 'player'), asAdmin, {
      admins: [admin.user_id, 'user-2'],
    });
    expect(decision.ok).toBe(true);
  });
});

describe('who may', () => {
  it('an actor who is no longer an admin is refused', () => {
    expect(
      changeMemberRole(make(player.user_id, 'admin'), asPlayer, { admins: ['someone-else'] }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
  });

  it('a member of another club, or nobody, is not found', () => {
    const elsewhere: MemberState = {
      status: 'member',
      club_id: 'club-2',
      role: 'player',
      membership: 'active',
      category_id: null,
    };
    for (const state of [elsewhere, { status: 'none' } as const]) {
      expect(changeMemberRole(make(player.user_id, 'admin'), state, { admins: [admin.user_id] })).toEqual({
        ok: false,
        error: { kind: 'not_found', message: adminTexts.memberNotFound },
      });
    }
  });
});
