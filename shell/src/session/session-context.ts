import { createActorContext } from '@xstate/react';
import type { RemotesConfig } from '@platzbuchung/host/contract';
import type { AuthState } from '@platzbuchung/domain/types';
import { authStateOf, remoteScreenAt, routeAt } from '@platzbuchung/host/routes';
import {
  checkContractAhead,
  isRemoteConfigured,
  loadScreen,
  registerConfiguredRemotes,
} from '../remotes/federation';
import { dropOfflineCopy } from '@platzbuchung/ui/offline-copy';
import { inlineRemotesConfig, inlineStartup } from './session-api';
import { sessionMachine, type Basics } from './session-machine';

/**
 * While the session is being checked, the host contract of the remote the opened address shows is
 * asked already: a few bytes, and one round trip fewer between the session and the screen. (If the
 * visitor is then sent elsewhere, those few bytes were for nothing.)
 */
function checkOpenedRemoteAhead(config: RemotesConfig): void {
  const route = routeAt(window.location.pathname);
  if (route?.content.kind !== 'remote') return;
  const entry = config.remotes[route.content.remote];
  if (entry) checkContractAhead(route.content.remote, entry);
}

/**
 * Starts loading the screen the opened page will show: its area then finds the screen loaded, or
 * on its way. A failure here is not reported; the area's own load meets it again and shows it with
 * a retry. Not for a visitor who is sent elsewhere.
 */
function startLoadingScreen(config: RemotesConfig, auth: AuthState): void {
  registerConfiguredRemotes(config.remotes);
  const screen = remoteScreenAt(window.location.pathname, auth);
  if (screen && isRemoteConfigured(screen.remote)) {
    openedScreenLoad = loadScreen(screen.remote, screen.module, false);
    openedScreenLoad.catch(() => {});
  }
}

/** The opened screen's load, once the page's start has begun it. */
let openedScreenLoad: Promise<unknown> = Promise.resolve();

/**
 * Whether the screen the opened page shows has loaded (true at once when it shows none): a page the
 * server rendered is hydrated only then, since the area's first render must find the screen as the
 * server's did (`bootstrap.tsx`).
 */
export function openedScreenLoaded(): Promise<boolean> {
  return openedScreenLoad.then(
    () => true,
    () => false,
  );
}

/**
 * The configuration, clubs and user the page carries, when it carries all three; read once. Then
 * the opened screen starts loading before the shell's first render: the layout's frame, header
 * included, is painted from the page's own HTML already (services/api/src/http/page-frame.ts), and
 * the screen's files, preloaded by the page, run while React renders the shell in short tasks, so
 * the area shows the screen in the same commit as the layout (bench/README.md, "browser"). A page
 * without them asks for the session, and the screen's contract is asked meanwhile.
 */
export function pageBasics(): Basics | null {
  const config = inlineRemotesConfig();
  const startup = inlineStartup();
  if (!config || !startup) {
    if (config) checkOpenedRemoteAhead(config);
    return null;
  }
  startLoadingScreen(config, authStateOf(startup.user));
  return { config, clubs: startup.clubs, user: startup.user };
}

/** The one session actor of the page; the remotes are registered as soon as their addresses are known. */
export const SessionContext = createActorContext(
  sessionMachine.provide({
    actions: {
      useConfig: (_, { config, auth }) => startLoadingScreen(config, auth),
      forgetMember: () => void dropOfflineCopy(),
    },
  }),
);
