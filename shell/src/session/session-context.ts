import { createActorContext } from '@xstate/react';
import { registerConfiguredRemotes } from '../remotes/federation';
import { sessionMachine } from './session-machine';

/** The one session actor of the page, with the remotes registered as soon as their addresses are known. */
export const SessionContext = createActorContext(
  sessionMachine.provide({
    actions: { useConfig: (_, config) => registerConfiguredRemotes(config.remotes) },
  }),
);
