/**
 * Installable the way Chromium decides it (docs/architecture/offline.md, "Installable"): with the
 * app's service worker in control, the DevTools protocol's own installability check finds nothing
 * missing, and the manifest Chromium read says what the app promises (names, icons 192/512 and a
 * maskable one, start at the grid, standalone, the app's green). Lighthouse no longer has a PWA
 * category, so this is the check.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostPaths } from '@platzbuchung/host/contract';
import { e2eStack, openPage, SCREENSHOT_DIR, useChromium } from './support';
import { REPO_ROOT } from './support/processes';

const browser = useChromium({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** The app's green, as the design tokens name it: the manifest's theme colour must be the same. */
async function primaryColour(): Promise<string> {
  const tokens = await readFile(path.join(REPO_ROOT, 'packages/ui/src/styles/tokens.css'), 'utf8');
  const match = /--color-primary:\s*(#[0-9a-f]{6})/i.exec(tokens);
  if (!match?.[1]) throw new Error('tokens.css names no --color-primary');
  return match[1].toLowerCase();
}

/** Opens the app and waits until its service worker controls the page (a reload after the first registration). */
async function controlledPage(): Promise<Page> {
  await browser.freshContext();
  const page = await browser.newPage('phone');
  await openPage(page, hostPaths.landing);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await openPage(page, hostPaths.landing);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    new URL('/sw.js', e2eStack().baseUrl).href,
  );
  return page;
}

describe('installable', () => {
  it('has no installability error in Chromium, and its manifest keeps the contract', async () => {
    const page = await controlledPage();
    const cdp = await browser.context.newCDPSession(page);

    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // The check is live: a page of the same origin without a manifest is not installable.
    const bare = await browser.newPage('phone');
    await bare.goto('/healthz');
    const bareErrors = await (await browser.context.newCDPSession(bare)).send('Page.getInstallabilityErrors');
    expect(bareErrors.installabilityErrors.map((error) => error.errorId)).toContain('no-manifest');
    await bare.close();

    const read = await cdp.send('Page.getAppManifest', {});
    expect(read.errors).toEqual([]);
    expect(read.url).toBe(new URL('/manifest.json', e2eStack().baseUrl).href);
    // Chromium's own reading: addresses resolved, colours as rgba, its own names for display modes.
    const { manifest } = read;
    const base = e2eStack().baseUrl;
    expect(manifest.name).toBe('Platzbuchung – Tennisplätze reservieren');
    expect(manifest.startUrl).toBe(new URL(hostPaths.reservations, base).href);
    expect(manifest.scope).toBe(new URL('/', base).href);
    expect(manifest.display).toBe('kStandalone');
    const theme = await primaryColour();
    expect(manifest.themeColor).toBe(rgba(theme));
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(theme);
    expect(manifest.icons?.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // The short name, language and the icons' purposes are not in Chromium's reading: the file it read says them.
    const file = JSON.parse(read.data ?? '{}') as { short_name: string; lang: string; icons: ManifestIcon[] };
    expect(file.short_name).toBe('Platzbuchung');
    expect(file.lang).toBe('de');
    const pngs = file.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
    // A maskable icon is cut to any shape by the phone: it fills its whole square, and everything
    // outside the safe zone (the circle of 40 % of its size around the middle) is plain background.
    const maskable = pngs.find((icon) => icon.purpose === 'maskable');
    expect(await maskableLook(page, maskable?.src ?? '')).toEqual({ opaque: true, drawnOutsideSafeZone: 0 });

    // The icon Chromium picked for the install prompt, kept for people to look at.
    const { primaryIcon } = await cdp.send('Page.getManifestIcons');
    expect(primaryIcon).toBeTruthy();
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await writeFile(
      path.join(SCREENSHOT_DIR, 'install-primary-icon.png'),
      Buffer.from(primaryIcon ?? '', 'base64'),
    );
  });
});

/** `#1d6a40` as Chromium writes a colour it read: `rgba(29,106,64,1)`. */
function rgba(hex: string): string {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${channels.join(',')},1)`;
}

/**
 * Whether every pixel of the image is opaque, and how many pixels outside the maskable safe zone
 * differ from the corner's colour, read through a canvas in the page.
 */
function maskableLook(page: Page, src: string): Promise<{ opaque: boolean; drawnOutsideSafeZone: number }> {
  return page.evaluate(async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    const { naturalWidth: width, naturalHeight: height } = image;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, width, height).data;
    const background = [pixels[0] ?? 0, pixels[1] ?? 0, pixels[2] ?? 0];
    const safeRadius = 0.4 * width;
    let opaque = true;
    let drawnOutsideSafeZone = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        if (pixels[at + 3] !== 255) opaque = false;
        if (Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) <= safeRadius) continue;
        const differs = background.some(
          (channel, index) => Math.abs((pixels[at + index] ?? 0) - channel) > 8,
        );
        if (differs) drawnOutsideSafeZone++;
      }
    }
    return { opaque, drawnOutsideSafeZone };
  }, src);
}
