/**
 * The micro-frontend promises (docs/architecture.md, "The parts"), against the running stack: the auth remote is
 * redeployed on its own without touching the shell, and a remote that cannot be reached breaks only
 * its own area, which recovers through the retry button once the remote is back.
 */
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import { e2eStack, mainHeading, openPage, UI_TIMEOUT_MS, useChromium, waitForStartup } from './support';
import {
  freePorts,
  REPO_ROOT,
  runTsx,
  serveRemote,
  waitForOk,
  withRepoLock,
  type RunningProcess,
} from './support/processes';

const browser = useChromium();
const LANDING_INTRO = 'Reservieren Sie Tennisplätze Ihres Vereins stundenweise, bequem vom Handy.';
const AREA_FAILED = 'Dieser Bereich konnte nicht geladen werden.';
const RETRY = 'Erneut versuchen';

/** Every file below `dir` with the SHA-256 of its bytes. */
async function hashTree(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return hashes;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed:\n${errors}`)),
    );
  });
}

/**
 * Builds a copy of mfe-auth whose landing text is `intro`, with the workspace's own build (its
 * webpack config and webpack-cli), into `<copy>/dist`. The copy lives in var/ inside the checkout
 * so its imports resolve against the same node_modules.
 */
async function buildChangedAuth(intro: string): Promise<string> {
  const copy = path.join(REPO_ROOT, 'var', 'e2e', `mfe-auth-${randomBytes(4).toString('hex')}`);
  await mkdir(copy, { recursive: true });
  for (const entry of ['src', 'package.json', 'webpack.config.mjs']) {
    await cp(path.join(REPO_ROOT, 'mfe-auth', entry), path.join(copy, entry), { recursive: true });
  }
  const landing = path.join(copy, 'src', 'features', 'landing', 'Landing.tsx');
  const source = await readFile(landing, 'utf8');
  expect(source, 'the landing text this test changes').toContain(LANDING_INTRO);
  await writeFile(landing, source.replace(LANDING_INTRO, intro));
  const webpackCli = path.join(REPO_ROOT, 'mfe-auth', 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  await run(
    process.execPath,
    [webpackCli, 'build', '--mode', 'production', '-c', 'webpack.config.mjs'],
    copy,
  );
  return copy;
}

describe('independent deployment', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'serves a rebuilt auth remote on the next page load while every file of shell/dist stays byte for byte the same',
    { timeout: 300_000 },
    async () => {
      const shellDist = path.join(REPO_ROOT, 'shell', 'dist');
      const authDist = path.join(REPO_ROOT, 'mfe-auth', 'dist');
      const intro = `Neu ausgeliefert: nur der Anmeldebereich (${randomBytes(3).toString('hex')}).`;
      const page = await browser.newPage();

      // Under the start lock from the first hash to the last: no other e2e run of this checkout
      // builds a UI (start.mjs does when sources changed) while we compare shell/dist or swap mfe-auth/dist.
      await withRepoLock('e2e-start', async () => {
        const shellBefore = await hashTree(shellDist);
        expect(Object.keys(shellBefore)).toContain('index.html');

        const copy = await buildChangedAuth(intro);
        cleanups.push(() => rm(copy, { recursive: true, force: true }));

        await openPage(page, '/');
        await page.getByText(LANDING_INTRO).waitFor({ timeout: UI_TIMEOUT_MS });

        // The swap is what a deployment does: the running remote server now serves the new folder.
        const live = `${authDist}.e2e-live-${randomBytes(4).toString('hex')}`;
        await rename(authDist, live);
        try {
          await symlink(path.join(copy, 'dist'), authDist, 'dir');
          try {
            await page.reload();
            await waitForStartup(page);
            await page.getByText(intro).waitFor({ timeout: UI_TIMEOUT_MS });
            expect(await page.getByText(LANDING_INTRO).count()).toBe(0);
          } finally {
            await rm(authDist, { force: true });
          }
        } finally {
          await rename(live, authDist);
        }

        expect(await hashTree(shellDist)).toEqual(shellBefore);
      });

      // And back: the original build is served again.
      await page.reload();
      await waitForStartup(page);
      await page.getByText(LANDING_INTRO).waitFor({ timeout: UI_TIMEOUT_MS });
    },
  );
});

describe('failure isolation', () => {
  let api: RunningProcess | undefined;
  let remote: RunningProcess | undefined;
  afterAll(async () => {
    await remote?.stop();
    await api?.stop();
  });

  it('keeps the shell and its other areas working while the auth remote is down, and the retry loads it once it is back', async () => {
    const stack = e2eStack();
    const [apiPort, authPort] = (await freePorts(2)) as [number, number];
    // A second API on the same database whose remotes.json points auth at a port nobody serves;
    // the other remotes stay where the running stack serves them.
    const { remotes } = (await (await fetch(`${stack.baseUrl}/remotes.json`)).json()) as RemotesConfig;
    const remoteUrls = Object.entries({ ...remotes, auth: `http://localhost:${authPort}` })
      .map(([name, url]) => `${name}=${url}`)
      .join(',');
    api = runTsx(['services/api/src/main.ts'], {
      DATABASE_URL: stack.databaseUrl,
      PORT: String(apiPort),
      PUBLIC_URL: `http://localhost:${apiPort}`,
      REMOTE_URLS: remoteUrls,
      MAIL_DIR: stack.mailDir,
      MAIL_QUEUE: stack.mailQueue,
      LOG_LEVEL: 'warn',
    });
    await waitForOk(`http://127.0.0.1:${apiPort}/healthz`, api);

    const page = await browser.newPage();
    await page.goto(`http://localhost:${apiPort}/`);
    await waitForStartup(page);

    const notice = page.getByRole('alert').filter({ hasText: AREA_FAILED });
    await notice.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await notice.getByRole('button', { name: RETRY }).isVisible()).toBe(true);
    // The shell around it still stands: public header with product name and tagline, footer link.
    const header = page.locator('header');
    expect(await header.getByText(texts.productName, { exact: true }).isVisible()).toBe(true);
    expect(await header.getByText(texts.tagline).isVisible()).toBe(true);

    // Another area (the shell's own Impressum) keeps working.
    await page.getByRole('link', { name: 'Impressum' }).click();
    await mainHeading(page).getByText('Impressum', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    await header.getByRole('link', { name: texts.productName }).click();
    await notice.waitFor({ timeout: UI_TIMEOUT_MS });

    // The remote comes back; the retry in the area loads it without reloading the page.
    remote = await serveRemote(path.join(REPO_ROOT, 'mfe-auth', 'dist'), authPort);
    await notice.getByRole('button', { name: RETRY }).click();
    await page.getByText(LANDING_INTRO).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText(AREA_FAILED).count()).toBe(0);
    await page.getByRole('link', { name: texts.submitLogin }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: texts.submitLogin }).waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
