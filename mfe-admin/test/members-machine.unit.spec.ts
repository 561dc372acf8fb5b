import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { erasureTexts } from '@platzbuchung/domain/members/erasure';
import type { MemberStatus, Role } from '@platzbuchung/domain/types';
import { membersMachine, visibleMembers, type MemberChange } from '../src/features/members/members-machine';
import { questionFor } from '../src/features/members/member-actions';
import type { Member } from '../src/shared/members-api';
import type { MessageAnswer } from '../src/shared/admin-api';

const member = (id: string, role: Role, status: MemberStatus = 'active', upcoming = 0): Member => ({
  _id: id,
  first_name: 'Steffi',
  last_name: id,
  email: `${id}@example.org`,
  role,
  status,
  created_at: '2026-11-01T10:00:00.000Z',
  upcoming_bookings: upcoming,
  category_id: null,
  birth_year: null,
  category: 'mitglied',
});

function apply(members: Member[], { memberId, action }: MemberChange): Member[] {
  return members
    .map((m) => {
      if (m._id !== memberId) return m;
      if (action.kind === 'role') return { ...m, role: action.role };
      if (action.kind === 'status') return { ...m, status: action.status };
      return { ...m, upcoming_bookings: 0 };
    })
    .filter((m) => !(m._id === memberId && action.kind === 'erase'));
}

function start(initial: Member[], refuse: string | null = null) {
  let members = initial;
  const sent: MemberChange[] = [];
  const actors = {
    loadMembers: fromPromise<Member[]>(async () => members),
    changeMember: fromPromise<MessageAnswer<Member[]>, MemberChange>(async ({ input }) => {
      sent.push(input);
      if (refuse) throw new Error(refuse);
      members = apply(members, input);
      return { message: 'Gespeichert.', data: members };
    }),
  };
  return { actor: createActor(membersMachine.provide({ actors })).start(), sent };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('the members machine', () => {
  it('opens on Offen when someone waits, on Aktiv otherwise, and filters by status', async () => {
    const waiting = start([member('a', 'admin'), member('n', 'player', 'pending')]).actor;
    await ready(waiting);
    expect(waiting.getSnapshot().context.filter).toBe('pending');
    expect(visibleMembers(waiting.getSnapshot().context).map((m) => m._id)).toEqual(['n']);
    waiting.send({ type: 'filter.select', status: 'active' });
    expect(visibleMembers(waiting.getSnapshot().context).map((m) => m._id)).toEqual(['a']);

    const calm = start([member('a', 'admin')]).actor;
    await ready(calm);
    expect(calm.getSnapshot().context.filter).toBe('active');
  });

  it('approves only after the popup was confirmed, and shows the refreshed list', async () => {
    const { actor, sent } = start([member('a', 'admin'), member('n', 'player', 'pending')]);
    await ready(actor);
    const approve = { kind: 'status', status: 'active' } as const;
    actor.send({ type: 'change.ask', memberId: 'n', action: approve });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(actor.getSnapshot().context.pending).toEqual({ memberId: 'n', action: approve });
    expect(sent).toEqual([]);

    actor.send({ type: 'change.confirm' });
    await ready(actor);
    expect(sent).toEqual([{ memberId: 'n', action: approve }]);
    expect(actor.getSnapshot().context.members.map((m) => m.status)).toEqual(['active', 'active']);
    expect(actor.getSnapshot().context.message).toBe('Gespeichert.');
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('sends nothing when the popup is cancelled', async () => {
    const { actor, sent } = start([member('a', 'admin'), member('b', 'player')]);
    await ready(actor);
    actor.send({ type: 'change.ask', memberId: 'b', action: { kind: 'status', status: 'inactive' } });
    actor.send({ type: 'change.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(sent).toEqual([]);
  });

  it('asks nothing for a change that changes nothing or is not allowed', async () => {
    const { actor } = start([
      member('a', 'admin'),
      member('b', 'player'),
      member('n', 'player', 'pending'),
      member('x', 'player', 'inactive'),
    ]);
    await ready(actor);
    const asks = [
      { memberId: 'b', action: { kind: 'role', role: 'player' } },
      { memberId: 'b', action: { kind: 'status', status: 'active' } },
      { memberId: 'b', action: { kind: 'status', status: 'pending' } },
      // Only approved members become admins; only bookings still to come can be cancelled.
      { memberId: 'n', action: { kind: 'role', role: 'admin' } },
      { memberId: 'x', action: { kind: 'cancelBookings' } },
      { memberId: 'nobody', action: { kind: 'status', status: 'active' } },
      // Only inactive members can be erased.
      { memberId: 'b', action: { kind: 'erase' } },
      { memberId: 'n', action: { kind: 'erase' } },
    ] as const;
    for (const ask of asks) {
      actor.send({ type: 'change.ask', ...ask });
      expect(actor.getSnapshot().matches('ready')).toBe(true);
    }
  });

  it('cancels an inactive member’s upcoming bookings after confirming', async () => {
    const { actor, sent } = start([member('a', 'admin'), member('x', 'player', 'inactive', 2)]);
    await ready(actor);
    actor.send({ type: 'change.ask', memberId: 'x', action: { kind: 'cancelBookings' } });
    actor.send({ type: 'change.confirm' });
    await ready(actor);
    expect(sent).toEqual([{ memberId: 'x', action: { kind: 'cancelBookings' } }]);
    expect(actor.getSnapshot().context.members[1]!.upcoming_bookings).toBe(0);
  });

  it('erases an inactive member after confirming, and the list no longer has them', async () => {
    const { actor, sent } = start([member('a', 'admin'), member('x', 'player', 'inactive', 1)]);
    await ready(actor);
    actor.send({ type: 'change.ask', memberId: 'x', action: { kind: 'erase' } });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    actor.send({ type: 'change.confirm' });
    await ready(actor);
    expect(sent).toEqual([{ memberId: 'x', action: { kind: 'erase' } }]);
    expect(actor.getSnapshot().context.members.map((m) => m._id)).toEqual(['a']);
  });

  it("shows the server's refusal (never the last active admin) and keeps the list", async () => {
    const refusal = 'Der Verein braucht mindestens einen aktiven Administrator.';
    const { actor } = start([member('a', 'admin'), member('b', 'admin')], refusal);
    await ready(actor);
    actor.send({ type: 'change.ask', memberId: 'a', action: { kind: 'role', role: 'player' } });
    actor.send({ type: 'change.confirm' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(refusal);
    expect(actor.getSnapshot().context.members[0]!.role).toBe('admin');
  });

  it('retries a failed load', async () => {
    let calls = 0;
    const actor = createActor(
      membersMachine.provide({
        actors: {
          loadMembers: fromPromise<Member[]>(async () => {
            calls += 1;
            if (calls === 1) throw new Error('Netzwerkfehler');
            return [member('a', 'admin')];
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Netzwerkfehler');
    actor.send({ type: 'members.retry' });
    await ready(actor);
    expect(actor.getSnapshot().context.members).toHaveLength(1);
  });
});

describe('the confirming questions', () => {
  it('draw the confirming button as destructive where something is taken away', () => {
    const active = member('b', 'player', 'active', 1);
    const destructive = (m: Member, action: MemberChange['action']) => questionFor(m, action).destructive;
    expect(destructive(active, { kind: 'status', status: 'inactive' })).toBe(true);
    expect(destructive(member('n', 'player', 'pending'), { kind: 'status', status: 'inactive' })).toBe(true);
    expect(destructive(member('x', 'player', 'inactive', 1), { kind: 'erase' })).toBe(true);
    expect(destructive(member('x', 'player', 'inactive', 1), { kind: 'cancelBookings' })).toBe(true);
    expect(destructive(member('n', 'player', 'pending'), { kind: 'status', status: 'active' })).toBe(false);
    expect(destructive(active, { kind: 'role', role: 'admin' })).toBe(false);
  });

  it('say what each change means, with the upcoming bookings when deactivating', () => {
    expect(questionFor(member('n', 'player', 'pending'), { kind: 'status', status: 'active' })).toMatchObject(
      {
        title: 'Mitgliedschaft freigeben',
        confirmText: 'Freigeben',
      },
    );
    expect(
      questionFor(member('n', 'player', 'pending'), { kind: 'status', status: 'inactive' }).confirmText,
    ).toBe('Ablehnen');
    expect(
      questionFor(member('b', 'player', 'active', 3), { kind: 'status', status: 'inactive' }).question,
    ).toBe(
      'Steffi b deaktivieren? Steffi hat 3 anstehende Reservierungen; sie bleiben bestehen, Sie können sie danach stornieren.',
    );
    // One booking: the verb agrees.
    expect(
      questionFor(member('b', 'player', 'active', 1), { kind: 'status', status: 'inactive' }).question,
    ).toBe(
      'Steffi b deaktivieren? Steffi hat 1 anstehende Reservierung; sie bleibt bestehen, Sie können sie danach stornieren.',
    );
    expect(
      questionFor(member('x', 'player', 'inactive'), { kind: 'status', status: 'active' }).confirmText,
    ).toBe('Aktivieren');
    expect(questionFor(member('x', 'player', 'inactive', 1), { kind: 'cancelBookings' }).question).toContain(
      '1 anstehende Reservierung von Steffi x stornieren?',
    );
    expect(questionFor(member('x', 'player', 'inactive', 2), { kind: 'erase' })).toEqual({
      title: 'Mitglied löschen',
      question: erasureTexts.adminQuestion('Steffi x', 2),
      confirmText: 'Endgültig löschen',
      destructive: true,
    });
    expect(erasureTexts.adminQuestion('Steffi x', 2)).toContain(
      'Die 2 kommenden Buchungen werden storniert.',
    );
  });
});
