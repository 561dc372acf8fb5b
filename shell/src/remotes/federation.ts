/**
 * Remotes are found at run time: the shell registers the manifests named in /remotes.json and
 * loads a screen only when its route is opened. A failed load is turned into a typed error here,
 * so every area shows the same notice and retry, whatever went wrong underneath.
 */
import type { ComponentType } from 'react';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RemoteScreenProps } from '@platzbuchung/domain/host-contract';

export type RemoteScreen = ComponentType<RemoteScreenProps>;

export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
}

/** What the errorLoadRemote hook yields instead of a module, so `loadRemote` never hangs or throws raw. */
const FAILED = Symbol('remote load failed');
interface FailedModule {
  [FAILED]: unknown;
}

const fallbackPlugin: ModuleFederationRuntimePlugin = {
  name: 'platzbuchung-area-fallback',
  errorLoadRemote({ id, error }) {
    console.error(`Remote module ${id} could not be loaded`, error);
    const failed: FailedModule = { [FAILED]: error };
    return failed;
  },
};

let entries: Record<string, string> = {};

export function registerConfiguredRemotes(remotes: Record<string, string>): void {
  entries = { ...remotes };
  registerPlugins([fallbackPlugin]);
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

export function isRemoteConfigured(remote: string): boolean {
  return remote in entries;
}

/**
 * Loads one exposed screen. `fresh` re-registers the remote first: the runtime caches a failed
 * manifest or entry, and a retry must really ask the network again.
 */
export async function loadScreen(remote: string, module: string, fresh: boolean): Promise<RemoteScreen> {
  const entry = entries[remote];
  if (!entry) throw new RemoteLoadError(`Remote ${remote} is not configured`);
  if (fresh) registerRemotes([{ name: remote, entry }], { force: true });
  const loaded = await loadRemote<{ default?: unknown } | FailedModule>(
    `${remote}/${module.replace(/^\.\//, '')}`,
  );
  if (!loaded || FAILED in loaded) throw new RemoteLoadError(`${remote}/${module} could not be loaded`);
  if (typeof loaded.default !== 'function')
    throw new RemoteLoadError(`${remote}/${module} exports no screen`);
  return loaded.default as RemoteScreen;
}
