import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INLINE_ANSWERS_ID,
  INLINE_CONFIG_ID,
  INLINE_CONTRACTS_ID,
  INLINE_STARTUP_ID,
  type PageStartup,
} from '@platzbuchung/host/contract';
import { clubNow } from '@platzbuchung/domain/club-time';
import {
  blocksPath,
  myWindow,
  reservationsPath,
  usersPath,
  weekWindow,
} from '@platzbuchung/domain/reservations/screen-requests';
import { waitlistPath } from '@platzbuchung/domain/waitlist/requests';
import { ownCheckInPath } from '@platzbuchung/domain/check-in/requests';
import { KEEP_SENT_MAILS_DAYS } from '@platzbuchung/outbox/outbox';
import { firstScreenAnswers, pageStartup } from '../src/http/page-startup';
import { inlineConfigBlock, inlineStartupBlock } from '../src/http/page-head';
import { remoteEntryUrl } from '../src/http/remotes-config';
import { serveUi } from '../src/http/ui';
import { clubWithMembers } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

/** The API serving the built shell: pages, files, /remotes.json, compression, and what it refuses. */
let api: TestApi;
let production: TestApi;
let shellDir: string;
const bundle = `console.log(${JSON.stringify('Platzbuchung '.repeat(500))});`;

beforeAll(async () => {
  shellDir = await mkdtemp(path.join(tmpdir(), 'pb-shell-'));
  await writeFile(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><title>Platzbuchung</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(shellDir, 'main.js'), bundle);
  await mkdir(path.join(shellDir, 'chunks'));
  await writeFile(path.join(shellDir, 'chunks', 'grid.0123abcd.js'), bundle);
  await writeFile(path.join(shellDir, 'main.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  await writeFile(path.join(shellDir, '.built'), 'build stamp');
  production = await startTestApi({
    extend: (deps) => ({
      ui: serveUi({
        shellDir,
        remotes: {},
        publicUrl: deps.config.publicUrl,
        mailRetentionDays: deps.config.mailRetentionDays,
        production: true,
      }),
    }),
  });
  api = await startTestApi({
    extend: (deps) => ({
      ui: serveUi({
        shellDir,
        remotes: { auth: 'http://localhost:3001' },
        publicUrl: deps.config.publicUrl,
        mailRetentionDays: deps.config.mailRetentionDays,
        impressum: {
          name: 'Betreiber',
          email: 'kontakt@example.de',
          address: 'Am Platz 1, 12345 Tennisdorf',
        },
        startupFor: pageStartup(deps.db),
      }),
    }),
  });
});
afterAll(async () => {
  await Promise.all([api.close(), production.close()]);
  await rm(shellDir, { recursive: true, force: true });
});

const get = (urlPath: string, headers: Record<string, string> = {}) => fetch(api.url + urlPath, { headers });

describe('serving the shell', () => {
  it('answers any page navigation with index.html and a CSP that names the remotes', async () => {
    const response = await get('/reservations', { Accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' http://localhost:3001");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    // It carries the visitor's session (below): kept nowhere, like the session check's answer.
    expect(response.headers.get('cache-control')).toBe('no-store');
    const withoutStartup = await fetch(`${production.url}/reservations`, {
      headers: { Accept: 'text/html' },
    });
    expect(withoutStartup.headers.get('cache-control')).toBe('no-cache');
  });

  it("opens connections to the remotes' other origins while the shell loads, and none to its own", async () => {
    const html = await (await get('/', { Accept: 'text/html' })).text();
    expect(html).toContain('<link rel="preconnect" href="http://localhost:3001" crossorigin />');
    expect(html).toContain('<link rel="preconnect" href="http://localhost:3001" />');
    expect(html.match(/rel="preconnect"/g)).toHaveLength(2);
    const own = await (await fetch(`${production.url}/`, { headers: { Accept: 'text/html' } })).text();
    expect(own).not.toContain('preconnect');
  });

  it('tells the shell where the remotes and the operator are', async () => {
    expect(await (await get('/remotes.json')).json()).toEqual({
      remotes: { auth: 'http://localhost:3001/remoteEntry.js' },
      impressum: { name: 'Betreiber', email: 'kontakt@example.de', address: 'Am Platz 1, 12345 Tennisdorf' },
      // The periods the privacy notice names, as the API keeps them.
      privacy: {
        sessionIdleDays: 14,
        sessionLifetimeDays: 30,
        sentMailDays: KEEP_SENT_MAILS_DAYS,
        mailBodyDays: 30,
      },
    });
  });

  it('writes the same configuration into the page, so the shell can start before its first request', async () => {
    const html = await (await get('/reservations', { Accept: 'text/html' })).text();
    const block = new RegExp(`<script type="application/json" id="${INLINE_CONFIG_ID}">(.*?)</script>`);
    const inline = JSON.parse(html.match(block)![1]!) as unknown;
    expect(inline).toEqual(await (await get('/remotes.json')).json());
  });

  it("writes the clubs and the visitor's session into the page, as /api/clubs and /api/verifyAuth answer them", async () => {
    const { admin, player } = await clubWithMembers(api.url);
    const startupOf = async (cookie: string | undefined, acceptEncoding = 'gzip') => {
      const headers: Record<string, string> = { Accept: 'text/html', 'Accept-Encoding': acceptEncoding };
      if (cookie) headers.Cookie = cookie;
      const html = await (await get('/reservations', headers)).text();
      const block = new RegExp(
        `<script type="application/json" id="${INLINE_STARTUP_ID}">(.*?)</script></head>`,
      );
      return JSON.parse(html.match(block)![1]!) as PageStartup;
    };
    const clubs = await (await get('/api/clubs')).json();

    expect(await startupOf(undefined)).toEqual({ clubs, user: null });
    for (const { client } of [admin, player]) {
      const verified = await (await get('/api/verifyAuth', { Cookie: client.cookieHeader() })).json();
      expect(await startupOf(client.cookieHeader())).toEqual({ clubs, user: verified });
      expect(await startupOf(client.cookieHeader(), 'identity')).toEqual({ clubs, user: verified });
    }
    // After a logout the same cookie names nobody.
    const cookie = player.client.cookieHeader();
    expect((await startupOf(cookie)).user).not.toBeNull();
    await player.client.post('/api/logout', {});
    expect((await startupOf(cookie)).user).toBeNull();
  });

  it('serves the page without its startup when the startup cannot be read, and the shell asks', async () => {
    const failing = await startTestApi({
      extend: (deps) => ({
        ui: serveUi({
          shellDir,
          remotes: {},
          publicUrl: deps.config.publicUrl,
          mailRetentionDays: deps.config.mailRetentionDays,
          startupFor: () => Promise.reject(new Error('database away')),
        }),
      }),
    });
    try {
      const response = await fetch(`${failing.url}/reservations`, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain(INLINE_CONFIG_ID);
      expect(html).not.toContain(INLINE_STARTUP_ID);
    } finally {
      await failing.close();
    }
  });

  it('compresses scripts for clients that accept gzip, and caches hashed chunks for a year', async () => {
    const response = await get('/chunks/grid.0123abcd.js', { 'Accept-Encoding': 'gzip' });
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decompresses on its own; the header and the smaller size on the wire tell it was gzip.
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(bundle);
    expect(Number(response.headers.get('content-length'))).toBeLessThan(bundle.length / 5);
    const plain = await get('/main.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the smaller Brotli to clients that take it, gzip to those that take only gzip', async () => {
    const gzipped = await get('/chunks/grid.0123abcd.js', { 'Accept-Encoding': 'gzip' });
    const brotli = await get('/chunks/grid.0123abcd.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect(await brotli.text()).toBe(bundle);
    expect(await gzipped.text()).toBe(bundle);
    expect(Number(brotli.headers.get('content-length'))).toBeLessThan(
      Number(gzipped.headers.get('content-length')),
    );
    // Asked again, the kept compression answers the same bytes.
    const again = await get('/chunks/grid.0123abcd.js', { 'Accept-Encoding': 'br' });
    expect(again.headers.get('content-length')).toBe(brotli.headers.get('content-length'));
  });

  it('never leaves the shell folder and never turns an API path into a page', async () => {
    expect((await get('/../package.json', { Accept: 'text/plain' })).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/package.json', { Accept: 'text/plain' })).status).toBe(404);
    const apiPath = await get('/api/nothing-here', { Accept: 'text/html' });
    expect(apiPath.status).toBe(404);
    expect(await apiPath.json()).toEqual({ error: 'Diese Adresse gibt es nicht.' });
  });
});

describe('what is never public', () => {
  it('serves source maps in development only', async () => {
    expect((await get('/main.js.map')).status).toBe(200);
    const response = await fetch(`${production.url}/main.js.map`, {
      headers: { Accept: 'application/json' },
    });
    expect(response.status).toBe(404);
    expect((await fetch(`${production.url}/main.js`)).status).toBe(200);
  });

  it('never serves the build stamps or any other dot-file', async () => {
    for (const base of [api.url, production.url]) {
      expect((await fetch(`${base}/.built`, { headers: { Accept: 'text/plain' } })).status).toBe(404);
      expect((await fetch(`${base}/%2ebuilt`, { headers: { Accept: 'text/plain' } })).status).toBe(404);
    }
  });
});

describe('the configuration in the page', () => {
  it('cannot be closed early by a text in it, and still reads back the same', () => {
    const config = {
      remotes: { auth: 'http://localhost:3001/remoteEntry.js' },
      impressum: {
        name: '</script><script>alert(1)</script>',
        email: 'kontakt@example.de',
        address: 'Am Platz 1, 12345 Tennisdorf',
      },
      privacy: { sessionIdleDays: 14, sessionLifetimeDays: 30, sentMailDays: 90, mailBodyDays: 30 },
    };
    const block = inlineConfigBlock(config);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual(config);
  });
});

describe("the visitor's startup in the page", () => {
  it("cannot be closed or commented out early by a club's or a user's text", () => {
    const startup = { clubs: [{ _id: 'c1', name: '<!--<script>' }], user: { first_name: '</script>' } };
    const block = inlineStartupBlock(JSON.stringify(startup));
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block.slice(block.indexOf('>') + 1)).not.toMatch(/<(?!\/script>$)/);
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual(startup);
  });
});

describe('where a remote is found', () => {
  it("loads each remote's entry script: an origin or folder gets remoteEntry.js, a manifest means the entry beside it", () => {
    const publicUrl = 'https://platz.example';
    expect(remoteEntryUrl('http://localhost:3001', publicUrl)).toBe('http://localhost:3001/remoteEntry.js');
    expect(remoteEntryUrl('/remotes/admin/', publicUrl)).toBe(
      'https://platz.example/remotes/admin/remoteEntry.js',
    );
    expect(remoteEntryUrl('https://cdn.example/auth/mf-manifest.json', publicUrl)).toBe(
      'https://cdn.example/auth/remoteEntry.js',
    );
    expect(remoteEntryUrl('https://cdn.example/auth/entry.4f2a.js', publicUrl)).toBe(
      'https://cdn.example/auth/entry.4f2a.js',
    );
  });
});

/** A remote's file server as the API sees it: a manifest that a `switch` replaces, and a count of its reads. */
function fakeRemote() {
  const served = { manifest: manifestNaming('v1'), reads: 0 };
  const server: Server = createServer((request, response) => {
    if (request.url === '/host-contract.json') {
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ remote: 'reservations', hostContract: 7 }));
      return;
    }
    if (request.url !== '/mf-manifest.json') {
      response.writeHead(404).end();
      return;
    }
    served.reads += 1;
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(served.manifest));
  });
  return { served, server };
}

/** A reservations remote's manifest whose files are named after a version, as a build names them. */
function manifestNaming(version: string) {
  const screen = (name: string) => ({
    path: `./${name}`,
    assets: {
      js: { sync: [`shared.${version}.js`, `${name}.${version}.js`], async: [`popups.${version}.js`] },
      css: { sync: [`${name}.${version}.css`], async: [] },
    },
  });
  return { exposes: [screen('Reservations'), screen('MyReservations'), screen('Players')] };
}

describe("the page names its screen's files from the remote's served manifest", () => {
  let remote: ReturnType<typeof fakeRemote>;
  let remoteUrl: string;
  let withRemote: TestApi;
  const freshForMs = 300;

  beforeAll(async () => {
    remote = fakeRemote();
    await new Promise<void>((resolve) => remote.server.listen(0, '127.0.0.1', resolve));
    remoteUrl = `http://127.0.0.1:${(remote.server.address() as AddressInfo).port}`;
    withRemote = await startTestApi({
      extend: (deps) => ({
        ui: serveUi({
          shellDir,
          remotes: { reservations: remoteUrl },
          publicUrl: deps.config.publicUrl,
          mailRetentionDays: deps.config.mailRetentionDays,
          startupFor: pageStartup(deps.db),
          inlineAnswerFor: firstScreenAnswers(deps.db, () => new Date()),
          manifestFreshForMs: freshForMs,
        }),
      }),
    });
  });
  afterAll(async () => {
    await withRemote.close();
    await new Promise((resolve) => remote.server.close(resolve));
  });

  const pageAt = async (urlPath: string, cookie?: string) => {
    const headers: Record<string, string> = { Accept: 'text/html' };
    if (cookie) headers.Cookie = cookie;
    return (await fetch(withRemote.url + urlPath, { headers })).text();
  };
  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="(?:script|style)"[^>]*>/g)].map(([link]) => link);
  const dataPreloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]*)" \/>/g)].map(([, href]) =>
      href!.replace(/&amp;/g, '&'),
    );
  const answersOf = (html: string): Record<string, unknown> => {
    const block = new RegExp(`<script type="application/json" id="${INLINE_ANSWERS_ID}">(.*?)</script>`);
    const text = html.match(block)?.[1];
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const preloadsFor = (version: string, screen: string) => [
    `<link rel="preload" as="style" href="${remoteUrl}/${screen}.${version}.css" />`,
    `<link rel="preload" as="script" href="${remoteUrl}/remoteEntry.js" />`,
    `<link rel="preload" as="script" href="${remoteUrl}/shared.${version}.js" />`,
    `<link rel="preload" as="script" href="${remoteUrl}/${screen}.${version}.js" />`,
  ];

  it("preloads a member's screen: its remote's entry, the exposed module's chunks and style sheet, classic and without crossorigin", async () => {
    const { admin } = await clubWithMembers(withRemote.url);
    const cookie = admin.client.cookieHeader();
    expect(preloadsOf(await pageAt('/reservations', cookie))).toEqual(preloadsFor('v1', 'Reservations'));
    // The route table the shell routes by says which screen a path shows.
    expect(preloadsOf(await pageAt('/players', cookie))).toEqual(preloadsFor('v1', 'Players'));
    // Chunks loaded only later (the popups) are left to the screen.
    const html = await pageAt('/reservations', cookie);
    expect(html).not.toContain('popups.v1.js');
    // The contract declaration read beside the manifest, so the shell need not ask for it.
    const block = new RegExp(`<script type="application/json" id="${INLINE_CONTRACTS_ID}">(.*?)</script>`);
    expect(JSON.parse(html.match(block)![1]!)).toEqual({
      reservations: { remote: 'reservations', hostContract: 7 },
    });
  });

  it("names the new version's files once the served manifest changed (after `npm run switch`), asking it at most once per period", async () => {
    const { admin } = await clubWithMembers(withRemote.url);
    const cookie = admin.client.cookieHeader();
    expect(preloadsOf(await pageAt('/reservations', cookie))).toEqual(preloadsFor('v1', 'Reservations'));
    remote.served.manifest = manifestNaming('v2');
    await new Promise((resolve) => setTimeout(resolve, freshForMs + 50));
    const readsBefore = remote.served.reads;
    const pages = await Promise.all([1, 2, 3, 4].map(() => pageAt('/reservations', cookie)));
    for (const html of pages) expect(preloadsOf(html)).toEqual(preloadsFor('v2', 'Reservations'));
    expect(remote.served.reads - readsBefore).toBe(1);
    remote.served.manifest = manifestNaming('v1');
    await new Promise((resolve) => setTimeout(resolve, freshForMs + 50));
  });

  it("starts the grid's first data with a member's page: the members and the Warteliste in it, the week, its blocks and their own bookings preloaded, as the screen asks", async () => {
    const { admin, club } = await clubWithMembers(withRemote.url);
    const cookie = admin.client.cookieHeader();
    const today = clubNow(club.time_zone).date;
    const asMember = (urlPath: string) => fetch(withRemote.url + urlPath, { headers: { Cookie: cookie } });
    const user = (await (await asMember('/api/verifyAuth')).json()) as { _id: string };
    const html = await pageAt('/reservations', cookie);
    expect(dataPreloadsOf(html)).toEqual([
      reservationsPath(club._id, weekWindow(today)),
      blocksPath(club._id, weekWindow(today)),
      reservationsPath(club._id, myWindow(today), user._id),
    ]);
    // Each is an address the API answers for this member.
    for (const href of dataPreloadsOf(html)) expect((await asMember(href)).status).toBe(200);
    // The members and the member's Warteliste, as GET answers them, under the paths the screen asks.
    expect(answersOf(html)).toEqual({
      [usersPath(club._id)]: await (await asMember(usersPath(club._id))).json(),
      [waitlistPath(club._id)]: await (await asMember(waitlistPath(club._id))).json(),
    });
    // The personal page stays personal.
    const response = await fetch(`${withRemote.url}/reservations`, {
      headers: { Accept: 'text/html', Cookie: cookie },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(answersOf(await pageAt('/players', cookie)))).toEqual([usersPath(club._id)]);
  });

  it("starts 'Meine Reservierungen' with its page: the member's own bookings preloaded and their Warteliste in it", async () => {
    const { admin, club } = await clubWithMembers(withRemote.url);
    const cookie = admin.client.cookieHeader();
    const today = clubNow(club.time_zone).date;
    const asMember = (urlPath: string) => fetch(withRemote.url + urlPath, { headers: { Cookie: cookie } });
    const user = (await (await asMember('/api/verifyAuth')).json()) as { _id: string };
    const html = await pageAt('/bookings', cookie);
    expect(preloadsOf(html)).toEqual(preloadsFor('v1', 'MyReservations'));
    expect(dataPreloadsOf(html)).toEqual([reservationsPath(club._id, myWindow(today), user._id)]);
    expect(answersOf(html)).toEqual({
      [waitlistPath(club._id)]: await (await asMember(waitlistPath(club._id))).json(),
      [ownCheckInPath(club._id)]: await (await asMember(ownCheckInPath(club._id))).json(),
    });
  });

  it('preloads nothing a visitor will not see: no member screen or data for a stranger, none for an unknown path', async () => {
    for (const urlPath of ['/reservations', '/players', '/nirgendwo', '/']) {
      const html = await pageAt(urlPath);
      expect(preloadsOf(html)).toEqual([]);
      expect(dataPreloadsOf(html)).toEqual([]);
      expect(html).not.toContain('/api/');
      expect(html).not.toContain(INLINE_CONTRACTS_ID);
      expect(answersOf(html)).toEqual({});
    }
  });

  it('goes out without preloads when the remote does not answer, and the shell loads the screen itself', async () => {
    const { admin } = await clubWithMembers(withRemote.url);
    const stray = await startTestApi({
      extend: (deps) => ({
        ui: serveUi({
          shellDir,
          remotes: { reservations: 'http://127.0.0.1:9' },
          publicUrl: deps.config.publicUrl,
          mailRetentionDays: deps.config.mailRetentionDays,
          startupFor: pageStartup(deps.db),
        }),
      }),
    });
    try {
      const response = await fetch(`${stray.url}/reservations`, {
        headers: { Accept: 'text/html', Cookie: admin.client.cookieHeader() },
      });
      expect(response.status).toBe(200);
      expect(preloadsOf(await response.text())).toEqual([]);
    } finally {
      await stray.close();
    }
  });
});
