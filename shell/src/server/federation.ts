/**
 * What `../remotes/federation` is on the server, where the page is rendered ahead of the browser
 * (./page-render): no Module Federation runtime, only the screens the API hands over, as if the
 * page had loaded them already. The shell's build puts this module in place of that one for its
 * server bundle (`server-render.build.mjs`); it has that module's exports the app uses.
 */
import type { ComponentType } from 'react';
import type { RemoteScreenProps } from '@platzbuchung/host/contract';

export type RemoteScreen = ComponentType<RemoteScreenProps>;

/** The screens the page being rendered shows, by `remote/./Module`. */
let providedScreens = new Map<string, RemoteScreen>();

const screenKey = (remote: string, module: string) => `${remote}/${module}`;

/** The remotes' screens the next render may show (and only those). */
export function provideScreens(remote: string, screens: Record<string, RemoteScreen>): void {
  providedScreens = new Map(
    Object.entries(screens).map(([module, screen]) => [screenKey(remote, module), screen]),
  );
}

export function loadedScreen(remote: string, module: string): RemoteScreen | null {
  return providedScreens.get(screenKey(remote, module)) ?? null;
}

/** A remote counts as configured here when it provided a screen; the browser knows the rest. */
export function isRemoteConfigured(remote: string): boolean {
  return [...providedScreens.keys()].some((key) => key.startsWith(`${remote}/`));
}

/** Never called while rendering: the area asks only for a screen it does not find loaded. */
export function loadScreen(remote: string, module: string): Promise<RemoteScreen> {
  return Promise.reject(new Error(`${remote}/${module} wird auf dem Server nicht gezeichnet`));
}

/** Nothing to register or ask ahead on the server. */
export function registerConfiguredRemotes(): void {}
export function checkContractAhead(): void {}
