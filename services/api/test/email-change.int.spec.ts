/**
 * Changing a member's address (docs/privacy.md, "Changing the address"): `PUT /api/account/email` asks for
 * the password, mails a link to the new address and a notice to the old one, and changes nothing
 * until the link is used; then the account answers to the new address only.
 */
import { describe, expect, it } from 'vitest';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import { confirmationTexts } from '@platzbuchung/domain/mail/email-confirmation';
import type { SessionUser } from '@platzbuchung/domain/types';
import { insertOutboxMail, type OutboxRow } from '@platzbuchung/outbox/outbox';
import type { AccountExport } from '../src/accounts/export';
import { hashConfirmationToken } from '../src/accounts/email-confirmations';
import { apiForFile } from './support/api-for-file';
import { TestClient } from './support/client';
import { PASSWORD, clubWithMembers, loggedIn, signUp, unique } from './support/fixtures';
import { confirmationTokenFor, emailChangeTokenFor } from './support/outbox-mails';

const NOW = new Date('2026-11-23T09:30:00Z');
const api = apiForFile({ now: NOW });

type FieldErrors = { error: { instancePath: string; message: string }[] };

const newAddress = () => `neu-${unique()}@example.org`;

const changeEmail = (client: TestClient, body: unknown) =>
  client.request<{ message: string; data: unknown } & Partial<FieldErrors>>(
    'PUT',
    '/api/account/email',
    body,
  );

const confirm = (token: string | undefined) =>
  new TestClient(api.url).post<{ message?: string; error?: string }>('/api/confirm-email', { token });

const mailsOf = (userId: string, kind: string): Promise<OutboxRow[]> =>
  api.db('mail_outbox').where({ user_id: userId, kind }).orderBy('created_at').select();

const emailState = async (client: TestClient) => (await client.get('/api/account/email')).body;

describe('PUT /api/account/email', () => {
  it('changes nothing yet: mails a link to the new address and a notice to the old one', async () => {
    const { player } = await clubWithMembers(api.url);
    const target = newAddress();
    const answer = await changeEmail(player.client, { email: target, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(emailChangeTexts.linkSent(target));
    expect(answer.body.data).toEqual({ email: player.user.email, confirmed: true, pending_email: target });
    expect(await emailState(player.client)).toEqual({
      email: player.user.email,
      confirmed: true,
      pending_email: target,
    });

    const [link] = await mailsOf(player.user._id, 'email-change');
    expect(link).toMatchObject({ status: 'waiting', to_address: target });
    const [notice] = await mailsOf(player.user._id, 'email-change-requested');
    expect(notice).toMatchObject({ status: 'waiting', to_address: player.user.email });
    expect(JSON.stringify(notice!.payload)).not.toContain('token');
    // Only the token's hash is stored, bound to the new address.
    const token = (await emailChangeTokenFor(api.db, target))!;
    expect(
      await api.db('email_confirmations').where({ user_id: player.user._id, purpose: 'change' }),
    ).toEqual([
      expect.objectContaining({ email: target, token_hash: hashConfirmationToken(token), used_at: null }),
    ]);
    // The old address still logs in; the new one does not yet.
    await loggedIn(api.url, player.user.email);
    expect(
      (await new TestClient(api.url).post('/api/login', { email: target, password: PASSWORD })).status,
    ).toBe(401);
  });

  it('the link switches the address: the session stays and shows it, the login works with the new address only', async () => {
    const { player } = await clubWithMembers(api.url);
    const before = player.user.email;
    const target = newAddress().replace('neu', 'Neu');
    expect((await changeEmail(player.client, { email: target, password: PASSWORD })).status).toBe(200);

    const token = await emailChangeTokenFor(api.db, target);
    const used = await confirm(token);
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ message: emailChangeTexts.changed });

    expect((await player.client.get<SessionUser>('/api/verifyAuth')).body).toMatchObject({
      _id: player.user._id,
      email: target,
    });
    expect(await emailState(player.client)).toEqual({ email: target, confirmed: true, pending_email: null });
    expect(
      (await new TestClient(api.url).post('/api/login', { email: before, password: PASSWORD })).status,
    ).toBe(401);
    await loggedIn(api.url, target.toLowerCase());

    // The old address is told once that it happened, and nothing after.
    const done = await mailsOf(player.user._id, 'email-changed');
    expect(done).toEqual([expect.objectContaining({ to_address: before, status: 'waiting' })]);
    expect((await confirm(token)).body).toEqual({ error: confirmationTexts.linkInvalid });
  });

  it('notices not sent yet follow the member to the new address; the old one gets none of them', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const facts = {
      kind: 'booking-confirmed' as const,
      clubName: club.name,
      slot: { court: '1', date: '2026-11-24', start: 10, end: 11 },
    };
    await insertOutboxMail(api.db, {
      kind: 'booking-confirmed',
      clubId: club._id,
      userId: player.user._id,
      recipientConfirmed: false,
      to: player.user.email,
      payload: { firstName: 'Steffi', lastName: 'Graf', link: 'http://localhost:3000/', facts },
    });
    const target = newAddress();
    await changeEmail(player.client, { email: target, password: PASSWORD });
    expect((await confirm(await emailChangeTokenFor(api.db, target))).status).toBe(200);
    expect(await mailsOf(player.user._id, 'booking-confirmed')).toEqual([
      expect.objectContaining({ to_address: target, status: 'waiting' }),
    ]);
  });

  it('a newer request replaces the older one: the older link stops working', async () => {
    const { player } = await clubWithMembers(api.url);
    const [first, second] = [newAddress(), newAddress()];
    await changeEmail(player.client, { email: first, password: PASSWORD });
    const firstToken = await emailChangeTokenFor(api.db, first);
    expect((await changeEmail(player.client, { email: second, password: PASSWORD })).status).toBe(200);
    expect(await emailState(player.client)).toMatchObject({ pending_email: second });

    expect((await confirm(firstToken)).body).toEqual({ error: confirmationTexts.linkInvalid });
    expect((await confirm(await emailChangeTokenFor(api.db, second))).status).toBe(200);
    expect(await emailState(player.client)).toMatchObject({ email: second, pending_email: null });
    expect(await mailsOf(player.user._id, 'email-change-requested')).toHaveLength(2);
  });

  it('refuses a wrong password under /password, counted with the password change: past the limit, 429', async () => {
    const { player } = await clubWithMembers(api.url);
    const target = newAddress();
    const wrong = await changeEmail(player.client, { email: target, password: 'Falsch123!' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: [{ instancePath: '/password', message: emailChangeTexts.wrongPassword }],
    });
    expect(await mailsOf(player.user._id, 'email-change')).toEqual([]);
    expect(await mailsOf(player.user._id, 'email-change-requested')).toEqual([]);
    expect(await emailState(player.client)).toMatchObject({ pending_email: null });

    for (let i = 0; i < 4; i++) {
      expect((await changeEmail(player.client, { email: target, password: `Falsch${i}23!` })).status).toBe(
        400,
      );
    }
    // The same counter as the password change's: that is refused too now, even with the right password.
    const limited = await player.client.request<{ error: string }>('PUT', '/api/account/password', {
      current_password: PASSWORD,
      password: 'Netzroller9?',
    });
    expect(limited.status).toBe(429);
    expect((await changeEmail(player.client, { email: target, password: PASSWORD })).status).toBe(429);
  });

  it('refuses a bad address or the same one under /email with the words of sign-up', async () => {
    const { player } = await clubWithMembers(api.url);
    const bad = await changeEmail(player.client, { email: 'kein-at-zeichen', password: PASSWORD });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: [{ instancePath: '/email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }],
    });
    const missing = await changeEmail(player.client, { password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.[0]?.instancePath).toBe('/email');

    const same = await changeEmail(player.client, {
      email: player.user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ error: [{ instancePath: '/email', message: emailChangeTexts.sameAddress }] });
    expect(await mailsOf(player.user._id, 'email-change')).toEqual([]);
  });

  it('answers a taken address as a free one; the taken address is told that nothing changed, with no link', async () => {
    const { club, player, admin } = await clubWithMembers(api.url);
    const { email: taken } = await signUp(api.url, club._id);
    const free = newAddress();
    const answers = [];
    for (const [member, address] of [
      [player, taken],
      [admin, free],
    ] as const) {
      const answer = await changeEmail(member.client, { email: address, password: PASSWORD });
      answers.push({ status: answer.status, body: JSON.stringify(answer.body).replaceAll(address, '<neu>') });
      expect(answer.body.message).toBe(emailChangeTexts.linkSent(address));
      expect(await emailState(member.client)).toEqual({
        email: member.user.email,
        confirmed: true,
        pending_email: address,
      });
    }
    expect(answers[0]).toEqual({
      ...answers[1],
      body: answers[1]!.body.replace(admin.user.email, player.user.email),
    });

    // Both addresses get a mail of the same kind, so not even the member's export tells them apart;
    // the taken one's names nobody and carries no link.
    const [toTaken] = await mailsOf(player.user._id, 'email-change');
    expect(toTaken).toMatchObject({ status: 'waiting', to_address: taken, to_name: '' });
    expect(toTaken!.payload).toEqual({ addressTaken: true });
    const [notice] = await mailsOf(player.user._id, 'email-change-requested');
    expect(notice).toMatchObject({ to_address: player.user.email });
    const exported = async (member: typeof player) =>
      (await member.client.get<AccountExport>('/api/account/export')).body.mails
        .filter((mail) => mail.kind.startsWith('email-change'))
        .map(({ kind, subject, status }) => ({ kind, subject, status }));
    expect(await exported(player)).toEqual(await exported(admin));

    // Nothing changed: the taken address's account keeps it, the member keeps theirs.
    await loggedIn(api.url, taken);
    await loggedIn(api.url, player.user.email);
    expect(await emailChangeTokenFor(api.db, taken)).toBeUndefined();
  });

  it('counts a request before it looks the address up: asking about taken addresses is limited too', async () => {
    const { club, player } = await clubWithMembers(api.url);
    for (let i = 0; i < 3; i++) {
      const { email: taken } = await signUp(api.url, club._id);
      expect((await changeEmail(player.client, { email: taken, password: PASSWORD })).status).toBe(200);
    }
    const { email: fourth } = await signUp(api.url, club._id);
    const limited = await changeEmail(player.client, { email: fourth, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect((await changeEmail(player.client, { email: newAddress(), password: PASSWORD })).status).toBe(429);
    expect(await mailsOf(player.user._id, 'email-change')).toHaveLength(3);
  });

  it('refuses the link when another account took the address meanwhile; the old address stays', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const target = newAddress();
    await changeEmail(player.client, { email: target, password: PASSWORD });
    await signUp(api.url, club._id, { email: target });
    const used = await confirm(await emailChangeTokenFor(api.db, target));
    expect(used.status).toBe(400);
    expect(used.body).toEqual({ error: emailChangeTexts.takenMeanwhile });
    expect(await emailState(player.client)).toMatchObject({ email: player.user.email, pending_email: null });
    await loggedIn(api.url, player.user.email);
    expect(await mailsOf(player.user._id, 'email-changed')).toEqual([]);
  });

  it('a new password voids the waiting change: whoever asked for it with the old one cannot finish it', async () => {
    const { player } = await clubWithMembers(api.url);
    const target = newAddress();
    await changeEmail(player.client, { email: target, password: PASSWORD });
    const changed = await player.client.request<{ message: string }>('PUT', '/api/account/password', {
      current_password: PASSWORD,
      password: 'Netzroller9?',
    });
    expect(changed.body.message).toBe(accountTexts.passwordChanged);
    expect((await confirm(await emailChangeTokenFor(api.db, target))).body).toEqual({
      error: confirmationTexts.linkInvalid,
    });
    expect(await emailState(player.client)).toMatchObject({ email: player.user.email, pending_email: null });
  });

  it('a sign-up link to an address the member has left does not switch the account back to it', async () => {
    const { club } = await clubWithMembers(api.url);
    const { email } = await signUp(api.url, club._id, {}, { unconfirmed: true });
    const member = await loggedIn(api.url, email);
    const signUpToken = await confirmationTokenFor(api.db, email);
    const target = newAddress();
    await changeEmail(member.client, { email: target, password: PASSWORD });
    expect((await confirm(await emailChangeTokenFor(api.db, target))).status).toBe(200);
    expect((await confirm(signUpToken)).body).toEqual({ error: confirmationTexts.linkInvalid });
    expect(await emailState(member.client)).toEqual({ email: target, confirmed: true, pending_email: null });
  });

  it('mails two addresses per request, so requests are limited per member', async () => {
    const { player } = await clubWithMembers(api.url);
    for (let i = 0; i < 3; i++) {
      expect((await changeEmail(player.client, { email: newAddress(), password: PASSWORD })).status).toBe(
        200,
      );
    }
    const limited = await changeEmail(player.client, { email: newAddress(), password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(await mailsOf(player.user._id, 'email-change')).toHaveLength(3);
  });

  it('the export says that a change waits and to which address, never the link', async () => {
    const { player } = await clubWithMembers(api.url);
    const none = (await player.client.get<AccountExport>('/api/account/export')).body;
    expect(none.email_change).toEqual({
      pending: false,
      new_email: null,
      requested_at: null,
      expires_at: null,
    });
    const target = newAddress();
    await changeEmail(player.client, { email: target, password: PASSWORD });
    const response = await player.client.get<AccountExport>('/api/account/export');
    expect(response.body.email_change).toEqual({
      pending: true,
      new_email: target,
      requested_at: NOW.toISOString(),
      expires_at: '2026-11-25T09:30:00.000Z',
    });
    const token = (await emailChangeTokenFor(api.db, target))!;
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(token);
    expect(text).not.toContain(hashConfirmationToken(token));
  });

  it('needs a login', async () => {
    const response = await changeEmail(new TestClient(api.url), { email: newAddress(), password: PASSWORD });
    expect(response.status).toBe(401);
  });
});
