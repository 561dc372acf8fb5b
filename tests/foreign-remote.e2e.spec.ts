/**
 * A remote from another team (tests/fixtures/foreign-remote): built with stock React, the stock
 * `@module-federation/enhanced` plugin and its own small webpack config, none of packages/ui's
 * build code. Released and switched to like any remote, it loads into the shell's reservations
 * area and renders with the shell's React: its hook works, it reads a context fed from the host
 * contract, and the React it imported is the very object the shell shares. Switching back restores
 * the product's own remote.
 *
 * The releases go to a folder of this test (REMOTES_DIR), served by the product's remote server in
 * release mode behind a second API whose remotes.json points the reservations remote at it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@platzbuchung/domain/host-contract';
import {
  createClub,
  createPlayer,
  e2eStack,
  loginViaApi,
  UI_TIMEOUT_MS,
  useChromium,
  waitForStartup,
} from './support';
import { freePorts, REPO_ROOT, runTsx, waitForOk, type RunningProcess } from './support/processes';

const FIXTURE = path.join(REPO_ROOT, 'tests', 'fixtures', 'foreign-remote');
/** Any workspace's webpack-cli runs the fixture's config; the fixture brings no helper of ours. */
const WEBPACK_CLI = path.join(REPO_ROOT, 'mfe-reservations', 'node_modules', 'webpack-cli', 'bin', 'cli.js');

const browser = useChromium();
const scratch = path.join(REPO_ROOT, 'var', 'e2e', `foreign-remote-${randomBytes(4).toString('hex')}`);
const releases = path.join(scratch, 'remotes');
let remoteServer: RunningProcess | undefined;
let api: RunningProcess | undefined;
let appUrl: string;

/** Runs a node script and resolves with what it printed; rejects when it exits otherwise than 0. */
function run(args: string[], env: NodeJS.ProcessEnv = {}, cwd = REPO_ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} failed:\n${output}`)),
    );
  });
}

/** The other team's build, with its own config, into a folder of this test. */
async function buildForeignRemote(): Promise<string> {
  const out = path.join(scratch, 'foreign-remote');
  await run(
    [WEBPACK_CLI, 'build', '--mode', 'production', '-c', 'webpack.config.mjs'],
    { FOREIGN_REMOTE_OUT: out },
    FIXTURE,
  );
  return out;
}

/** `npm run release` and `npm run switch`, as an operator runs them. */
const operator = (script: 'release' | 'switch', args: string[]) =>
  run([`scripts/${script}.mjs`, ...args], { REMOTES_DIR: releases });

async function release(from: string): Promise<string> {
  const output = await operator('release', ['reservations', '--from', from]);
  const version = /npm run switch -- reservations ([0-9a-f]{12})/.exec(output)?.[1];
  if (!version) throw new Error(`no version in:\n${output}`);
  return version;
}

const switchTo = async (version: string) => {
  const output = await operator('switch', ['reservations', version]);
  expect(output, 'a remote built for this host contract').not.toMatch(/warning/);
};

async function showReservations(page: Page): Promise<void> {
  await page.goto(`${appUrl}/reservations`);
  await waitForStartup(page);
}

interface ReactSeen {
  /** The remote's React is the one the page shares under "react" (compared by its `useState`). */
  sameAsShared: boolean;
  /** Versions of "react" the page loaded, whoever provided them. */
  loadedVersions: string[];
  version: string;
  dispatcherWhileRendering: boolean | null;
}

/** What the fixture left on `globalThis.foreignRemote`, held against the federation's share scope. */
function reactSeen(page: Page): Promise<ReactSeen> {
  return page.evaluate(async () => {
    interface Shared {
      loaded?: boolean;
      lib?: () => unknown;
      get: () => Promise<() => unknown>;
    }
    interface Instance {
      shareScopeMap: Record<string, Record<string, Record<string, Shared>>>;
    }
    const world = globalThis as unknown as {
      foreignRemote: { useState: unknown; version: string; dispatcherWhileRendering: boolean | null };
      __FEDERATION__: { __INSTANCES__: Instance[] };
    };
    const loaded = world.__FEDERATION__.__INSTANCES__.flatMap((instance) =>
      Object.entries(instance.shareScopeMap.default?.react ?? {}).filter(([, shared]) => shared.loaded),
    );
    const libraries = await Promise.all(
      loaded.map(async ([, shared]) => (shared.lib ?? (await shared.get()))() as { useState?: unknown }),
    );
    return {
      sameAsShared:
        libraries.length > 0 &&
        libraries.every((library) => library.useState === world.foreignRemote.useState),
      loadedVersions: [...new Set(loaded.map(([version]) => version))],
      version: world.foreignRemote.version,
      dispatcherWhileRendering: world.foreignRemote.dispatcherWhileRendering,
    };
  });
}

beforeAll(async () => {
  const stack = e2eStack();
  const [apiPort, remotePort] = (await freePorts(2)) as [number, number];
  remoteServer = runTsx([
    'scripts/serve-remote.ts',
    '--releases',
    releases,
    '--remote',
    'reservations',
    '--port',
    String(remotePort),
  ]);
  const { remotes } = (await (await fetch(`${stack.baseUrl}/remotes.json`)).json()) as RemotesConfig;
  const remoteUrls = Object.entries({ ...remotes, reservations: `http://localhost:${remotePort}` })
    .map(([name, url]) => `${name}=${url}`)
    .join(',');
  appUrl = `http://localhost:${apiPort}`;
  api = runTsx(['services/api/src/main.ts'], {
    DATABASE_URL: stack.databaseUrl,
    PORT: String(apiPort),
    PUBLIC_URL: appUrl,
    REMOTE_URLS: remoteUrls,
    MAIL_DIR: stack.mailDir,
    MAIL_QUEUE: stack.mailQueue,
    LOG_LEVEL: 'warn',
  });
  await waitForOk(`http://127.0.0.1:${apiPort}/healthz`, api);
}, 120_000);

afterAll(async () => {
  await remoteServer?.stop();
  await api?.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe('a remote another team builds with stock React', () => {
  it('is released and switched to like any remote, and renders with the shell’s React', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id);
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    const ours = await release(path.join(REPO_ROOT, 'mfe-reservations', 'dist'));
    const foreign = await release(await buildForeignRemote());
    expect(foreign).not.toBe(ours);

    await switchTo(foreign);
    await showReservations(page);
    await page
      .getByRole('heading', { name: 'Platzbelegung (Team Nord)' })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    // The context the remote provides carries the club the host contract hands in.
    await page.getByText(`Verein: ${club.name}`).waitFor({ timeout: UI_TIMEOUT_MS });
    // Its state hook works, and updates render: a second React would fail at the first hook.
    const counter = page.getByRole('button', { name: /^Gezählt: / });
    expect(await counter.innerText()).toBe('Gezählt: 0');
    await counter.click();
    await page.getByRole('button', { name: 'Gezählt: 1' }).waitFor({ timeout: UI_TIMEOUT_MS });

    const seen = await reactSeen(page);
    expect(seen).toEqual({
      sameAsShared: true,
      loadedVersions: [seen.version],
      version: expect.stringMatching(/^19\./) as unknown as string,
      dispatcherWhileRendering: true,
    });
    expect(errors).toEqual([]);

    // `switch` lists both versions and marks the one served; switching back restores ours.
    const listed = await operator('switch', ['reservations']);
    expect(listed).toContain(`* ${foreign}`);
    expect(listed).toContain(`  ${ours}`);
    await switchTo(ours);
    await page.reload();
    await waitForStartup(page);
    await page.locator('a.players-link').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText('Platzbelegung (Team Nord)').count()).toBe(0);
  }, 300_000);
});
