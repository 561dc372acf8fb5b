/**
 * The lists a page preloads for its first screen are asked for once, as the screen's code runs,
 * and each answer serves the first call for its address only (packages/ui/src/api/client.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ORIGIN = 'http://verein.test';
const WEEK = '/api/reservations?club_id=c1&from=2026-11-23&to=2026-11-29';
const BLOCKS = '/api/blocks?club_id=c1&from=2026-11-23&to=2026-11-29';

/** A page at `pathname`, loaded at `loadedAt`, whose head preloads `preloaded`; a fresh client module. */
async function pageWith({
  pathname,
  loadedAt,
  preloaded,
}: {
  pathname: string;
  loadedAt: string;
  preloaded: string[];
}) {
  const asked: string[] = [];
  let answers = 0;
  vi.stubGlobal('window', { location: { origin: ORIGIN, pathname } });
  vi.stubGlobal('document', {
    getElementById: () => null,
    querySelectorAll: (selector: string) =>
      selector === 'link[rel="preload"][as="fetch"]'
        ? preloaded.map((path) => ({ href: `${ORIGIN}${path}` }))
        : [],
  });
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { name: `${ORIGIN}${loadedAt}` } as PerformanceEntry,
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      answers += 1;
      return new Response(JSON.stringify({ answer: answers }), { headers: { 'Club-Seq': String(answers) } });
    }),
  );
  vi.resetModules();
  const client = await import('../src/api/client');
  return { client, asked };
}

describe("a page's preloaded lists", () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('are asked for once as the first screen starts, and each answer serves the first call for its address', async () => {
    const { client, asked } = await pageWith({
      pathname: '/reservations',
      loadedAt: '/reservations',
      preloaded: [WEEK, BLOCKS],
    });
    client.askPageLists();
    client.askPageLists();
    expect(asked).toEqual([WEEK, BLOCKS]);

    expect(await client.getJsonAtClubSeq(WEEK)).toEqual({ value: { answer: 1 }, clubSeq: 1 });
    expect(await client.getJsonAtClubSeq(BLOCKS)).toEqual({ value: { answer: 2 }, clubSeq: 2 });
    expect(asked).toEqual([WEEK, BLOCKS]);

    // A reload asks the API: the page's answer is as old as the page.
    expect(await client.getJsonAtClubSeq(WEEK)).toEqual({ value: { answer: 3 }, clubSeq: 3 });
    expect(asked).toEqual([WEEK, BLOCKS, WEEK]);
  });

  it('are not asked for by a screen opened after a step away from the address the page was loaded at', async () => {
    const { client, asked } = await pageWith({
      pathname: '/reservations',
      loadedAt: '/bookings',
      preloaded: [WEEK],
    });
    client.askPageLists();
    expect(asked).toEqual([]);
    await client.getJsonAtClubSeq(WEEK);
    expect(asked).toEqual([WEEK]);
  });

  it('leave a list the page did not preload to its own request', async () => {
    const { client, asked } = await pageWith({
      pathname: '/reservations',
      loadedAt: '/reservations',
      preloaded: [BLOCKS],
    });
    client.askPageLists();
    await client.getJsonAtClubSeq(WEEK);
    expect(asked).toEqual([BLOCKS, WEEK]);
  });
});
