import { createHash, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import { TestClient } from './support/client';
import { PASSWORD, loggedIn, registerClub } from './support/fixtures';
import { startMailerProcess } from './support/mailer-process';
import { resetMailsIn } from './support/outbox-mails';
import { startSmtpPeer, type SmtpPeer } from './support/smtp-peer';
import { startTestApi, type TestApi } from './support/test-api';

const NEW_PASSWORD = 'Rückhand2?';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Test files run side by side, each on its own database cloned from one template, where the tables
 * have the same numbers: a lock is only this file's when it is in this database.
 */
const THIS_DATABASE = `database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

let api: TestApi;
let anonymous: TestClient;

beforeAll(async () => {
  // The per-client limit has its own test; here every request comes from the same 127.0.0.1.
  api = await startTestApi({ rateLimits: { resetRequestsPerClient: 1_000 } });
  anonymous = new TestClient(api.url);
});
afterAll(() => api.close());

const resetMails = () => resetMailsIn(api.db);
const resetMailCount = async () => (await resetMails()).length;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const passwordHashOf = async (email: string): Promise<string> =>
  (await api.db('users').whereRaw('lower(email) = lower(?)', [email]).first('password_hash')).password_hash;

const tokenRefused = (message: string) => ({ error: [{ instancePath: '/resetToken', message }] });

function tokenFromLink(link: string): string {
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/reset-password');
  return url.searchParams.get('token')!;
}

/** Asks for a link through the API and reads the token from the mail in the outbox. */
async function requestToken(email: string): Promise<string> {
  const before = await resetMailCount();
  const response = await anonymous.post('/api/forgot-password', { email });
  expect(response.status).toBe(200);
  // The mail is prepared after the answer has gone (see the timing test below).
  await expect.poll(resetMailCount).toBe(before + 1);
  return tokenFromLink((await resetMails()).at(-1)!.resetUrl);
}

const reset = (resetToken: unknown, password: unknown = NEW_PASSWORD) =>
  anonymous.post('/api/reset-password', { password, resetToken });

beforeEach(() => {
  api.setNow(undefined);
});

describe('the mail path through the mailer process, Redis, the BullMQ worker and SMTP', () => {
  let queueName: string;
  let peer: SmtpPeer;
  let mailer: { stop(): Promise<void> };
  let queued: TestApi;

  beforeAll(async () => {
    queueName = `test-api-mail-${randomUUID().slice(0, 8)}`;
    peer = await startSmtpPeer();
    // An API with a database of its own: the mailer process takes every mail waiting there.
    queued = await startTestApi({ rateLimits: { resetRequestsPerClient: 1_000 } });
    mailer = await startMailerProcess(queued.db, queued.databaseUrl!, {
      REDIS_URL: redisUrl,
      MAIL_QUEUE: queueName,
      SMTP_URL: peer.url,
      MAIL_FROM: 'Platzbuchung <no-reply@platzbuchung.test>',
    });
  });

  afterAll(async () => {
    await mailer?.stop();
    await queued?.close();
    const cleanup = new Queue(queueName, { connection: { url: redisUrl } });
    await cleanup.obliterate({ force: true });
    await cleanup.close();
    await peer?.close();
  });

  it('mails one link that resets the password once and ends the sessions from before', async () => {
    const { email } = await registerClub(queued.url);
    // The confirmation link registration mailed comes first; the reset link is the next mail.
    await peer.waitForMails(1);
    const before = await loggedIn(queued.url, email);
    const client = new TestClient(queued.url);

    const asked = await client.post('/api/forgot-password', { email: email.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: texts.resetLinkSent });

    const [, mail] = await peer.waitForMails(2);
    expect(mail!.to && !Array.isArray(mail!.to) && mail!.to.value[0]!.address).toBe(email);
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail!.text ?? '')?.[0];
    expect(link).toBeDefined();
    const token = tokenFromLink(link!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await queued
      .db('password_resets')
      .where({ token_hash: sha256(token) })
      .first();
    expect(row).toBeDefined();
    const resetRow = async () =>
      (await queued.db('mail_outbox').where({ user_id: row.user_id, kind: 'password-reset' }).select())[0];
    // The SMTP server has the mail a moment before the worker records it as sent.
    await expect.poll(async () => (await resetRow()).status).toBe('sent');
    const outbox = await resetRow();
    expect(mail!.messageId).toBe(`<password-reset-${outbox.id}@platzbuchung.test>`);
    // Sent: the link is gone from the outbox too.
    expect(outbox.status).toBe('sent');
    expect(JSON.stringify(outbox)).not.toContain(token);
    // Only the hash is stored, nowhere the token itself.
    expect(JSON.stringify(await queued.db('password_resets').select())).not.toContain(token);

    const done = await client.post('/api/reset-password', { password: NEW_PASSWORD, resetToken: token });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: texts.passwordChanged });

    expect((await before.client.get('/api/verifyAuth')).body).toEqual({ error: texts.notLoggedIn });
    expect((await client.post('/api/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await client.post('/api/login', { email, password: NEW_PASSWORD })).status).toBe(200);

    const again = await new TestClient(queued.url).post('/api/reset-password', {
      password: 'Noch1Neues!',
      resetToken: token,
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(tokenRefused(texts.resetTokenUsed));
    await loggedIn(queued.url, email, NEW_PASSWORD);

    // Exactly one reset mail (after the confirmation link), also after the worker had time for a duplicate.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.mails).toHaveLength(2);
  });

  it('sends no mail for an unknown address', async () => {
    const sent = peer.mails.length;
    const asked = await new TestClient(queued.url).post('/api/forgot-password', {
      email: `niemand-${randomUUID()}@example.de`,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: texts.resetLinkSent });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.mails).toHaveLength(sent);
    const queue = new Queue(queueName, { connection: { url: redisUrl } });
    try {
      expect(await queue.getJobCounts('waiting', 'active', 'delayed')).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
      });
    } finally {
      await queue.close();
    }
  });
});

describe('POST /api/forgot-password', () => {
  it('stores only the hash of a 32-byte token, valid one hour, and puts the link in the outbox', async () => {
    const { email } = await registerClub(api.url);
    const now = new Date('2026-12-01T10:00:00Z');
    api.setNow(now);
    const token = await requestToken(email);

    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await api
      .db('password_resets')
      .where({ token_hash: sha256(token) })
      .first();
    expect(row.used_at).toBeNull();
    expect(row.created_at.toISOString()).toBe(now.toISOString());
    expect(row.expires_at.getTime() - now.getTime()).toBe(60 * 60 * 1000);
    const user = await api.db('users').whereRaw('lower(email) = lower(?)', [email]).first();
    expect(row.user_id).toBe(user.id);
    expect((await resetMails()).at(-1)).toEqual({
      id: expect.any(String),
      to: email,
      firstName: user.first_name,
      lastName: user.last_name,
      resetUrl: `http://localhost:3000/reset-password?token=${token}`,
    });
  });

  it('answers an unknown address with the byte-identical status and body, and mails nothing', async () => {
    const { email } = await registerClub(api.url);
    const post = (address: string) =>
      fetch(`${api.url}/api/forgot-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: address }),
      });
    const rowsBefore = await api.countRows('password_resets');
    const mailsBefore = await resetMailCount();

    const known = await post(email);
    const unknown = await post(`unbekannt-${randomUUID()}@example.de`);

    expect(unknown.status).toBe(known.status);
    expect(known.status).toBe(200);
    const [knownBody, unknownBody] = [await known.text(), await unknown.text()];
    expect(unknownBody).toBe(knownBody);
    expect(JSON.parse(knownBody)).toEqual({ message: texts.resetLinkSent });
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    expect(unknown.headers.get('set-cookie')).toBe(known.headers.get('set-cookie'));
    await expect.poll(() => api.countRows('password_resets')).toBe(rowsBefore + 1);
    await expect.poll(resetMailCount).toBe(mailsBefore + 1);
  });

  it('answers before finding out whether the address has an account: a held-up write delays no answer', async () => {
    const { email } = await registerClub(api.url);
    const mailsBefore = await resetMailCount();
    const lock = await api.db.transaction();
    try {
      // Only a known address writes a token row; while the table is locked, that write waits.
      await lock.raw('LOCK TABLE password_resets IN EXCLUSIVE MODE');
      let answered = false;
      const answer = anonymous.post('/api/forgot-password', { email }).then((response) => {
        answered = true;
        return response;
      });
      const writeWaiting = async () =>
        Number(
          (
            await api.db.raw(
              `SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND relation = 'password_resets'::regclass AND ${THIS_DATABASE}`,
            )
          ).rows[0].n,
        );
      await expect.poll(writeWaiting, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => answered, { timeout: 10_000 }).toBe(true);
      expect((await answer).body).toEqual({ message: texts.resetLinkSent });
      expect(await resetMailCount()).toBe(mailsBefore);
    } finally {
      await lock.rollback();
    }
    // The lock gone, the link is mailed all the same.
    await expect.poll(resetMailCount).toBe(mailsBefore + 1);
  });

  it('stores the token and its mail together or not at all', async () => {
    const { email } = await registerClub(api.url);
    const resetsBefore = await api.countRows('password_resets');
    const mailsBefore = await resetMailCount();
    const lock = await api.db.transaction();
    try {
      // The outbox refuses writes for a moment: the token row must not be committed without it.
      await lock.raw('LOCK TABLE mail_outbox IN EXCLUSIVE MODE');
      expect((await anonymous.post('/api/forgot-password', { email })).status).toBe(200);
      await expect
        .poll(async () =>
          Number(
            (
              await api.db.raw(
                `SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND relation = 'mail_outbox'::regclass AND ${THIS_DATABASE}`,
              )
            ).rows[0].n,
          ),
        )
        .toBe(1);
      expect(await api.countRows('password_resets')).toBe(resetsBefore);
    } finally {
      await lock.rollback();
    }
    await expect.poll(resetMailCount).toBe(mailsBefore + 1);
    expect(await api.countRows('password_resets')).toBe(resetsBefore + 1);
  });

  it('answers 429 with the German text after three requests for one address, in any letter case', async () => {
    const { email } = await registerClub(api.url);
    const variants = [email, email.toUpperCase(), email.charAt(0).toUpperCase() + email.slice(1)];
    const mailsBefore = (await resetMailCount()) + variants.length;
    for (const variant of variants) {
      expect((await anonymous.post('/api/forgot-password', { email: variant })).status).toBe(200);
    }
    await expect.poll(resetMailCount).toBe(mailsBefore);

    const limited = await anonymous.post('/api/forgot-password', { email });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: [{ instancePath: '/email', message: texts.tooManyRequests }] });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await resetMailCount()).toBe(mailsBefore);

    // An unknown address is limited the same way, so the limit tells nothing either.
    const unknown = `unbekannt-${randomUUID()}@example.de`;
    for (let i = 0; i < 3; i++) await anonymous.post('/api/forgot-password', { email: unknown });
    expect((await anonymous.post('/api/forgot-password', { email: unknown })).status).toBe(429);
  });

  it('limits one client across addresses', async () => {
    const limited = await startTestApi({ rateLimits: { resetRequestsPerClient: 2 } });
    try {
      const client = new TestClient(limited.url);
      for (let i = 0; i < 2; i++) {
        const response = await client.post('/api/forgot-password', {
          email: `a${i}-${randomUUID()}@example.de`,
        });
        expect(response.status).toBe(200);
      }
      const response = await client.post('/api/forgot-password', { email: `b-${randomUUID()}@example.de` });
      expect(response.status).toBe(429);
      expect(response.body).toEqual({ error: [{ instancePath: '/email', message: texts.tooManyRequests }] });
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/reset-password', () => {
  it('refuses a token after 61 minutes, and accepts one after 59', async () => {
    const { email } = await registerClub(api.url);
    const start = new Date('2026-12-01T10:00:00Z');
    api.setNow(start);
    const late = await requestToken(email);
    const inTime = await requestToken(email);
    const hashBefore = await passwordHashOf(email);

    api.setNow(new Date(start.getTime() + 61 * 60 * 1000));
    const refused = await reset(late);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(tokenRefused(texts.resetTokenExpired));
    expect(await passwordHashOf(email)).toBe(hashBefore);

    api.setNow(new Date(start.getTime() + 59 * 60 * 1000));
    expect((await reset(inTime)).status).toBe(200);
    api.setNow(undefined);
    await loggedIn(api.url, email, NEW_PASSWORD);
  });

  it('lets only one of two simultaneous uses of a token succeed', async () => {
    const { email } = await registerClub(api.url);
    const token = await requestToken(email);

    const answers = await Promise.all([reset(token, 'Erster1!x'), reset(token, 'Zweiter2!y')]);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400)!;
    expect(loser.body).toEqual(tokenRefused(texts.resetTokenUsed));
    const winner = answers[0]!.status === 200 ? 'Erster1!x' : 'Zweiter2!y';
    await loggedIn(api.url, email, winner);
  });

  it("invalidates the user's other open links", async () => {
    const { email } = await registerClub(api.url);
    const older = await requestToken(email);
    const newer = await requestToken(email);

    expect((await reset(newer)).status).toBe(200);
    const refused = await reset(older, 'Anderes3!z');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(tokenRefused(texts.resetTokenInvalid));
    await loggedIn(api.url, email, NEW_PASSWORD);
  });

  it('refuses a well-formed token that was never issued', async () => {
    const response = await reset(Buffer.alloc(32, 7).toString('base64url'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(tokenRefused(texts.resetTokenInvalid));
  });

  it('refuses a new password over 72 bytes without using up the token', async () => {
    const { email } = await registerClub(api.url);
    const token = await requestToken(email);
    const refused = await reset(token, `Ab1!${'ä'.repeat(35)}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: [{ instancePath: '/password', message: texts.passwordTooLong }] });
    expect((await reset(token)).status).toBe(200);
  });

  it('refuses a weak password without using up the token', async () => {
    const { email } = await registerClub(api.url);
    const token = await requestToken(email);

    const weak = await reset(token, 'kurz');
    expect(weak.status).toBe(400);
    expect((weak.body as { error: { instancePath: string }[] }).error.map((e) => e.instancePath)).toEqual([
      '/password',
    ]);
    expect(
      (
        await api
          .db('password_resets')
          .where({ token_hash: sha256(token) })
          .first()
      ).used_at,
    ).toBeNull();
    expect((await reset(token)).status).toBe(200);
  });
});

describe('bad input → 400 and nothing written', () => {
  const validToken = Buffer.alloc(32, 1).toString('base64url');
  const long = 'x'.repeat(10_000);
  const cases: [string, unknown][] = [
    ['/api/forgot-password', {}],
    ['/api/forgot-password', { email: long }],
    ['/api/forgot-password', { email: `${long}@example.de` }],
    ['/api/forgot-password', { email: 42 }],
    ['/api/forgot-password', { email: ['a@example.de'] }],
    ['/api/forgot-password', { email: { $ne: null } }],
    ['/api/forgot-password', { email: 'kein-at-zeichen' }],
    ['/api/forgot-password', { email: 'a@example.de', club_id: 1 }],
    ['/api/forgot-password', []],
    ['/api/reset-password', { password: NEW_PASSWORD }],
    ['/api/reset-password', { resetToken: validToken }],
    ['/api/reset-password', { password: NEW_PASSWORD, resetToken: long }],
    ['/api/reset-password', { password: `${long}A1!a`, resetToken: validToken }],
    ['/api/reset-password', { password: NEW_PASSWORD, resetToken: 12345 }],
    ['/api/reset-password', { password: NEW_PASSWORD, resetToken: null }],
    ['/api/reset-password', { password: NEW_PASSWORD, resetToken: [validToken] }],
    ['/api/reset-password', { password: NEW_PASSWORD, resetToken: `${validToken.slice(0, 42)}+` }],
    ['/api/reset-password', { password: 42, resetToken: validToken }],
    ['/api/reset-password', { password: NEW_PASSWORD, resetToken: validToken, user_id: 'x' }],
  ];

  const label = (body: unknown) => {
    const json = JSON.stringify(body);
    return json.length > 100 ? `${json.slice(0, 60)}… (${json.length} characters)` : json;
  };

  it.each(cases.map(([path, body]) => [path, label(body), body] as const))(
    'POST %s %s',
    async (path, _, body) => {
      const { email } = await registerClub(api.url);
      const state = async () => ({
        resets: await api.countRows('password_resets'),
        sessions: await api.countRows('sessions'),
        hash: await passwordHashOf(email),
        mails: await resetMailCount(),
      });
      const before = await state();

      const response = await anonymous.post<{ error: unknown }>(path, body);

      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(Array));
      expect(await state()).toEqual(before);
    },
  );

  it('names the missing token at /resetToken', async () => {
    const response = await anonymous.post('/api/reset-password', { password: NEW_PASSWORD });
    expect(response.body).toEqual({ error: [{ instancePath: '/resetToken', message: texts.requiredField }] });
  });
});
