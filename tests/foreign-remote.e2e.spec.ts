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
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPlayer, loginViaApi, UI_TIMEOUT_MS, useChromium, waitForStartup } from './support';
import { REPO_ROOT } from './support/processes';
import { runNode, serveReleasedReservations, type ReleasedReservations } from './support/released-remote';

const FIXTURE = path.join(REPO_ROOT, 'tests', 'fixtures', 'foreign-remote');
/** Any workspace's webpack-cli runs the fixture's config; the fixture brings no helper of ours. */
const WEBPACK_CLI = path.join(REPO_ROOT, 'mfe-reservations', 'node_modules', 'webpack-cli', 'bin', 'cli.js');

const browser = useChromium();
const scratch = path.join(REPO_ROOT, 'var', 'e2e', `foreign-remote-${randomBytes(4).toString('hex')}`);
const releases = path.join(scratch, 'remotes');
let served: ReleasedReservations | undefined;

/** The other team's build, with its own config, into a folder of this test. */
async function buildForeignRemote(): Promise<string> {
  const out = path.join(scratch, 'foreign-remote');
  await runNode(
    [WEBPACK_CLI, 'build', '--mode', 'production', '-c', 'webpack.config.mjs'],
    { FOREIGN_REMOTE_OUT: out },
    FIXTURE,
  );
  return out;
}

const release = (from: string) => served!.release(from);

const switchTo = async (version: string) => {
  const output = await served!.operator('switch', ['reservations', version]);
  expect(output, 'a remote built for this host contract').not.toMatch(/warning/);
};

async function showReservations(page: Page): Promise<void> {
  await page.goto(`${served!.appUrl}/reservations`);
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
  served = await serveReleasedReservations(releases);
}, 120_000);

afterAll(async () => {
  await served?.stop();
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
    const listed = await served!.operator('switch', ['reservations']);
    expect(listed).toContain(`* ${foreign}`);
    expect(listed).toContain(`  ${ours}`);
    await switchTo(ours);
    await page.reload();
    await waitForStartup(page);
    await page.locator('a.players-link').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText('Platzbelegung (Team Nord)').count()).toBe(0);
  }, 300_000);
});
