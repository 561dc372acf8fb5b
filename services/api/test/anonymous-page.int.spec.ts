import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INLINE_STARTUP_ID } from '@platzbuchung/host/contract';
import { pageStartup } from '../src/http/page-startup';
import { serveUi } from '../src/http/ui';
import type * as Compression from '../src/http/compression';
import { clubWithMembers } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

/** Every compression of a page that carries a startup block, as the API asked for it. */
const pageCompressions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/http/compression', async (importOriginal) => {
  const original = await importOriginal<typeof Compression>();
  return {
    ...original,
    gzipOnce: (body: string | Buffer, level?: number) => {
      if (body.toString().includes(INLINE_STARTUP_ID)) pageCompressions.count++;
      return original.gzipOnce(body, level);
    },
  };
});

let api: TestApi;
let shellDir: string;

beforeAll(async () => {
  shellDir = await mkdtemp(path.join(tmpdir(), 'pb-shell-'));
  await writeFile(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><title>Platzbuchung</title></head><body><div id="root"></div></body></html>',
  );
  api = await startTestApi({
    extend: (deps) => ({
      ui: serveUi({
        shellDir,
        remotes: {},
        publicUrl: deps.config.publicUrl,
        mailRetentionDays: deps.config.mailRetentionDays,
        startupFor: pageStartup(deps.db),
      }),
    }),
  });
});
afterAll(async () => {
  await api.close();
  await rm(shellDir, { recursive: true, force: true });
});
beforeEach(() => {
  pageCompressions.count = 0;
});

async function page(cookie?: string): Promise<{ html: string; cacheControl: string | null }> {
  const headers: Record<string, string> = { Accept: 'text/html', 'Accept-Encoding': 'gzip' };
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(`${api.url}/`, { headers });
  expect(response.headers.get('content-encoding')).toBe('gzip');
  return { html: await response.text(), cacheControl: response.headers.get('cache-control') };
}

describe('the page an anonymous visitor gets', () => {
  it('is compressed once, however many strangers ask, until the clubs change', async () => {
    const first = await page();
    for (let i = 0; i < 5; i++) expect((await page()).html).toBe(first.html);
    expect(pageCompressions.count).toBe(1);
    // It says nobody is logged in: no shared cache may keep it.
    expect(first.cacheControl).toBe('no-store');

    // A new club changes what every anonymous page lists: compressed once more.
    await clubWithMembers(api.url);
    const afterNewClub = await page();
    expect(afterNewClub.html).not.toBe(first.html);
    await page();
    expect(pageCompressions.count).toBe(2);
  });

  it('is never the page of a logged-in member, whose own page is compressed for them alone', async () => {
    const { player } = await clubWithMembers(api.url);
    const anonymousHtml = (await page()).html;
    pageCompressions.count = 0;
    const own = await page(player.client.cookieHeader());
    expect(own.html).not.toBe(anonymousHtml);
    expect(own.html).toContain(player.user._id);
    await page(player.client.cookieHeader());
    expect(pageCompressions.count).toBe(2);
  });
});
