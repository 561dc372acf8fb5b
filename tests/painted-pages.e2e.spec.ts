/**
 * The pages a stranger opens first are rendered by the server (services/api/src/http/painted-pages.ts):
 * with JavaScript off each shows its heading and its form's fields, and with it on React takes the
 * server's HTML over in place (hydration: nothing of it is removed and drawn again), after which
 * the login form logs in.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hostPaths, SERVER_RENDERED_ATTRIBUTE } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import {
  createClub,
  createPlayer,
  field,
  mainHeading,
  openPage,
  UI_TIMEOUT_MS,
  useChromium,
  waitForForm,
} from './support';

interface PaintedPage {
  path: string;
  heading: string;
  /** The labels of the form's fields, if it has a form. */
  fields: readonly string[];
}

const PAINTED_PAGES: readonly PaintedPage[] = [
  { path: hostPaths.landing, heading: 'Willkommen bei Platzbuchung', fields: [] },
  { path: hostPaths.login, heading: 'Anmelden', fields: ['E-Mail', 'Passwort'] },
  {
    path: hostPaths.register,
    heading: 'Registrieren',
    fields: ['Verein', 'Vorname', 'Nachname', 'E-Mail', 'Passwort'],
  },
  {
    path: hostPaths.registerClub,
    heading: 'Verein registrieren',
    fields: ['Name des Vereins', 'Anzahl der Plätze', 'Vorname', 'Nachname', 'E-Mail', 'Passwort'],
  },
  { path: hostPaths.forgotPassword, heading: 'Passwort vergessen', fields: ['E-Mail'] },
  { path: hostPaths.impressum, heading: 'Impressum', fields: [] },
  { path: hostPaths.privacy, heading: 'Datenschutzerklärung', fields: [] },
];

describe('the pages a stranger opens first, with JavaScript off', () => {
  const browser = useChromium({ javaScript: 'off' });

  it.each(PAINTED_PAGES)('$path shows its heading and its fields from the HTML alone', async (painted) => {
    const page = await browser.newPage();
    await page.goto(painted.path);
    expect(await mainHeading(page).first().textContent()).toBe(painted.heading);
    for (const label of painted.fields) {
      // At least one: with many clubs the club picker is a search box whose suggestions are
      // labelled like it (tests/support/ui.ts, pickClub), and the e2e database gains clubs.
      expect(await field(page, label).count(), label).toBeGreaterThan(0);
    }
    // The note says what needs the script: sending, not reading.
    const note = (await page.locator('noscript').first().textContent()) ?? '';
    expect(note).toContain('Zum Absenden von Formularen braucht Platzbuchung JavaScript.');
    await page.close();
  });

  it('names the forms as posts, so a form sent without its script never puts a password into the address', async () => {
    const page = await browser.newPage();
    await page.goto(hostPaths.login);
    expect(await page.locator('#main form').getAttribute('method')).toBe('post');
    await page.close();
  });
});

/** Records what is removed from the page's root itself while it starts (a render anew would empty it). */
async function watchRootRemovals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        // A render anew empties the root; a hydration keeps the server's layout in it.
        if (record.target !== document.getElementById('root')) continue;
        for (const node of Array.from(record.removedNodes))
          if (node instanceof Element) removed.push(node.outerHTML.slice(0, 80));
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('the pages a stranger opens first, with JavaScript on', () => {
  const browser = useChromium();

  it('are hydrated in place, with no error in the console, and the login still logs in', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await watchRootRemovals(page);

    for (const painted of PAINTED_PAGES) {
      await openPage(page, painted.path);
      await mainHeading(page).getByText(painted.heading, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForLoadState('networkidle');
      const removed = await page.evaluate(
        () => (window as unknown as { removedFromRoot: string[] }).removedFromRoot,
      );
      expect(removed, painted.path).toEqual([]);
      expect(await page.locator(`#root[${SERVER_RENDERED_ATTRIBUTE}]`).count()).toBe(0);
    }

    await openPage(page, hostPaths.login);
    await waitForForm(page, texts.submitLogin);
    await field(page, 'E-Mail').fill(player.email);
    await field(page, 'Passwort').fill(player.password);
    await page.getByRole('button', { name: texts.submitLogin, exact: true }).click();
    await page.waitForURL('**/reservations', { timeout: UI_TIMEOUT_MS });
    expect(errors).toEqual([]);
    await page.close();
  });
});
