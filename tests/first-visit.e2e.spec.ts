/**
 * A member's first visit of the day grid takes no detour: the page names the reservations remote's
 * files and the grid's first lists as preloads, the browser fetches each of them once (a preload
 * the page's own request does not reuse would be fetched again), and the whole visit stays within
 * twelve requests (docs/architecture/first-visit.md).
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { createClub, loginViaApi, pageAs, useChromium } from './support';
import { waitForGrid } from './support/reservations-grid';

const MOST_REQUESTS = 12;

/** V8's explicit compile hint (packages/ui/build/webpack.mjs, CompileHintsPlugin). */
const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * The browser's own requests for the tab and the home screen (the icon, the web app manifest):
 * asked beside the page, never by it, and nothing the first screen waits for.
 */
function isBrowsersOwn(request: Request): boolean {
  return request.resourceType() === 'manifest' || /\/favicon\.[a-z]+$/.test(new URL(request.url()).pathname);
}

/** Every request of the page from now on, and the console's word on preloads it did not use. */
function watchRequests(page: Page): { requests: Request[]; preloadWarnings: string[] } {
  const requests: Request[] = [];
  const preloadWarnings: string[] = [];
  page.on('request', (request) => {
    if (!isBrowsersOwn(request)) requests.push(request);
  });
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
  });
  return { requests, preloadWarnings };
}

/** The page's preload links, as absolute addresses. */
function preloadsOf(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="preload"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
}

/**
 * The API reads the screen made itself: every list a screen reads as it opens is preloaded or
 * answered inside the page, so a list left out of `firstRequestsOf` or of the page's inline
 * answers shows here (docs/adding-a-change.md).
 */
function askedByTheScreen(requests: readonly Request[], preloads: readonly string[]): string[] {
  return requests
    .filter((request) => ['fetch', 'xhr'].includes(request.resourceType()))
    .map((request) => request.url())
    .filter((url) => new URL(url).pathname.startsWith('/api/') && !preloads.includes(url));
}

/** The scripts among `requests`, each with the body it was answered with. */
async function scriptBodies(requests: readonly Request[]): Promise<{ url: string; body: string }[]> {
  const scripts = requests.filter((request) => request.resourceType() === 'script');
  return Promise.all(
    scripts.map(async (script) => ({
      url: script.url(),
      body: (await (await script.response())?.text()) ?? '',
    })),
  );
}

const twiceOrMore = (urls: readonly string[]) =>
  [...new Set(urls)].filter((url) => urls.indexOf(url) !== urls.lastIndexOf(url));

describe('the first visit of /reservations', () => {
  const browser = useChromium();

  it(`asks for at most ${MOST_REQUESTS} things, each once, with the remote's files and the grid's lists preloaded by the page`, async () => {
    const { admin } = await createClub();
    const page = await pageAs(browser, admin);
    const { requests, preloadWarnings } = watchRequests(page);

    await page.goto('/reservations');
    await waitForGrid(page);
    await page.waitForLoadState('networkidle');

    const urls = requests.map((request) => request.url());
    const named = urls.map((url, i) => `${requests[i]!.resourceType()} ${url}`).join('\n');
    expect(twiceOrMore(urls), named).toEqual([]);
    expect(preloadWarnings).toEqual([]);
    expect(urls.length, named).toBeLessThanOrEqual(MOST_REQUESTS);

    // The page itself names what the screen then uses: the remote's entry and the grid's week.
    const preloads = await preloadsOf(page);
    expect(preloads.some((href) => href.endsWith('/remoteEntry.js'))).toBe(true);
    expect(preloads.some((href) => new URL(href).pathname === '/api/blocks')).toBe(true);
    const preloadedData = preloads.filter((href) => new URL(href).pathname.startsWith('/api/'));
    for (const href of preloadedData) expect(urls).toContain(href);
    expect(askedByTheScreen(requests, preloads), named).toEqual([]);
  });

  it("'Meine Reservierungen' gets its lists with its page too: it asks for none of them itself", async () => {
    const { admin } = await createClub();
    const page = await pageAs(browser, admin);
    const { requests } = watchRequests(page);

    await page.goto('/bookings');
    await page.getByRole('heading', { name: /Meine Reservierungen/ }).waitFor();
    await page.getByText('Sie haben keine aktiven Reservierungen.').waitFor();
    await page.waitForLoadState('networkidle');

    expect(askedByTheScreen(requests, await preloadsOf(page))).toEqual([]);
  });

  it('runs scripts marked for eager compilation, and only those the first render needs', async () => {
    const { admin } = await createClub();
    const page = await pageAs(browser, admin);
    const { requests } = watchRequests(page);

    await page.goto('/reservations');
    await waitForGrid(page);
    await page.waitForLoadState('networkidle');

    const scripts = await scriptBodies(requests);
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const { url, body } of scripts) expect(body.split('\n', 1)[0], url).toBe(COMPILE_ALL_ON_LOAD);
    // What the grid loads later (its popups, on the first pointer or focus) compiles as it is used.
    const later = watchRequests(page).requests;
    await page.locator('table.day-grid').hover();
    await expect.poll(async () => (await scriptBodies(later)).length).toBeGreaterThan(0);
    for (const { url, body } of await scriptBodies(later)) {
      expect(body.startsWith(COMPILE_ALL_ON_LOAD), url).toBe(false);
    }
  });

  it("paints the club's header from the page's own HTML, as the shell then renders it", async () => {
    const { admin, club } = await createClub();
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const sent = await browser.context.request.get('/reservations', { headers: { Accept: 'text/html' } });
    const html = await sent.text();
    const headerOf = (markup: string) => /<header[^>]*>.*?<\/header>/s.exec(markup)?.[0];
    // The page's style sheets apply before its scripts run: the frame paints styled.
    expect(html).toMatch(/<link[^>]+rel="stylesheet"[^>]*>.*<div id="root"><div [^>]*data-page-frame/s);
    expect(headerOf(html)).toContain(`>${club.name}</p>`);

    const page = await browser.newPage('phone');
    await page.goto('/reservations');
    await waitForGrid(page);
    await expect.poll(() => page.locator('[data-page-frame]').count()).toBe(0);
    const rendered = await page.locator('#root').evaluate((root) => root.innerHTML);
    expect(headerOf(rendered)).toBe(headerOf(html));
  });
});
