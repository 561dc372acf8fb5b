/**
 * Mail only to people who asked (docs/architecture/mail.md, "Confirmed addresses"): a new member's
 * address gets a confirmation link at once, notices to it are held until the link is used and then
 * sent once, account mails always go, and no address gets more than its daily number of notices.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CO_PLAYER_NOTICES_PER_RECIPIENT_PER_DAY,
  droppedReasons,
  NOTICES_PER_RECIPIENT_PER_DAY,
} from '@platzbuchung/domain/mail/held-notices';
import { confirmationTexts } from '@platzbuchung/domain/mail/email-confirmation';
import type { Reservation } from '@platzbuchung/domain/types';
import {
  expireHeldMails,
  insertOutboxMail,
  type NoticePayload,
  type OutboxRow,
} from '@platzbuchung/outbox/outbox';
import { hashConfirmationToken } from '../src/accounts/email-confirmations';
import { connectDb } from '../src/db/connect';
import { readCheckpoint, startSubscriptions, type SubscriptionsRunner } from '../src/events/subscriptions';
import { createLogger } from '../src/logger';
import { NOTIFICATIONS_SUBSCRIPTION, notificationsSubscription } from '../src/notifications/notices';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, registerClub, signUp, type Members } from './support/fixtures';
import { confirmationTokenFor, resetMailsIn } from './support/outbox-mails';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;
let runner: SubscriptionsRunner;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  runner = startSubscriptions({
    db: database.db,
    databaseUrl: database.url,
    logger: createLogger('confirmation-test', 'silent'),
    subscriptions: [notificationsSubscription({ publicUrl: 'http://localhost:3000' })],
    timing: { pollMs: 100 },
  });
  while (!(await readCheckpoint(database.db, NOTIFICATIONS_SUBSCRIPTION))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 60_000);
afterAll(async () => {
  await runner.stop();
  await api.close();
  await database.drop();
});
beforeEach(() => api.setNow(NOW));

const confirm = (token: unknown) => new TestClient(api.url).post('/api/confirm-email', { token });

const mailsTo = (userId: string, kind: string): Promise<OutboxRow[]> =>
  database.db('mail_outbox').where({ user_id: userId, kind }).orderBy('created_at').select();

/** A club whose admin and first player are confirmed, and a newcomer who has only signed up. */
async function clubWithNewcomer() {
  const members = await clubWithMembers(api.url, { reservations_limit: 10 });
  const { email } = await signUp(api.url, members.club._id, {}, { unconfirmed: true });
  return { ...members, newcomer: await loggedIn(api.url, email) };
}

async function book(members: Members, client: TestClient, body: Record<string, unknown>): Promise<string> {
  const response = await client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: members.club._id,
    court_num: '1',
    date: TUESDAY,
    end_time: Number(body.start_time) + 1,
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.find(
    (r) => r.start_time === body.start_time && r.date === (body.date ?? TUESDAY),
  )!._id;
}

/** The admin cancels the newcomer's booking; answers the notice row once the subscription wrote it. */
async function cancelledByAdmin(members: Members, id: string, userId: string): Promise<OutboxRow[]> {
  const answer = await members.admin.client.post(`/api/reservations?reservation_id=${id}`, {
    form_method: 'delete',
    date: TUESDAY,
    delete_type: 'all',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await expect
    .poll(async () => (await mailsTo(userId, 'booking-cancelled')).length, { timeout: 15_000 })
    .toBe(1);
  return mailsTo(userId, 'booking-cancelled');
}

describe('sign-up', () => {
  it('lets the member in at once and mails a link bound to the address; only its hash is stored', async () => {
    const { club, email: founder } = await registerClub(api.url, {}, { unconfirmed: true });
    const { email } = await signUp(
      api.url,
      club._id,
      { email: `Neu-${Date.now()}@Example.de` },
      { unconfirmed: true },
    );
    const { client, user } = await loggedIn(api.url, email);
    expect((await client.get('/api/account/email')).body).toEqual({
      email,
      confirmed: false,
      pending_email: null,
    });

    const [mail] = await mailsTo(user._id, 'email-confirmation');
    expect(mail).toMatchObject({ status: 'waiting', to_address: email });
    const token = await confirmationTokenFor(database.db, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await database.db('email_confirmations').where({ user_id: user._id }).select();
    expect(stored).toEqual([expect.objectContaining({ email, token_hash: hashConfirmationToken(token!) })]);
    expect(JSON.stringify(stored)).not.toContain(token);
    // The club's founder got a link of their own.
    expect(await confirmationTokenFor(database.db, founder)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the link confirms once; an unknown, malformed, used or expired one answers a German 400', async () => {
    const members = await clubWithNewcomer();
    const token = (await confirmationTokenFor(database.db, members.newcomer.user.email))!;
    for (const bad of ['A'.repeat(43), 'kurz', 42, undefined]) {
      const answer = await confirm(bad);
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body).toEqual({ error: confirmationTexts.linkInvalid });
    }
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: confirmationTexts.confirmed });
    expect((await members.newcomer.client.get('/api/account/email')).body).toMatchObject({ confirmed: true });
    expect((await confirm(token)).body).toEqual({ error: confirmationTexts.linkInvalid });

    const late = await clubWithNewcomer();
    api.setNow(new Date(NOW.getTime() + 49 * 60 * 60 * 1000));
    const expired = await confirm(await confirmationTokenFor(database.db, late.newcomer.user.email));
    expect(expired.status).toBe(400);
    expect((await late.newcomer.client.get('/api/account/email')).body).toMatchObject({ confirmed: false });
  });
});

describe('notices wait for the confirmation', { timeout: 60_000 }, () => {
  it('a notice to an unconfirmed member is held, then sent once after confirming', async () => {
    const members = await clubWithNewcomer();
    const userId = members.newcomer.user._id;
    const id = await book(members, members.newcomer.client, { start_time: 10 });
    const [held] = await cancelledByAdmin(members, id, userId);
    expect(held).toMatchObject({ status: 'held', relayed_at: null });

    const token = (await confirmationTokenFor(database.db, members.newcomer.user.email))!;
    // A second link, asked for meanwhile, confirms nothing more and sends nothing twice.
    expect((await members.newcomer.client.post('/api/account/email/confirmation', {})).status).toBe(200);
    const second = (await confirmationTokenFor(database.db, members.newcomer.user.email))!;
    expect(second).not.toBe(token);
    expect((await confirm(token)).status).toBe(200);
    expect((await confirm(second)).status).toBe(200);
    expect(await mailsTo(userId, 'booking-cancelled')).toEqual([
      expect.objectContaining({ id: held!.id, status: 'waiting' }),
    ]);

    // From now on notices go at once.
    const next = await book(members, members.newcomer.client, { start_time: 12 });
    await members.admin.client.post(`/api/reservations?reservation_id=${next}`, {
      form_method: 'delete',
      date: TUESDAY,
      delete_type: 'all',
    });
    await expect
      .poll(async () => (await mailsTo(userId, 'booking-cancelled')).map((row) => row.status), {
        timeout: 15_000,
      })
      .toEqual(['waiting', 'waiting']);
  });

  it('drops a held notice about a day that is over by the time the address is confirmed', async () => {
    const members = await clubWithNewcomer();
    const userId = members.newcomer.user._id;
    const id = await book(members, members.newcomer.client, { start_time: 14 });
    const [held] = await cancelledByAdmin(members, id, userId);
    expect(held!.status).toBe('held');
    // Wednesday: Tuesday's booking, and the news of its cancellation, are past.
    api.setNow(new Date('2026-11-25T08:00:00Z'));
    expect((await confirm(await confirmationTokenFor(database.db, members.newcomer.user.email))).status).toBe(
      200,
    );
    expect(await mailsTo(userId, 'booking-cancelled')).toEqual([
      expect.objectContaining({ status: 'dropped', last_error: droppedReasons.stale }),
    ]);
  });

  it('a password reset goes to an unconfirmed address regardless', async () => {
    const members = await clubWithNewcomer();
    const answer = await new TestClient(api.url).post('/api/forgot-password', {
      email: members.newcomer.user.email,
    });
    expect(answer.status).toBe(200);
    const mailTo = async () =>
      (await resetMailsIn(database.db)).find((mail) => mail.to === members.newcomer.user.email);
    await expect.poll(mailTo).toBeDefined();
    expect(await mailsTo(members.newcomer.user._id, 'password-reset')).toEqual([
      expect.objectContaining({ status: 'waiting' }),
    ]);
  });
});

describe('housekeeping', () => {
  it('drops notices held longer than a confirmation could still send', async () => {
    const members = await clubWithNewcomer();
    const userId = members.newcomer.user._id;
    const rows = await database
      .db('mail_outbox')
      .insert(
        [8, 1].map((daysAgo) => ({
          kind: 'membership-approved',
          user_id: userId,
          to_address: members.newcomer.user.email,
          payload: JSON.stringify({ facts: { kind: 'membership-approved', clubName: 'TC' } }),
          status: 'held',
          created_at: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000),
        })),
      )
      .returning('id');
    await expireHeldMails(database.db);
    const statuses = await database
      .db('mail_outbox')
      .whereIn(
        'id',
        rows.map((row: { id: string }) => row.id),
      )
      .orderBy('created_at')
      .pluck('status');
    expect(statuses).toEqual(['dropped', 'held']);
  });
});

describe('sending the link again', () => {
  it('needs a login, is refused once confirmed, and is limited per member', async () => {
    const members = await clubWithNewcomer();
    const path = '/api/account/email/confirmation';
    expect((await new TestClient(api.url).post(path, {})).status).toBe(401);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await members.newcomer.client.post(path, {}));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.body).toEqual({ message: confirmationTexts.linkSent });
    // Sign-up's mail and three more; the refused request wrote none.
    expect(await mailsTo(members.newcomer.user._id, 'email-confirmation')).toHaveLength(4);

    const confirmed = await members.player.client.post(path, {});
    expect(confirmed.status).toBe(400);
    expect(confirmed.body).toEqual({ error: confirmationTexts.alreadyConfirmed });
  });
});

describe('the daily limit per recipient', { timeout: 60_000 }, () => {
  const notice = (to: string, n: number) => ({
    kind: 'membership-approved' as const,
    to,
    dedupeKey: `cap-${to}-${n}`,
    recipientConfirmed: true,
    payload: {
      firstName: 'Steffi',
      lastName: 'Graf',
      link: 'http://localhost:3000/',
      facts: { kind: 'membership-approved', clubName: 'TC Test' },
    } satisfies NoticePayload,
  });
  const statusesTo = async (to: string) =>
    (await database.db('mail_outbox').where({ to_address: to }).pluck('status')) as string[];

  it('holds across processes writing at once: exactly the limit goes, the rest are dropped', async () => {
    const to = `viel-${Date.now()}@example.de`;
    // Two connection pools stand for two API processes.
    const other = connectDb(database.url, { max: 10 });
    try {
      await Promise.all(
        Array.from({ length: NOTICES_PER_RECIPIENT_PER_DAY + 10 }, (_, n) =>
          insertOutboxMail(n % 2 ? other : database.db, notice(n % 3 ? to : to.toUpperCase(), n)),
        ),
      );
    } finally {
      await other.destroy();
    }
    const statuses = await database.db('mail_outbox').whereRaw('lower(to_address) = ?', [to]).pluck('status');
    expect(statuses.filter((s) => s === 'waiting')).toHaveLength(NOTICES_PER_RECIPIENT_PER_DAY);
    expect(statuses.filter((s) => s === 'dropped')).toHaveLength(10);
    const dropped = await database
      .db('mail_outbox')
      .whereRaw('lower(to_address) = ?', [to])
      .where({ status: 'dropped' });
    expect(dropped.every((row: OutboxRow) => row.last_error === droppedReasons.dailyLimit)).toBe(true);
    // The table keeps no address.
    expect(JSON.stringify(await database.db('mail_recipient_days').select())).not.toContain('viel-');
  });

  it('co-player notices have a budget of their own: past it they are dropped, and the member still hears of their own bookings', async () => {
    const to = `mitspieler-${Date.now()}@example.de`;
    const slot = { court: '1', date: '2026-11-24', start: 18, end: 19 };
    const named = (n: number) => ({
      ...notice(to, n),
      kind: n % 2 ? ('co-player-removed' as const) : ('co-player-named' as const),
      dedupeKey: `named-${to}-${n}`,
      payload: {
        ...notice(to, n).payload,
        facts: {
          kind: n % 2 ? 'co-player-removed' : 'co-player-named',
          clubName: 'TC Test',
          slot,
          booker: randomUUID(),
        },
      } satisfies NoticePayload,
    });
    for (let n = 0; n < CO_PLAYER_NOTICES_PER_RECIPIENT_PER_DAY + 5; n++)
      await insertOutboxMail(database.db, named(n));
    const rows: OutboxRow[] = await database.db('mail_outbox').where({ to_address: to });
    expect(rows.filter((row) => row.status === 'waiting')).toHaveLength(
      CO_PLAYER_NOTICES_PER_RECIPIENT_PER_DAY,
    );
    expect(rows.filter((row) => row.status === 'dropped').map((row) => row.last_error)).toEqual(
      Array(5).fill(droppedReasons.coPlayerDailyLimit),
    );
    for (let n = 0; n < NOTICES_PER_RECIPIENT_PER_DAY; n++)
      await insertOutboxMail(database.db, notice(to, n));
    expect((await statusesTo(to)).filter((s) => s === 'waiting')).toHaveLength(
      CO_PLAYER_NOTICES_PER_RECIPIENT_PER_DAY + NOTICES_PER_RECIPIENT_PER_DAY,
    );
  });

  it('account mails neither count nor are refused; a notice seen again costs nothing', async () => {
    const members = await clubWithNewcomer();
    const to = members.newcomer.user.email;
    for (let n = 0; n < NOTICES_PER_RECIPIENT_PER_DAY; n++) {
      await insertOutboxMail(database.db, notice(to, n));
      // The subscription handing an event over again after a crash: the same key, no second count.
      await insertOutboxMail(database.db, notice(to, n));
    }
    expect((await statusesTo(to)).filter((s) => s === 'dropped')).toHaveLength(0);
    expect(await insertOutboxMail(database.db, notice(to, 999))).toBeDefined();
    expect((await statusesTo(to)).filter((s) => s === 'dropped')).toHaveLength(1);

    expect((await members.newcomer.client.post('/api/account/email/confirmation', {})).status).toBe(200);
    expect(await mailsTo(members.newcomer.user._id, 'email-confirmation')).toEqual([
      expect.objectContaining({ status: 'waiting' }),
      expect.objectContaining({ status: 'waiting' }),
    ]);
  });
});
