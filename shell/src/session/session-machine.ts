/**
 * The shell's session: starts ready with what the page carries (the configuration, the clubs and
 * the session's user, written by the API); otherwise loads the configuration and the clubs and
 * checks the session, all three at once (each waits only for the network, and the first screen
 * waits for all of them); a failed check means logged out, silently. Afterwards it holds auth and
 * clubs for the host contract. The calls are named actors so tests can supply their own.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RemotesConfig } from '@platzbuchung/host/contract';
import type { AuthState, Club, SessionUser } from '@platzbuchung/domain/types';
import { fetchClubs, fetchRemotesConfig, verifyAuth } from './session-api';

/** @public Named by the type declaration of the session's React context. */
export interface SessionContext {
  auth: AuthState;
  clubs: readonly Club[];
  config: RemotesConfig | null;
}

type SessionEvent =
  | { type: 'session.started'; user: SessionUser }
  | { type: 'session.ended' }
  | { type: 'clubs.replaced'; clubs: readonly Club[] }
  | { type: 'startup.retry' };

const loggedOut: AuthState = { value: false };

/**
 * @public Named by the type declaration of the session's React context.
 * What the page needs before its first screen; `user` null: logged out.
 */
export interface Basics {
  config: RemotesConfig;
  clubs: Club[];
  user: SessionUser | null;
}

/** Only the fields the original client keeps in its session, whatever else the API adds. */
function loggedIn(user: SessionUser): AuthState {
  const { _id, club_id, role, first_name, last_name, email, status } = user;
  // The status decides whether the club's screens open or the membership notice shows.
  return { value: true, _id, club_id, role, first_name, last_name, email, status };
}

const authOf = (user: SessionUser | null): AuthState => (user ? loggedIn(user) : loggedOut);

/** @public Named by the type declaration of the session's React context. */
export interface SessionInput {
  /**
   * What the page carries, when it carries all of it (./session-api); whoever reads it has used
   * its configuration already (./session-context).
   */
  page: Basics | null;
}

function contextFrom(basics: Basics | null): SessionContext {
  if (!basics) return { auth: loggedOut, clubs: [], config: null };
  return { auth: authOf(basics.user), clubs: basics.clubs, config: basics.config };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput | undefined,
  },
  actors: {
    loadBasics: fromPromise<Basics>(async ({ signal }) => {
      const [config, clubs, user] = await Promise.all([
        fetchRemotesConfig(signal),
        fetchClubs(signal),
        verifyAuth(signal).catch(() => null),
      ]);
      return { config, clubs, user };
    }),
  },
  actions: {
    /** Hook for registering the remotes as soon as their addresses and the user are known. */
    useConfig: (_, _basics: { config: RemotesConfig; auth: AuthState }) => {},
    /** Hook for forgetting what the browser keeps of the member: their offline copy. */
    forgetMember: () => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => contextFrom(input?.page ?? null),
  initial: 'starting',
  states: {
    starting: {
      tags: ['starting'],
      always: [
        { guard: ({ context }) => context.config !== null, target: 'ready' },
        { target: 'loadingBasics' },
      ],
    },
    loadingBasics: {
      tags: ['starting'],
      invoke: {
        src: 'loadBasics',
        onDone: {
          target: 'ready',
          actions: [
            assign(({ event }) => ({
              config: event.output.config,
              clubs: event.output.clubs,
              auth: authOf(event.output.user),
            })),
            {
              type: 'useConfig',
              params: ({ event }) => ({ config: event.output.config, auth: authOf(event.output.user) }),
            },
          ],
        },
        onError: 'startupFailed',
      },
    },
    startupFailed: {
      on: { 'startup.retry': 'loadingBasics' },
    },
    ready: {
      on: {
        'session.started': [
          {
            // Another member logged in on this phone: the last one's offline copy goes.
            guard: ({ context, event }) => !context.auth.value || context.auth._id !== event.user._id,
            actions: [assign(({ event }) => ({ auth: loggedIn(event.user) })), 'forgetMember'],
          },
          // The same member, renamed: their copy stays.
          { actions: assign(({ event }) => ({ auth: loggedIn(event.user) })) },
        ],
        'session.ended': { actions: [assign({ auth: loggedOut }), 'forgetMember'] },
        'clubs.replaced': { actions: assign(({ event }) => ({ clubs: event.clubs })) },
      },
    },
  },
});
