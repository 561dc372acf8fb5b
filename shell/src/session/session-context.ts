import { createActorContext } from '@xstate/react';
import type { RemotesConfig } from '@platzbuchung/domain/host-contract';
import type { AuthState } from '@platzbuchung/domain/types';
import { remoteScreenAt } from '../app/routes';
import { isRemoteConfigured, loadScreen, registerConfiguredRemotes } from '../remotes/federation';
import { sessionMachine } from './session-machine';

/**
 * Starts loading the screen the opened page will show while the layout renders: its area then
 * finds the screen loaded or on its way. A failure here is not reported; the area's own load meets
 * it again and shows it with a retry. Not sooner than the session is known: the header, the page's
 * largest text, paints first, and no screen is loaded for a visitor who is sent elsewhere.
 */
function startLoadingScreen(config: RemotesConfig, auth: AuthState): void {
  registerConfiguredRemotes(config.remotes);
  const screen = remoteScreenAt(window.location.pathname, auth);
  if (screen && isRemoteConfigured(screen.remote)) {
    loadScreen(screen.remote, screen.module, false).catch(() => {});
  }
}

/** The one session actor of the page; the remotes are registered as soon as their addresses are known. */
export const SessionContext = createActorContext(
  sessionMachine.provide({
    actions: { useConfig: (_, { config, auth }) => startLoadingScreen(config, auth) },
  }),
);
