/**
 * The end-to-end harness, for every `tests/*.e2e.spec.ts`.
 *
 * One stack runs for the whole `e2e` project (global-setup.ts): `node scripts/start.mjs` against a
 * fresh database, on free ports, mails as .eml files in a temp folder. Files run one after another.
 *
 *   import { describe, expect, it } from 'vitest';
 *   import { createClub, loginViaApi, openPage, screenshot, expectAccessible, useChromium } from './support';
 *
 *   describe('my screen', () => {
 *     const browser = useChromium();                 // one Chromium per file, fresh profile
 *     it('shows the club name', async () => {
 *       const { club, admin } = await createClub();  // through the API, quick
 *       await loginViaApi(browser.context, admin);   // cookie lands in the browser
 *       const page = await browser.newPage('phone'); // 390×844 ('desktop': 1280×800)
 *       await openPage(page, '/reservations');       // waits for the startup splash to go
 *       await page.getByText(club.name).waitFor();
 *       await expectAccessible(page, 'reservations');
 *       await screenshot(page, 'reservations');      // artifacts/screenshots/reservations-390x844.png
 *     });
 *   });
 *
 * Wait for visible text or roles (locator.waitFor, page.waitForURL), never for a fixed time.
 */
export * from './a11y';
export * from './api';
export * from './chromium';
export * from './mail';
export * from './stack';
export * from './ui';
