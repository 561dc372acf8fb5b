/**
 * The members list and every change an admin makes to a member: a role, a status (approve,
 * reject, deactivate, reactivate), cancelling their upcoming bookings, or erasing an inactive one. A change is asked for,
 * confirmed in a popup, then sent; the server's answer (the refreshed list, or its refusal such as
 * "never the last active admin") is shown. The list is filtered by status (Offen, Aktiv, Inaktiv
 * or all), searched by name or address and sorted (member-list).
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import { adminMayErase } from '@platzbuchung/domain/members/erasure';
import { transitionOf } from '@platzbuchung/domain/members/texts';
import type { MemberStatus, Role } from '@platzbuchung/domain/types';
import type { MessageAnswer } from '../../shared/admin-api';
import type { Member } from '../../shared/members-api';
import { listMembers, type MemberFilter, type MemberSort } from './member-list';

export type MemberAction =
  | { kind: 'role'; role: Role }
  | { kind: 'status'; status: MemberStatus }
  | { kind: 'cancelBookings' }
  /** Erase an inactive member (docs/privacy-erasure.md). */
  | { kind: 'erase' };

export interface MemberChange {
  memberId: string;
  action: MemberAction;
}

interface MembersContext {
  members: Member[];
  filter: MemberFilter;
  /** What the admin typed into the search: part of a name or an address. */
  query: string;
  sort: MemberSort;
  pending: MemberChange | null;
  message: string | null;
  error: string | null;
}

type MembersEvent =
  | { type: 'filter.select'; status: MemberFilter }
  | { type: 'search.change'; query: string }
  | { type: 'sort.select'; sort: MemberSort }
  | { type: 'change.ask'; memberId: string; action: MemberAction }
  | { type: 'change.confirm' }
  | { type: 'change.cancel' }
  | { type: 'members.retry' }
  /** A change made outside the popup (a category: member-category) answered the list as it is now. */
  | { type: 'members.changed'; answer: MessageAnswer<Member[]> };

/** Would the action change anything for this member? Asking for a no-op opens no question. */
function changesSomething(member: Member, action: MemberAction): boolean {
  switch (action.kind) {
    case 'role':
      return member.role !== action.role && (action.role === 'player' || member.status === 'active');
    case 'status':
      return transitionOf(member.status, action.status) !== undefined;
    case 'cancelBookings':
      return member.upcoming_bookings > 0;
    case 'erase':
      return adminMayErase(member);
    default: {
      const unknown: never = action;
      throw new Error(`Unbekannte Aktion für Mitglieder: ${JSON.stringify(unknown)}`);
    }
  }
}

/** The members the chosen filter, search and order show. */
export const visibleMembers = ({
  members,
  filter,
  query = '',
  sort = 'name',
}: Pick<MembersContext, 'members' | 'filter'> & Partial<Pick<MembersContext, 'query' | 'sort'>>) =>
  listMembers(members, { filter, query, sort });

export const pendingCount = (members: readonly Member[]) =>
  members.filter((m) => m.status === 'pending').length;

export const membersMachine = setup({
  types: {
    context: {} as MembersContext,
    events: {} as MembersEvent,
  },
  actors: {
    loadMembers: fromPromise<Member[]>(async () => {
      throw new Error('loadMembers muss mit provide() übergeben werden');
    }),
    changeMember: fromPromise<MessageAnswer<Member[]>, MemberChange>(async () => {
      throw new Error('changeMember muss mit provide() übergeben werden');
    }),
  },
  guards: {
    isChange: ({ context, event }) =>
      event.type === 'change.ask' &&
      context.members.some((m) => m._id === event.memberId && changesSomething(m, event.action)),
  },
  actions: {
    ask: assign(({ event }) =>
      event.type === 'change.ask'
        ? { pending: { memberId: event.memberId, action: event.action }, message: null, error: null }
        : {},
    ),
    selectFilter: assign(({ event }) => (event.type === 'filter.select' ? { filter: event.status } : {})),
    search: assign(({ event }) => (event.type === 'search.change' ? { query: event.query } : {})),
    selectSort: assign(({ event }) => (event.type === 'sort.select' ? { sort: event.sort } : {})),
  },
}).createMachine({
  id: 'members',
  // Offen first when someone waits; the view switches to it once the list is there.
  context: {
    members: [],
    filter: 'active',
    query: '',
    sort: 'name',
    pending: null,
    message: null,
    error: null,
  },
  initial: 'loading',
  on: {
    'filter.select': { actions: 'selectFilter' },
    'search.change': { actions: 'search' },
    'sort.select': { actions: 'selectSort' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadMembers',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            members: event.output,
            error: null,
            filter: pendingCount(event.output) > 0 ? ('pending' as const) : ('active' as const),
          })),
        },
        onError: loadFailure<MembersContext, MembersEvent>(),
      },
    },
    loadFailed: loadFailedState<MembersContext, MembersEvent>('members.retry'),
    ready: {
      on: {
        'change.ask': { guard: 'isChange', target: 'confirming', actions: 'ask' },
        'members.changed': {
          actions: assign(({ event }) => ({
            members: event.answer.data,
            message: event.answer.message,
            error: null,
          })),
        },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'change.confirm': 'saving',
        'change.cancel': { target: 'ready', actions: assign({ pending: null }) },
        // Asking about another member replaces the open question.
        'change.ask': { guard: 'isChange', actions: 'ask' },
      },
    },
    saving: {
      tags: ['saving', 'confirming'],
      on: {
        // The list stays while the answer is on its way, so the popup keeps its member.
        'filter.select': {},
        'search.change': {},
        'sort.select': {},
      },
      invoke: {
        src: 'changeMember',
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
          actions: assign(({ event }) => ({ error: failureText(event.error), pending: null })),
        },
      },
    },
  },
});
