/** Given / when / then for the admin putting a member in a category. */
import { describe, expect, it } from 'vitest';
import { adminTexts } from '../../src/admin/texts';
import { changeMemberCategory, type ChangeMemberCategory } from '../../src/categories/change-category';
import { evolveMember, type MemberState } from '../../src/members/change-role';
import { admin, club, player } from '../reservations/support/fixtures';
import { adults, juniors, passive } from './support';

const lena = (category_id: string | null): MemberState => ({
  status: 'member',
  club_id: club._id,
  role: 'player',
  membership: 'active',
  category_id,
});
const put = (category_id: string, actor: ChangeMemberCategory['actor'] = admin): ChangeMemberCategory => ({
  type: 'ChangeMemberCategory',
  user_id: player.user_id,
  club_id: club._id,
  actor,
  category_id,
});
const context = { admins: [admin.user_id], categories: [adults, juniors, passive] };

describe('change-member-category', () => {
  it('given Lena in no category, when the admin puts her in Jugend, then MemberCategoryChanged and the state follows', () => {
    const decision = changeMemberCategory(put('jugend'), lena(null), context);
    const event = {
      type: 'MemberCategoryChanged',
      user_id: player.user_id,
      data: { user_id: player.user_id, before: null, after: 'jugend' },
    } as const;
    expect(decision).toEqual({ ok: true, events: [event] });
    expect(evolveMember(lena(null), event)).toEqual(lena('jugend'));
  });
  it('given Lena in Jugend, when put in Jugend again, then nothing is recorded', () => {
    expect(changeMemberCategory(put('jugend'), lena('jugend'), context)).toEqual({ ok: true, events: [] });
  });
  it('given a category the club has not, or an actor who is no admin, then refused', () => {
    expect(changeMemberCategory(put('senioren'), lena(null), context)).toEqual({
      ok: false,
      error: { kind: 'invalid', message: 'Diese Kategorie gibt es in Ihrem Verein nicht.' },
    });
    expect(changeMemberCategory(put('jugend', player), lena(null), context)).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: adminTexts.notAdmin },
    });
  });
});
