/**
 * Independent remote releases, against the running stack: a visibly changed mfe-reservations is
 * released and switched to while the shell runs, a reload shows it, switching back restores the
 * first version, and a version built for another host contract shows the German notice in its area
 * while the other areas keep working.
 *
 * The releases go to a folder of this test (REMOTES_DIR), served by the product's remote server in
 * release mode behind a second API whose remotes.json points the reservations remote at it.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClub,
  createPlayer,
  loginViaApi,
  mainHeading,
  UI_TIMEOUT_MS,
  useChromium,
  waitForStartup,
} from './support';
import { REPO_ROOT } from './support/processes';
import { runNode, serveReleasedReservations, type ReleasedReservations } from './support/released-remote';

const ORIGINAL_LINK = 'Spieler';
/** The notice and button of packages/ui/src/texts.ts, as a user reads them. */
const AREA_INCOMPATIBLE =
  'Dieser Bereich wird gerade aktualisiert und ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.';
const RETRY = 'Erneut versuchen';
const CHANGED_LINK = `Spieler · neu ausgeliefert ${randomBytes(3).toString('hex')}`;

// With the app's service worker running: it keeps files across loads, and a switch must still take
// effect on the next load without mixing two releases' files (docs/architecture/offline.md).
const browser = useChromium({ serviceWorkers: 'allow' });
const scratch = path.join(REPO_ROOT, 'var', 'e2e', `releases-${randomBytes(4).toString('hex')}`);
const releases = path.join(scratch, 'remotes');
let served: ReleasedReservations | undefined;

const release = (from: string) => served!.release(from);
const switchTo = (version: string) => served!.operator('switch', ['reservations', version]);

/** mfe-reservations with the players link renamed, built with the workspace's own webpack setup. */
async function buildChangedReservations(): Promise<string> {
  const copy = path.join(scratch, 'mfe-reservations');
  await mkdir(copy, { recursive: true });
  for (const entry of ['src', 'package.json', 'webpack.config.mjs']) {
    await cp(path.join(REPO_ROOT, 'mfe-reservations', entry), path.join(copy, entry), { recursive: true });
  }
  const grid = path.join(copy, 'src', 'features', 'day-grid', 'GridToolbar.tsx');
  const source = await readFile(grid, 'utf8');
  const marker = new RegExp(`(<PlayersIcon />\\s*)${ORIGINAL_LINK}\n`);
  expect(source, 'the link text this test changes').toMatch(marker);
  await writeFile(grid, source.replace(marker, `$1${CHANGED_LINK}\n`));
  const webpackCli = path.join(REPO_ROOT, 'mfe-reservations', 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  await runNode([webpackCli, 'build', '--mode', 'production', '-c', 'webpack.config.mjs'], {}, copy);
  return path.join(copy, 'dist');
}

/** The first version's build with another host-contract version declared. */
async function incompatibleCopy(of: string): Promise<string> {
  const copy = path.join(scratch, 'incompatible');
  await cp(of, copy, { recursive: true });
  const declaration = path.join(copy, 'host-contract.json');
  const declared = JSON.parse(await readFile(declaration, 'utf8')) as { hostContract: number };
  await writeFile(declaration, JSON.stringify({ ...declared, hostContract: declared.hostContract + 1 }));
  return copy;
}

async function showGrid(page: Page): Promise<void> {
  await page.goto(`${served!.appUrl}/reservations`);
  await waitForStartup(page);
}

const playersLink = (page: Page) => page.locator('a.players-link');

beforeAll(async () => {
  served = await serveReleasedReservations(releases);
}, 120_000);

afterAll(async () => {
  await served?.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe('releasing the reservations remote on its own', () => {
  it('serves a released version on the next load, switches back, and fences off an incompatible one', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id);
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('desktop');

    const first = await release(path.join(REPO_ROOT, 'mfe-reservations', 'dist'));
    expect(
      await release(path.join(REPO_ROOT, 'mfe-reservations', 'dist')),
      'same content, same version',
    ).toBe(first);
    await switchTo(first);
    await showGrid(page);
    await playersLink(page).waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await playersLink(page).innerText()).trim()).toBe(ORIGINAL_LINK);

    // A new version, released and switched to while the shell keeps running: the reload shows it.
    const second = await release(await buildChangedReservations());
    expect(second).not.toBe(first);
    await switchTo(second);
    await page.reload();
    await waitForStartup(page);
    await page.getByText(CHANGED_LINK).waitFor({ timeout: UI_TIMEOUT_MS });
    // That load went through the service worker, whose cache held the first release's files.
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Rolling back is switching back.
    await switchTo(first);
    await page.reload();
    await waitForStartup(page);
    await playersLink(page).waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await playersLink(page).innerText()).trim()).toBe(ORIGINAL_LINK);

    // Built for another host contract: its area shows the notice, the rest of the app works.
    const third = await release(await incompatibleCopy(path.join(releases, 'reservations', first)));
    const warning = await switchTo(third);
    expect(warning).toMatch(/built for host contract/);
    await page.reload();
    await waitForStartup(page);
    const notice = page.getByRole('alert').filter({ hasText: AREA_INCOMPATIBLE });
    await notice.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await playersLink(page).count()).toBe(0);
    await page.getByRole('link', { name: 'Konto' }).click();
    await page.waitForURL('**/profile');
    await mainHeading(page).first().waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText(AREA_INCOMPATIBLE).count()).toBe(0);

    await page.getByRole('link', { name: 'Platzplan' }).click();
    await notice.waitFor({ timeout: UI_TIMEOUT_MS });

    // Switched back to a compatible version, the notice's retry brings the grid back without a reload.
    await switchTo(first);
    await notice.getByRole('button', { name: RETRY }).click();
    await playersLink(page).waitFor({ timeout: UI_TIMEOUT_MS });
  }, 300_000);
});
