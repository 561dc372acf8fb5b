/**
 * The members list and role changes: a change is asked for, confirmed, then sent; the server's
 * answer (the refreshed list, or its refusal such as "never the last admin") is shown.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Role } from '@platzbuchung/domain/types';
import type { MessageAnswer, Member } from '../../shared/admin-api';

export interface RoleChange {
  memberId: string;
  role: Role;
}

export interface MembersContext {
  members: Member[];
  pending: RoleChange | null;
  message: string | null;
  error: string | null;
}

export type MembersEvent =
  | { type: 'role.ask'; memberId: string; role: Role }
  | { type: 'role.confirm' }
  | { type: 'role.cancel' }
  | { type: 'members.retry' };

const text = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const membersMachine = setup({
  types: {
    context: {} as MembersContext,
    events: {} as MembersEvent,
  },
  actors: {
    loadMembers: fromPromise<Member[]>(async () => {
      throw new Error('loadMembers must be provided');
    }),
    changeRole: fromPromise<MessageAnswer<Member[]>, RoleChange>(async () => {
      throw new Error('changeRole must be provided');
    }),
  },
  guards: {
    isChange: ({ context, event }) =>
      event.type === 'role.ask' &&
      context.members.some((m) => m._id === event.memberId && m.role !== event.role),
  },
}).createMachine({
  id: 'members',
  context: { members: [], pending: null, message: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadMembers',
        onDone: { target: 'ready', actions: assign({ members: ({ event }) => event.output, error: null }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => text(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'members.retry': 'loading' },
    },
    ready: {
      on: {
        'role.ask': {
          guard: 'isChange',
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: { memberId: event.memberId, role: event.role },
            message: null,
            error: null,
          })),
        },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'role.confirm': 'saving',
        'role.cancel': { target: 'ready', actions: assign({ pending: null }) },
        // Asking about another member replaces the open question.
        'role.ask': {
          guard: 'isChange',
          actions: assign(({ event }) => ({ pending: { memberId: event.memberId, role: event.role } })),
        },
      },
    },
    saving: {
      tags: ['saving', 'confirming'],
      invoke: {
        src: 'changeRole',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            members: event.output.data,
            message: event.output.message,
            pending: null,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ error: text(event.error), pending: null })),
        },
      },
    },
  },
});
