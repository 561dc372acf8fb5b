/**
 * Which pages the API renders ahead of the browser, and with which build of a remote: only a
 * stranger's first pages without a query, and a remote's screens only while the served remote is
 * the build they were made with (after a `switch` to another version the page goes out unpainted).
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@platzbuchung/host/contract';
import { paintedPages, type PagePainter, type PaintRequest } from '../src/http/painted-pages';
import type { ScreenFiles } from '../src/http/remote-files';

const config = {
  remotes: { auth: 'http://remotes.test/auth/remoteEntry.js' },
  impressum: { name: 'Betreiber', email: 'kontakt@example.org', address: '' },
  privacy: { sessionIdleDays: 14, sessionLifetimeDays: 30, sentMailDays: 90, mailBodyDays: 30 },
} satisfies RemotesConfig;

/** A shell renderer that says what it was asked to render, with a version to tell rebuilds apart. */
const shellRenderer = (version: string) => `
export async function renderPage({ path, basics, remote, screens }) {
  return '${version}:' + path + ':' + remote + ':' + Object.keys(screens).join(',') + ':' + basics.clubs.length;
}`;

const remoteScreens = `
export const screens = { './Login': () => null, './Landing': () => null };
export const chunks = { './Login': ['__federation_expose_Login.1111.js'], './Landing': ['__federation_expose_Landing.2222.js'] };
`;

const served = (script: string): ScreenFiles => ({
  entry: 'http://remotes.test/auth/remoteEntry.js',
  scripts: [`http://remotes.test/auth/${script}`],
  styles: [],
  contract: { remote: 'auth', hostContract: 2 },
});

const warnings: unknown[] = [];
const request = (overrides: Partial<PaintRequest>): PaintRequest => ({
  path: '/login',
  query: '',
  startup: { clubs: [], user: null },
  screenFiles: served('__federation_expose_Login.1111.js'),
  logger: { warn: (...args: unknown[]) => void warnings.push(args) },
  ...overrides,
});

let folder: string;
let painter: PagePainter;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'painted-pages-'));
  await writeFile(path.join(folder, 'page-render.mjs'), shellRenderer('v1'));
  await writeFile(path.join(folder, 'screens.mjs'), remoteScreens);
  painter = paintedPages(
    {
      shell: path.join(folder, 'page-render.mjs'),
      remotes: { auth: path.join(folder, 'screens.mjs') },
    },
    config,
  );
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the pages painted ahead of the browser', () => {
  it("renders a remote's screen with its own screens while the served remote is their build", async () => {
    expect(await painter.paint(request({}))).toBe('v1:/login:auth:./Login,./Landing:0');
  });

  it('goes out unpainted once another build of the remote is served (after a switch)', async () => {
    const switched = request({ screenFiles: served('__federation_expose_Login.9999.js') });
    expect(await painter.paint(switched)).toBeNull();
    expect(await painter.paint(request({ screenFiles: null }))).toBeNull();
  });

  it("renders the shell's own pages without a remote", async () => {
    expect(await painter.paint(request({ path: '/impressum', screenFiles: null }))).toBe(
      'v1:/impressum::' + ':0',
    );
  });

  it('paints only the first pages, without a query, for nobody logged in', async () => {
    expect(painter.paints('/login', '')).toBe(true);
    expect(painter.paints('/login', 'next=%2Fbookings')).toBe(false);
    expect(painter.paints('/reset-password', '')).toBe(false);
    expect(painter.paints('/reservations', '')).toBe(false);
    expect(await painter.paint(request({ query: 'x=1' }))).toBeNull();
    expect(await painter.paint(request({ path: '/reset-password' }))).toBeNull();
    const member = request({
      startup: {
        clubs: [],
        user: {
          _id: 'u',
          club_id: 'c',
          role: 'player',
          first_name: 'A',
          last_name: 'B',
          email: 'a@example.org',
          status: 'active',
        },
      },
    });
    expect(await painter.paint(member)).toBeNull();
  });

  it('uses a rebuilt renderer without a restart, and none while it is not built', async () => {
    const file = path.join(folder, 'page-render.mjs');
    await writeFile(file, shellRenderer('v2'));
    const later = new Date(Date.now() + 5000);
    await utimes(file, later, later);
    expect(await painter.paint(request({}))).toBe('v2:/login:auth:./Login,./Landing:0');
    const unbuilt = paintedPages({ shell: path.join(folder, 'missing.mjs'), remotes: {} }, config);
    expect(await unbuilt.paint(request({ path: '/impressum', screenFiles: null }))).toBeNull();
  });
});
