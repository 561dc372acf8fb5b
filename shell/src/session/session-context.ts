import { createActorContext } from '@xstate/react';
import { remoteScreenAt } from '../app/routes';
import { isRemoteConfigured, loadScreen, registerConfiguredRemotes } from '../remotes/federation';
import { sessionMachine } from './session-machine';

/**
 * The one session actor of the page. As soon as the remotes' addresses and the user are known, the
 * remotes are registered and the screen of the opened page starts loading, while the layout
 * renders: its area then finds the screen loaded or on its way. A failure here is not reported; the
 * area's own load meets it again and shows it with a retry.
 */
export const SessionContext = createActorContext(
  sessionMachine.provide({
    actions: {
      useConfig: (_, { config, auth }) => {
        registerConfiguredRemotes(config.remotes);
        const screen = remoteScreenAt(window.location.pathname, auth);
        if (screen && isRemoteConfigured(screen.remote)) {
          loadScreen(screen.remote, screen.module, false).catch(() => {});
        }
      },
    },
  }),
);
