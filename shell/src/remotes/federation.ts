/**
 * Remotes are found at run time: the shell registers the entries named in /remotes.json and
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
import {
  HOST_CONTRACT_VERSION,
  INLINE_CONTRACTS_ID,
  type RemoteContractDeclaration,
  type RemoteScreenProps,
} from '@platzbuchung/host/contract';
import { inlineJson } from '../session/session-api';
import { IncompatibleRemoteError, RemoteLoadError } from './remote-errors';

export type RemoteScreen = ComponentType<RemoteScreenProps>;

/** What the errorLoadRemote hook yields instead of a module, so `loadRemote` never hangs or throws raw. */
const FAILED = Symbol('remote load failed');
interface FailedModule {
  [FAILED]: unknown;
}

const fallbackPlugin: ModuleFederationRuntimePlugin = {
  name: 'platzbuchung-area-fallback',
  errorLoadRemote({ id, error }) {
    console.error(`Das Modul ${id} eines Remotes konnte nicht geladen werden`, error);
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

/** The contract check of each remote, asked once per page load (again on a retry). */
const contractChecks = new Map<string, Promise<void>>();

/** The declarations the API read beside the served manifests and wrote into the page, read once. */
let inlineContracts: Record<string, Partial<RemoteContractDeclaration>> | undefined;

/**
 * The page's word on a remote's `host-contract.json`, once: a retry asks the remote itself, in
 * case a switch has served another version since the page was made.
 */
function takeInlineContract(remote: string): Partial<RemoteContractDeclaration> | undefined {
  inlineContracts ??=
    inlineJson<Record<string, Partial<RemoteContractDeclaration>>>(INLINE_CONTRACTS_ID) ?? {};
  const declaration = inlineContracts[remote];
  delete inlineContracts[remote];
  return declaration;
}

async function fetchContract(remote: string, entryUrl: string): Promise<Partial<RemoteContractDeclaration>> {
  let response: Response;
  try {
    response = await fetch(new URL('host-contract.json', entryUrl), { cache: 'no-cache' });
  } catch (error) {
    throw new RemoteLoadError(`${remote}: host-contract.json unreachable (${String(error)})`);
  }
  if (response.status === 404) throw new IncompatibleRemoteError(`${remote} declares no host contract`);
  if (!response.ok) throw new RemoteLoadError(`${remote}: host-contract.json answered ${response.status}`);
  return (await response.json()) as Partial<RemoteContractDeclaration>;
}

/**
 * Reads the `host-contract.json` the remote's build wrote beside its entry (from the page when
 * the API wrote it there). A remote built for another version, or one that declares none, is
 * refused before any of its code runs.
 */
async function checkContract(remote: string, entryUrl: string, fresh: boolean): Promise<void> {
  const declaration = (!fresh && takeInlineContract(remote)) || (await fetchContract(remote, entryUrl));
  if (declaration.hostContract !== HOST_CONTRACT_VERSION) {
    throw new IncompatibleRemoteError(
      `${remote} ist für den Host-Vertrag ${String(declaration.hostContract)} gebaut, die Shell spricht ${HOST_CONTRACT_VERSION}`,
    );
  }
}

function contractChecked(remote: string, entryUrl: string, fresh: boolean): Promise<void> {
  let check = contractChecks.get(remote);
  if (!check || fresh) {
    check = checkContract(remote, entryUrl, fresh);
    contractChecks.set(remote, check);
    // A failed check is asked again next time, not remembered.
    check.catch(() => contractChecks.delete(remote));
  }
  return check;
}

/**
 * Asks a remote's contract before its screen is wanted (the answer is kept for `loadScreen`); a
 * failure is met again, and shown, by the screen's own load.
 */
export function checkContractAhead(remote: string, entryUrl: string): void {
  contractChecked(remote, entryUrl, false).catch(() => {});
}

/** Entries asked for ahead of their contract check's answer, once per page. */
const entriesFetched = new Set<string>();

/**
 * Downloads a remote's entry while its contract is being checked, without running it: the
 * runtime's script for the entry then finds it loaded, a round trip sooner. Nothing of the remote
 * runs before its contract is checked.
 */
function fetchEntryAhead(entryUrl: string): void {
  if (entriesFetched.has(entryUrl)) return;
  entriesFetched.add(entryUrl);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = entryUrl;
  document.head.append(link);
}

let retries = 0;

/**
 * The entry's address for a retry, made unique: the browser keeps a failed preload's answer for
 * its address as long as the page lives (removing the link does not drop it), so a retry of the
 * same address would be answered with the old failure instead of asking the network.
 */
function retryAddress(entryUrl: string): string {
  const url = new URL(entryUrl);
  retries += 1;
  url.searchParams.set('retry', String(retries));
  return url.href;
}

/** The screens this page has loaded, by `remote/module`: an area opened later shows one at once. */
const loadedScreens = new Map<string, RemoteScreen>();

const screenKey = (remote: string, module: string) => `${remote}/${module.replace(/^\.\//, '')}`;

/** The screen if this page has loaded it already (the opened address's, loaded as the page started). */
export function loadedScreen(remote: string, module: string): RemoteScreen | null {
  return loadedScreens.get(screenKey(remote, module)) ?? null;
}

export function isRemoteConfigured(remote: string): boolean {
  return remote in entries;
}

/**
 * Loads one exposed screen. `fresh` re-registers the remote first: the runtime caches a failed
 * entry, and a retry must really ask the network again.
 */
export async function loadScreen(remote: string, module: string, fresh: boolean): Promise<RemoteScreen> {
  const entry = entries[remote];
  if (!entry) throw new RemoteLoadError(`Das Remote ${remote} ist nicht eingerichtet`);
  if (!fresh) fetchEntryAhead(entry);
  await contractChecked(remote, entry, fresh);
  if (fresh) registerRemotes([{ name: remote, entry: retryAddress(entry) }], { force: true });
  const loaded = await loadRemote<{ default?: unknown } | FailedModule>(screenKey(remote, module));
  if (!loaded || FAILED in loaded)
    throw new RemoteLoadError(`${remote}/${module} konnte nicht geladen werden`);
  if (typeof loaded.default !== 'function')
    throw new RemoteLoadError(`${remote}/${module} exports no screen`);
  const screen = loaded.default as RemoteScreen;
  loadedScreens.set(screenKey(remote, module), screen);
  return screen;
}
