import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Role } from '@platzbuchung/domain/types';
import { membersMachine, type RoleChange } from '../src/features/members/members-machine';
import type { Member, MessageAnswer } from '../src/shared/admin-api';

const member = (id: string, role: Role): Member => ({
  _id: id,
  first_name: 'Steffi',
  last_name: id,
  email: `${id}@example.org`,
  role,
  status: 'active',
  created_at: '2026-11-01T10:00:00.000Z',
  upcoming_bookings: 0,
});

function start(refuse: string | null = null) {
  let members = [member('a', 'admin'), member('b', 'player')];
  const sent: RoleChange[] = [];
  const actors = {
    loadMembers: fromPromise<Member[]>(async () => members),
    changeRole: fromPromise<MessageAnswer<Member[]>, RoleChange>(async ({ input }) => {
      sent.push(input);
      if (refuse) throw new Error(refuse);
      members = members.map((m) => (m._id === input.memberId ? { ...m, role: input.role } : m));
      return { message: 'Die Rolle wurde geändert.', data: members };
    }),
  };
  return { actor: createActor(membersMachine.provide({ actors })).start(), sent };
}

describe('the members machine', () => {
  it('changes a role only after it was confirmed, and shows the refreshed list', async () => {
    const { actor, sent } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'role.ask', memberId: 'b', role: 'admin' });
    expect(actor.getSnapshot().context.pending).toEqual({ memberId: 'b', role: 'admin' });
    expect(sent).toEqual([]);

    actor.send({ type: 'role.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(sent).toEqual([{ memberId: 'b', role: 'admin' }]);
    expect(actor.getSnapshot().context.members.map((m) => m.role)).toEqual(['admin', 'admin']);
    expect(actor.getSnapshot().context.message).toBe('Die Rolle wurde geändert.');
  });

  it('sends nothing when the question is cancelled, or when the role would not change', async () => {
    const { actor, sent } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'role.ask', memberId: 'b', role: 'player' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'role.ask', memberId: 'b', role: 'admin' });
    actor.send({ type: 'role.cancel' });
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal (never the last admin) and keeps the list", async () => {
    const { actor } = start('Der Verein braucht mindestens einen aktiven Administrator.');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'role.ask', memberId: 'a', role: 'player' });
    actor.send({ type: 'role.confirm' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(
      'Der Verein braucht mindestens einen aktiven Administrator.',
    );
    expect(actor.getSnapshot().context.members[0]!.role).toBe('admin');
  });
});
