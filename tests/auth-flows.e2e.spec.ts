/**
 * The auth micro-frontend end to end, in Chromium against the running stack: club registration,
 * sign-up, login, logout, field errors and the password reset through a real mail.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import {
  createClub,
  createPlayer,
  e2eStack,
  field,
  firstLink,
  loginViaUi,
  mainHeading,
  openPage,
  pickClub,
  TEST_PASSWORD,
  uniqueClubName,
  uniqueEmail,
  UI_TIMEOUT_MS,
  useChromium,
  waitForForm,
  waitForMail,
} from './support';

const browser = useChromium();

beforeEach(async () => {
  await browser.freshContext();
});

describe('club registration', () => {
  it('registers a club in the UI, whose admin logs in, sees the club name in the header and logs out to /', async () => {
    const page = await browser.newPage();
    const clubName = uniqueClubName('TC Rot-Weiß');
    const email = uniqueEmail('club-admin');

    await openPage(page, '/register/club');
    await waitForForm(page, texts.submitClub);
    await field(page, 'Name des Vereins').fill(clubName);
    await field(page, 'Anzahl der Plätze').selectOption('4');
    await field(page, 'Vorname').fill('Jürgen');
    await field(page, 'Nachname').fill('Müller-Lüdenscheidt');
    await field(page, 'E-Mail').fill(email);
    await field(page, 'Passwort').fill(TEST_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: texts.submitClub }).click();

    await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
    await expect.poll(() => page.getByRole('status').filter({ hasText: texts.clubCreated }).count()).toBe(1);

    await loginViaUi(page, { email, password: TEST_PASSWORD });
    await page.locator('header').getByText(clubName).waitFor({ timeout: UI_TIMEOUT_MS });

    await page.getByRole('link', { name: 'Konto' }).click();
    await page.waitForURL('**/profile');
    await page.getByText('Jürgen Müller-Lüdenscheidt (Admin)').waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: texts.logout }).click();

    await page.waitForURL((url) => url.pathname === '/', { timeout: UI_TIMEOUT_MS });
    await page.getByRole('link', { name: texts.submitLogin }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.locator('header').textContent()).toContain(texts.tagline);
    // Logged out for the server too: a private page sends us back to /.
    await openPage(page, '/profile');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('player sign-up', () => {
  it('signs a player up with the club select, strength meter, show/hide toggle and privacy consent, then logs in', async () => {
    const { club } = await createClub();
    const page = await browser.newPage();
    const email = uniqueEmail('signup');

    await openPage(page, '/register');
    await waitForForm(page, texts.submitSignup);
    const clubSelect = field(page, 'Verein');
    const firstOption = clubSelect.locator('option').first();
    expect(await firstOption.textContent()).toBe(texts.selectPlaceholder);
    expect(await firstOption.getAttribute('value')).toBe('');
    expect(await clubSelect.inputValue()).toBe('');
    await clubSelect.selectOption({ label: club.name });

    await field(page, 'Vorname').fill('Steffi');
    await field(page, 'Nachname').fill('Graf');
    await field(page, 'E-Mail').fill(email);

    const password = field(page, 'Passwort');
    const strength = page.getByText(/^Strength: /);
    await password.pressSequentially('abc');
    await expect.poll(() => strength.textContent()).toBe(texts.passwordStrength('low'));
    await password.pressSequentially('DEF12');
    await expect.poll(() => strength.textContent()).toBe(texts.passwordStrength('medium'));
    await password.pressSequentially('!');
    await expect.poll(() => strength.textContent()).toBe(texts.passwordStrength('high'));

    const toggle = page.getByRole('button', { name: 'Passwort anzeigen' });
    expect(await password.getAttribute('type')).toBe('password');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await password.inputValue()).toBe('abcDEF12!');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('password');

    const privacy = page.getByRole('checkbox');
    expect(await privacy.getAttribute('value')).toBe('agree');
    // Labelled by the consent text: the app's developer and the club's staff use the data.
    const consent = page.getByLabel(/Entwickler dieser App.*Mitarbeiter meines Vereins/);
    expect(await consent.getAttribute('type')).toBe('checkbox');
    await privacy.check();
    await page.getByRole('button', { name: texts.submitSignup }).click();

    await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
    await page.getByText(texts.signedUp).waitFor({ timeout: UI_TIMEOUT_MS });
    await loginViaUi(page, { email, password: 'abcDEF12!' });
    await page.locator('header').getByText(club.name).waitFor({ timeout: UI_TIMEOUT_MS });
  });
});

describe('form errors', () => {
  it('shows the server’s duplicate e-mail error under the e-mail field, tied to it by aria-describedby', async () => {
    const { club } = await createClub();
    const existing = await createPlayer(club._id);
    const page = await browser.newPage();

    await openPage(page, '/register');
    await waitForForm(page, texts.submitSignup);
    await pickClub(page, club.name);
    await field(page, 'Vorname').fill('Boris');
    await field(page, 'Nachname').fill('Becker');
    await field(page, 'E-Mail').fill(existing.email);
    await field(page, 'Passwort').fill(TEST_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: texts.submitSignup }).click();

    const email = field(page, 'E-Mail');
    const error = page.getByText(texts.emailTaken);
    await error.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    const errorId = await error.getAttribute('id');
    expect(errorId).toBeTruthy();
    expect(describedBy.split(' ')).toContain(errorId);
    // Under its own field: the error is inside the e-mail field's box, right after the input.
    expect(await page.locator('.field', { has: email }).getByText(texts.emailTaken).count()).toBe(1);
    expect(page.url()).toMatch(/\/register$/);
  });

  it('shows the German refusal of a wrong password under the e-mail field, focused, and stays on /login', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id);
    const page = await browser.newPage();

    await openPage(page, '/login');
    await waitForForm(page, texts.submitLogin);
    await field(page, 'E-Mail').fill(player.email);
    await field(page, 'Passwort').fill(`${TEST_PASSWORD}x`);
    await page.getByRole('button', { name: texts.submitLogin }).click();

    // Where every client of the form shows a refusal of the whole form: under the e-mail field.
    const email = field(page, 'E-Mail');
    const error = page.locator('.field', { has: email }).getByText(texts.wrongCredentials);
    await error.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await error.textContent()).toBe(texts.wrongCredentials);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await error.getAttribute('id'));
    // The focus goes to the field, so a screen reader reads the refusal out.
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    // The refusal ended the sending state: the user can correct the password and send again.
    expect(await page.getByRole('button', { name: texts.submitLogin }).isDisabled()).toBe(false);
  });

  it('says at the strength meter that a password is too long in bytes, and the server refuses it there', async () => {
    const { club } = await createClub();
    const page = await browser.newPage();

    await openPage(page, '/register');
    await waitForForm(page, texts.submitSignup);
    await pickClub(page, club.name);
    await field(page, 'Vorname').fill('Jürgen');
    await field(page, 'Nachname').fill('Müller');
    await field(page, 'E-Mail').fill(uniqueEmail('long-password'));
    await page.getByRole('checkbox').check();
    const password = field(page, 'Passwort');
    // 38 characters, 72 bytes: allowed. One more "ä" makes 74 bytes though only 39 characters.
    await password.fill(`Ab1!${'ä'.repeat(34)}`);
    expect(await page.getByText(texts.passwordTooLong).count()).toBe(0);
    await password.fill(`Ab1!${'ä'.repeat(35)}`);
    await page.locator('.strength').getByText(texts.passwordTooLong).waitFor({ timeout: UI_TIMEOUT_MS });

    await page.getByRole('button', { name: texts.submitSignup }).click();
    const refusal = page.locator('.field', { has: password }).locator('.field__error');
    await refusal.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await refusal.textContent()).toBe(texts.passwordTooLong);
    expect(page.url()).toMatch(/\/register$/);
  });

  it('shows "This is a required field" under each empty required field without sending', async () => {
    const page = await browser.newPage();
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/signup')) posted = true;
    });

    await openPage(page, '/register');
    await waitForForm(page, texts.submitSignup);
    await page.getByRole('button', { name: texts.submitSignup }).click();

    const required = page.getByText(texts.requiredField, { exact: true });
    await required.first().waitFor({ timeout: UI_TIMEOUT_MS });
    // club, first name, last name, e-mail, password, privacy
    expect(await required.count()).toBe(6);
    for (const label of ['Vorname', 'Nachname', 'E-Mail']) {
      const input = field(page, label);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('.field', { has: input }).getByText(texts.requiredField).count()).toBe(1);
    }
    expect(posted).toBe(false);
  });
});

describe('password reset', () => {
  it('mails a reset link to MAIL_DIR whose page sets a new password that then logs in', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id);
    const page = await browser.newPage();

    await openPage(page, '/forgot-password');
    await waitForForm(page, 'Link senden');
    await field(page, 'E-Mail').fill(player.email);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page.getByText(texts.resetLinkSent).waitFor({ timeout: UI_TIMEOUT_MS });

    // The member also has the confirmation link from sign-up: the reset mail is the one with its link.
    const mail = await waitForMail(
      (m) => m.to.includes(player.email) && m.decoded.includes('/reset-password?'),
    );
    const link = firstLink(mail, '/reset-password');
    expect(link.origin).toBe(new URL(e2eStack().baseUrl).origin);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    await openPage(page, link.pathname + link.search);
    await waitForForm(page, texts.submitResetPassword);
    const newPassword = 'Neues-Passwort-7';
    await field(page, 'Neues Passwort').fill(newPassword);
    await page.getByRole('button', { name: texts.submitResetPassword }).click();
    await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
    await page.getByText(texts.passwordChanged).waitFor({ timeout: UI_TIMEOUT_MS });

    await loginViaUi(page, { email: player.email, password: newPassword });
    expect(new URL(page.url()).pathname).toBe('/reservations');
  });

  it('shows why an unknown reset link is refused, with a link to ask for a new one', async () => {
    const page = await browser.newPage();
    await openPage(page, `/reset-password?token=${'A'.repeat(43)}`);
    await waitForForm(page, texts.submitResetPassword);
    await field(page, 'Neues Passwort').fill('Neues-Passwort-7');
    await page.getByRole('button', { name: texts.submitResetPassword }).click();

    const alert = page.getByRole('alert').filter({ hasText: texts.resetTokenInvalid });
    await alert.waitFor({ timeout: UI_TIMEOUT_MS });
    const link = alert.getByRole('link', { name: 'Neuen Link anfordern' });
    expect(await link.getAttribute('href')).toBe('/forgot-password');
  });

  it('explains a missing token on /reset-password and links to /forgot-password', async () => {
    const page = await browser.newPage();
    await openPage(page, '/reset-password');
    await page.getByText(texts.missingResetToken).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByRole('button', { name: texts.submitResetPassword }).count()).toBe(0);

    const link = page.getByRole('link', { name: 'Neuen Link anfordern' });
    expect(await link.getAttribute('href')).toBe('/forgot-password');
    await link.click();
    await page.waitForURL('**/forgot-password');
    await mainHeading(page).getByText('Passwort vergessen').waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
