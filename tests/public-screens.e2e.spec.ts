/**
 * Every public screen and the account panel, as people see them: an axe-core scan at phone and
 * desktop size with no serious or critical violation, a screenshot of each for people to look at
 * (artifacts/screenshots/), and the login done with the keyboard alone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as texts from '@platzbuchung/domain/texts';
import {
  createClub,
  createPlayer,
  expectAccessible,
  expectLabelled,
  field,
  loginViaApi,
  mainHeading,
  openPage,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  VIEWPORTS,
  waitForForm,
  type ViewportName,
} from './support';

const browser = useChromium();

interface Screen {
  name: string;
  path: string;
  /** Resolves once the screen shows what a person came for. */
  ready(page: Page): Promise<void>;
  loggedIn?: true;
}

const heading = (text: string) => (page: Page) =>
  mainHeading(page).getByText(text, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
const form = (submitLabel: string) => (page: Page) => waitForForm(page, submitLabel);

const SCREENS: Screen[] = [
  { name: 'landing', path: '/', ready: heading('Willkommen bei Platzbuchung') },
  { name: 'register', path: '/register', ready: form(texts.submitSignup) },
  {
    name: 'register-errors',
    path: '/register',
    ready: async (page) => {
      await waitForForm(page, texts.submitSignup);
      await field(page, 'Passwort').fill('kurz');
      await page.getByRole('button', { name: texts.submitSignup }).click();
      await page.getByText(texts.requiredField).first().waitFor({ timeout: UI_TIMEOUT_MS });
    },
  },
  { name: 'register-club', path: '/register/club', ready: form(texts.submitClub) },
  { name: 'login', path: '/login', ready: form(texts.submitLogin) },
  { name: 'forgot-password', path: '/forgot-password', ready: form('Link senden') },
  {
    name: 'reset-password',
    path: `/reset-password?token=${'A'.repeat(43)}`,
    ready: form(texts.submitResetPassword),
  },
  {
    name: 'reset-password-no-token',
    path: '/reset-password',
    ready: (page) => page.getByText(texts.missingResetToken).waitFor({ timeout: UI_TIMEOUT_MS }),
  },
  { name: 'impressum', path: '/impressum', ready: heading('Impressum') },
  { name: 'datenschutz', path: '/datenschutz', ready: heading('Datenschutzerklärung') },
  { name: 'not-found', path: '/gibt-es-nicht', ready: heading(texts.notFound) },
  {
    name: 'profile',
    path: '/profile',
    loggedIn: true,
    ready: (page) => page.getByRole('button', { name: texts.logout }).waitFor({ timeout: UI_TIMEOUT_MS }),
  },
];

describe('each screen at phone and desktop size', () => {
  it.each(SCREENS)(
    '$name ($path) has no serious or critical axe violation and is photographed',
    async (screen) => {
      await browser.freshContext();
      if (screen.loggedIn) {
        const { club } = await createClub({ name: 'TC Blau-Weiß Musterstadt' });
        await loginViaApi(
          browser.context,
          await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' }),
        );
      }
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        const page = await browser.newPage(viewport);
        await openPage(page, screen.path);
        await screen.ready(page);
        await expectAccessible(page, `${screen.name} at ${viewport}`);
        await screenshot(page, screen.name);
        await page.close();
      }
    },
  );
});

describe('keyboard', () => {
  it('fills and submits the login form with Tab, typing and Enter only; every field is labelled', async () => {
    await browser.freshContext();
    const { club } = await createClub();
    const player = await createPlayer(club._id);
    const page = await browser.newPage();
    await openPage(page, '/login');
    await waitForForm(page, texts.submitLogin);
    await expectLabelled(page, 'login');

    const email = field(page, 'E-Mail');
    const isFocused = (locator: ReturnType<typeof field>) =>
      locator.evaluate((element) => element === document.activeElement);
    let presses = 0;
    while (!(await isFocused(email))) {
      expect(presses++, 'Tab presses before the e-mail field').toBeLessThan(10);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(player.email);
    await page.keyboard.press('Tab');
    expect(await isFocused(field(page, 'Passwort'))).toBe(true);
    await page.keyboard.type(player.password);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/reservations', { timeout: UI_TIMEOUT_MS });
    await page.locator('header').getByText(club.name).waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
