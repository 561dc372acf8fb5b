/**
 * The shell's session: load the configuration and the clubs, then check
 * the session; a failed check means logged out, silently. Afterwards it holds auth and clubs for
 * the host contract. The calls are named actors so tests can supply their own.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RemotesConfig } from '@platzbuchung/domain/host-contract';
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

/** Only the fields the SPEC names for the client session, whatever else the API adds. */
function loggedIn(user: SessionUser): AuthState {
  const { _id, club_id, role, first_name, last_name, email, status } = user;
  // The status decides whether the club's screens open or the membership notice shows.
  return { value: true, _id, club_id, role, first_name, last_name, email, status };
}

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    loadBasics: fromPromise<{ config: RemotesConfig; clubs: Club[] }>(async ({ signal }) => {
      const [config, clubs] = await Promise.all([fetchRemotesConfig(signal), fetchClubs(signal)]);
      return { config, clubs };
    }),
    checkSession: fromPromise<SessionUser>(({ signal }) => verifyAuth(signal)),
  },
  actions: {
    /** Hook for registering the remotes as soon as their addresses are known. */
    useConfig: (_, _config: RemotesConfig) => {},
  },
}).createMachine({
  id: 'session',
  context: { auth: loggedOut, clubs: [], config: null },
  initial: 'loadingBasics',
  states: {
    loadingBasics: {
      tags: ['starting'],
      invoke: {
        src: 'loadBasics',
        onDone: {
          target: 'checkingSession',
          actions: [
            assign(({ event }) => ({ config: event.output.config, clubs: event.output.clubs })),
            { type: 'useConfig', params: ({ event }) => event.output.config },
          ],
        },
        onError: 'startupFailed',
      },
    },
    checkingSession: {
      tags: ['starting'],
      invoke: {
        src: 'checkSession',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ auth: loggedIn(event.output) })) },
        onError: { target: 'ready', actions: assign({ auth: loggedOut }) },
      },
    },
    startupFailed: {
      on: { 'startup.retry': 'loadingBasics' },
    },
    ready: {
      on: {
        'session.started': { actions: assign(({ event }) => ({ auth: loggedIn(event.user) })) },
        'session.ended': { actions: assign({ auth: loggedOut }) },
        'clubs.replaced': { actions: assign(({ event }) => ({ clubs: event.clubs })) },
      },
    },
  },
});
