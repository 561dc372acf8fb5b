/**
 * Notices as a subscription on the event log (docs/architecture/mail.md, "Notifications"): who gets
 * which mail for which event, in German with the club's name, and each exactly once, also when
 * the subscription dies in the middle of a batch.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { addDays } from '@platzbuchung/domain/dates';
import { noticeKinds, noticeText, type NoticeFacts } from '@platzbuchung/domain/mail/notices';
import * as texts from '@platzbuchung/domain/texts';
import type { Reservation } from '@platzbuchung/domain/types';
import { namerForMail } from '@platzbuchung/outbox/names';
import type { OutboxRow } from '@platzbuchung/outbox/outbox';
import { readCheckpoint, startSubscriptions, type SubscriptionsRunner } from '../src/events/subscriptions';
import { createLogger } from '../src/logger';
import { NOTIFICATIONS_SUBSCRIPTION, notificationsSubscription } from '../src/notifications/notices';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, signUp } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./support/notifications-process.ts', import.meta.url));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
});
afterAll(async () => {
  await api.close();
  await database.drop();
});
beforeEach(() => api.setNow(NOW));

type Members = Awaited<ReturnType<typeof clubWithMembers>>;
type ListAnswer = { data: Reservation[]; error?: string };

async function book(client: TestClient, members: Members, body: Record<string, unknown>): Promise<string> {
  const response = await client.post<ListAnswer>('/api/reservations', { club_id: members.club._id, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.find(
    (r) => r.court_num === body.court_num && r.date === body.date && r.start_time === body.start_time,
  )!._id;
}

const cancel = (client: TestClient, id: string, body: Record<string, unknown>) =>
  client.post(`/api/reservations?reservation_id=${id}`, { form_method: 'delete', ...body });

/** The member's notices (not the account mails, such as the confirmation link sign-up sent). */
const noticesOf = (userId: string): Promise<OutboxRow[]> =>
  database
    .db('mail_outbox')
    .where({ user_id: userId })
    .whereIn('kind', noticeKinds)
    .orderBy('event_position')
    .select();

/** Waits until the subscription's checkpoint has passed everything appended so far. */
async function caughtUp(): Promise<void> {
  const { rows } = await database.db.raw('SELECT max(position) AS position FROM events');
  const end = Number(rows[0].position);
  await expect
    .poll(async () => (await readCheckpoint(database.db, NOTIFICATIONS_SUBSCRIPTION))?.position ?? 0, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(end);
}

/**
 * The words the mailer makes of a notice row (its layout adds greeting, closing and the HTML; the
 * mailer's own tests look at those), and the link into the app.
 */
async function wordsOf(row: OutboxRow) {
  const words = noticeText(row.payload.facts as NoticeFacts, await namerForMail(database.db, row.payload));
  return {
    subject: words.subject,
    text: [...words.paragraphs, words.why].join('\n'),
    link: row.payload.link,
  };
}

describe('notices to members', { timeout: 60_000 }, () => {
  let runner: SubscriptionsRunner;
  beforeAll(async () => {
    runner = startSubscriptions({
      db: database.db,
      databaseUrl: database.url,
      logger: createLogger('notifications-test', 'silent'),
      subscriptions: [notificationsSubscription({ publicUrl: 'http://localhost:3000' })],
      timing: { pollMs: 100 },
    });
    // It starts at the log's end: wait until it stands there before anything happens.
    while (!(await readCheckpoint(database.db, NOTIFICATIONS_SUBSCRIPTION))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => runner.stop());

  it('tell the member when an admin cancels, moves or a court block cancels the booking; not for their own changes', async () => {
    const members = await clubWithMembers(api.url, {
      name: `TC Benachrichtigung ${Date.now()}`,
      reservations_limit: 10,
    });
    const player = members.player.user._id;
    const cancelled = await book(members.player.client, members, {
      court_num: '1',
      date: TUESDAY,
      start_time: 10,
      end_time: 11,
    });
    const moved = await book(members.player.client, members, {
      court_num: '1',
      date: TUESDAY,
      start_time: 11,
      end_time: 12,
    });
    await book(members.player.client, members, {
      court_num: '2',
      date: TUESDAY,
      start_time: 15,
      end_time: 16,
    });
    const own = await book(members.player.client, members, {
      court_num: '3',
      date: TUESDAY,
      start_time: 8,
      end_time: 9,
    });

    expect(
      (await cancel(members.admin.client, cancelled, { date: TUESDAY, delete_type: 'all' })).status,
    ).toBe(200);
    const change = await members.admin.client.request(
      'PUT',
      `/api/reservations/${moved}?club_id=${members.club._id}`,
      { court_num: '2', date: TUESDAY, start_time: 12, end_time: 13 },
    );
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const block = await members.admin.client.post(`/api/admin/blocks?club_id=${members.club._id}`, {
      court_nums: ['2'],
      from: `${TUESDAY}T14:00`,
      until: `${TUESDAY}T18:00`,
      reason: 'Turnier der Jugend',
    });
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    expect((await cancel(members.player.client, own, { date: TUESDAY, delete_type: 'all' })).status).toBe(
      200,
    );
    await caughtUp();

    const notices = await noticesOf(player);
    expect(notices.map((n) => n.kind)).toEqual(['booking-cancelled', 'booking-moved', 'booking-cancelled']);
    expect(notices.map((n) => (n.payload.facts as { reason?: string }).reason)).toEqual([
      undefined,
      undefined,
      'Turnier der Jugend',
    ]);
    expect(notices[1]!.payload.facts).toMatchObject({
      before: { court: '1', date: TUESDAY, start: 11, end: 12 },
      after: { court: '2', date: TUESDAY, start: 12, end: 13 },
    });
    expect(notices.every((n) => n.club_id === members.club._id && n.status === 'waiting')).toBe(true);
    // The admin, who caused all of it, gets nothing; nor does the player for the own cancellation.
    expect(await noticesOf(members.admin.user._id)).toEqual([]);

    // German, with the club's name, a link into the app and why the member gets it.
    const rendered = await wordsOf(notices[2]!);
    expect(rendered.subject).toBe(`Platz gesperrt: Ihre Buchung bei ${members.club.name} entfällt`);
    expect(rendered.text).toContain('Platz 2, Di., 24.11.2026, 15-16 Uhr');
    expect(rendered.text).toContain('Grund: Turnier der Jugend');
    // The link opens the grid at the day the mail speaks of.
    expect(rendered.link).toBe(`http://localhost:3000/reservations?date=${TUESDAY}`);
    expect(rendered.text).toContain(`weil jemand anderes Ihre Buchung bei ${members.club.name} abgesagt hat`);
  });

  it('an admin moving one date of another admin\'s series: one "moved" notice, not also a cancellation', async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 10 });
    // Only admins book series: the second member becomes one, and holds the series.
    const promoted = await members.admin.client.request(
      'PUT',
      `/api/admin/members/${members.player.user._id}/role?club_id=${members.club._id}`,
      { role: 'admin' },
    );
    expect(promoted.status).toBe(200);
    const series = await book(members.player.client, members, {
      court_num: '1',
      date: TUESDAY,
      start_time: 17,
      end_time: 18,
      recurring: true,
    });
    const nextWeek = addDays(TUESDAY, 7);
    const change = await members.admin.client.request(
      'PUT',
      `/api/reservations/${series}?club_id=${members.club._id}`,
      {
        court_num: '3',
        date: nextWeek,
        start_time: 18,
        end_time: 19,
        scope: 'once',
        occurrence_date: nextWeek,
      },
    );
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    await cancel(members.admin.client, series, { date: addDays(TUESDAY, 14), delete_type: 'once' });
    await caughtUp();

    const notices = await noticesOf(members.player.user._id);
    expect(notices.map((n) => [n.kind, (n.payload.facts as { scope?: string }).scope])).toEqual([
      ['booking-moved', undefined],
      ['booking-cancelled', 'occurrence'],
    ]);
    expect(notices[0]!.payload.facts).toMatchObject({
      before: { court: '1', date: nextWeek, start: 17, end: 18 },
      after: { court: '3', date: nextWeek, start: 18, end: 19 },
    });
  });

  it('booking confirmations: off by default, switched on in the account, then one per own booking', async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 10 });
    const player = members.player.client;
    expect((await player.get('/api/account/notifications')).body).toEqual({
      data: { booking_confirmations: false, co_player_notices: true },
    });
    await book(player, members, { court_num: '1', date: TUESDAY, start_time: 9, end_time: 10 });
    // The switch is read when the notice is written, so the booking before it is handled first.
    await caughtUp();

    const saved = await player.request('PUT', '/api/account/notifications', { booking_confirmations: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: texts.notificationSettingsSaved,
      data: { booking_confirmations: true, co_player_notices: true },
    });
    await book(player, members, { court_num: '1', date: TUESDAY, start_time: 8, end_time: 9 });
    // A booking an admin makes is the admin's own: no confirmation to the player.
    await book(members.admin.client, members, { court_num: '4', date: TUESDAY, start_time: 8, end_time: 9 });
    await caughtUp();

    const notices = await noticesOf(members.player.user._id);
    expect(notices.map((n) => n.kind)).toEqual(['booking-confirmed']);
    const rendered = await wordsOf(notices[0]!);
    expect(rendered.subject).toBe(
      `Buchungsbestätigung ${members.club.name}: Platz 1, Di., 24.11.2026, 8-9 Uhr`,
    );
    expect(rendered.text).toContain('weil Sie in Ihrem Konto Buchungsbestätigungen eingeschaltet haben');
  });

  it('name a court as the club does, fixed when the notice is written', async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 10 });
    const { name, courts_count, start_hour, end_hour, reservations_limit } = members.club;
    const core = { name, courts_count, start_hour, end_hour, reservations_limit };
    const named = await members.admin.client.request('PUT', `/api/admin/club?club_id=${members.club._id}`, {
      ...core,
      court_names: { '1': 'Center Court' },
    });
    expect(named.status).toBe(200);
    const player = members.player.client;
    await player.request('PUT', '/api/account/notifications', { booking_confirmations: true });
    await book(player, members, { court_num: '1', date: TUESDAY, start_time: 8, end_time: 9 });
    await book(player, members, { court_num: '2', date: TUESDAY, start_time: 8, end_time: 9 });
    await caughtUp();
    // Renamed afterwards: the notices already written keep the name they were written with.
    await members.admin.client.request('PUT', `/api/admin/club?club_id=${members.club._id}`, {
      ...core,
      court_names: { '1': 'Halle' },
    });

    const notices = await noticesOf(members.player.user._id);
    const subjects = await Promise.all(notices.map(async (n) => (await wordsOf(n)).subject));
    expect(subjects).toEqual([
      `Buchungsbestätigung ${members.club.name}: Center Court, Di., 24.11.2026, 8-9 Uhr`,
      `Buchungsbestätigung ${members.club.name}: Platz 2, Di., 24.11.2026, 8-9 Uhr`,
    ]);
  });

  it('welcomes a member whose membership an admin approved, once; not on a later reactivation', async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 10 });
    const club = members.club;
    const approval = await members.admin.client.request('PUT', `/api/admin/club?club_id=${club._id}`, {
      name: club.name,
      courts_count: club.courts_count,
      start_hour: club.start_hour,
      end_hour: club.end_hour,
      reservations_limit: club.reservations_limit,
      member_approval: true,
    });
    expect(approval.status).toBe(200);
    const newcomer = await loggedIn(api.url, (await signUp(api.url, club._id)).email);
    const setStatus = (status: string) =>
      members.admin.client.request(
        'PUT',
        `/api/admin/members/${newcomer.user._id}/status?club_id=${club._id}`,
        {
          status,
        },
      );

    expect((await setStatus('active')).status).toBe(200);
    expect((await setStatus('inactive')).status).toBe(200);
    expect((await setStatus('active')).status).toBe(200);
    await caughtUp();

    const notices = await noticesOf(newcomer.user._id);
    expect(notices.map((n) => n.kind)).toEqual(['membership-approved']);
    const rendered = await wordsOf(notices[0]!);
    expect(rendered.subject).toBe(`Willkommen bei ${club.name}`);
    expect(rendered.text).toContain(`Ihre Mitgliedschaft bei ${club.name} wurde bestätigt.`);
    expect(rendered.text).toContain(`weil Sie die Mitgliedschaft bei ${club.name} beantragt haben`);
  });

  it('refuses a setting that is not true or false with a German 400', async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 10 });
    for (const body of [
      {},
      { booking_confirmations: 'ja' },
      { booking_confirmations: true, extra: 1 },
      { booking_confirmations: true, co_player_notices: 'nein' },
      [],
    ]) {
      const answer = await members.player.client.request('PUT', '/api/account/notifications', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await members.player.client.get('/api/account/notifications')).body).toEqual({
      data: { booking_confirmations: false, co_player_notices: true },
    });
  });
});

describe("the admin's list of the club's notices", () => {
  async function failedNotice(members: Members): Promise<string> {
    const [row] = await database
      .db('mail_outbox')
      .insert({
        kind: 'booking-cancelled',
        club_id: members.club._id,
        user_id: members.player.user._id,
        to_address: members.player.user.email,
        to_name: 'Steffi Graf',
        payload: JSON.stringify({
          firstName: 'Steffi',
          lastName: 'Graf',
          link: 'http://localhost:3000/',
          facts: {},
        }),
        status: 'failed',
        attempts: 5,
        last_error: 'SMTP 451 try again later',
        failed_at: new Date(),
      })
      .returning('id');
    return row.id;
  }

  it('shows sent, waiting and failed notices of the own club only, without addresses, and retries a failed one', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    const id = await failedNotice(members);
    await failedNotice(other);
    const list = `/api/admin/notices?club_id=${members.club._id}`;
    const retry = (client: TestClient, notice = id, club = members.club._id) =>
      client.post(`/api/admin/notices/${notice}/retry?club_id=${club}`, {});

    expect((await new TestClient(api.url).get(list)).status).toBe(401);
    expect((await members.player.client.get(list)).status).toBe(403);
    expect((await other.admin.client.get(list)).status).toBe(403);
    const seen = await members.admin.client.get<{ data: Record<string, unknown>[]; counts: unknown }>(list);
    expect(seen.status).toBe(200);
    expect(seen.body.counts).toEqual({ waiting: 0, sent: 0, failed: 1, held: 0, dropped: 0 });
    expect(seen.body.data).toEqual([
      expect.objectContaining({
        id,
        kind: 'booking-cancelled',
        status: 'failed',
        recipientName: 'Steffi Graf',
        recipientDomain: 'example.de',
        attempts: 5,
        lastError: 'SMTP 451 try again later',
      }),
    ]);
    expect(JSON.stringify(seen.body)).not.toContain(members.player.user.email);
    expect((await members.admin.client.get(`${list}&status=gesendet`)).status).toBe(400);

    expect((await retry(new TestClient(api.url))).status).toBe(401);
    expect((await retry(members.player.client)).status).toBe(403);
    expect((await retry(other.admin.client, id, other.club._id)).status).toBe(404);
    expect((await retry(members.admin.client, 'keine-id')).status).toBe(404);
    const retried = await retry(members.admin.client);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      message: adminTexts.noticeRetried,
      counts: { waiting: 1, failed: 0 },
    });
    expect(await database.db('mail_outbox').where({ id }).first('status', 'attempts', 'relayed_at')).toEqual({
      status: 'waiting',
      attempts: 0,
      relayed_at: null,
    });
    // Only a failed notice can be retried: the same again is not found.
    expect((await retry(members.admin.client)).status).toBe(404);
  });
});

describe("members' own mails stay theirs", () => {
  it("an admin neither sees a member's password-reset mail among the notices nor sends it again", async () => {
    const members = await clubWithMembers(api.url);
    const anonymous = new TestClient(api.url);
    expect((await anonymous.post('/api/forgot-password', { email: members.player.user.email })).status).toBe(
      200,
    );
    const resetRow = () =>
      database
        .db('mail_outbox')
        .where({ user_id: members.player.user._id, kind: 'password-reset' })
        .first('id');
    await expect.poll(resetRow).toBeDefined();
    const { id } = (await resetRow())!;
    // Failed for good, the state in which an admin's "Erneut senden" would otherwise apply.
    await database
      .db('mail_outbox')
      .where({ id })
      .update({ status: 'failed', failed_at: new Date(), attempts: 5 });

    const list = `/api/admin/notices?club_id=${members.club._id}`;
    for (const query of [list, `${list}&status=failed`]) {
      const seen = await members.admin.client.get<{ data: { id: string; kind: string }[]; counts: object }>(
        query,
      );
      expect(seen.status).toBe(200);
      expect(seen.body.data.map((notice) => notice.kind)).not.toContain('password-reset');
      expect(seen.body.data.map((notice) => notice.id)).not.toContain(id);
      expect(seen.body.counts).toMatchObject({ failed: 0 });
    }
    const retry = await members.admin.client.post(
      `/api/admin/notices/${id}/retry?club_id=${members.club._id}`,
      {},
    );
    expect(retry.status).toBe(404);
    expect(await database.db('mail_outbox').where({ id }).first('status')).toEqual({ status: 'failed' });
  });
});

describe('a notifications process killed mid-batch and started again', { timeout: 120_000 }, () => {
  it('writes each notice exactly once', async () => {
    await database.db.raw('CREATE TABLE notice_test_calls (position bigint NOT NULL)');
    // The in-test runner above has stopped; this process takes over its checkpoint.
    const members = await clubWithMembers(api.url, { reservations_limit: 10 });
    const ids: string[] = [];
    for (let hour = 8; hour < 18; hour++) {
      ids.push(
        await book(members.player.client, members, {
          court_num: '5',
          date: TUESDAY,
          start_time: hour,
          end_time: hour + 1,
        }),
      );
    }
    const start = (env: Record<string, string> = {}) => {
      const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: database.url, ...env },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      return { child, exited };
    };
    const before = await database.db('mail_outbox').count({ n: '*' }).first();
    // All ten cancellations commit before the process starts, so they are one batch.
    for (const id of ids) await cancel(members.admin.client, id, { date: TUESDAY, delete_type: 'all' });

    const first = start({ DIE_AT_CALL: '5' });
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const second = start();
    await expect
      .poll(
        async () =>
          Number(
            (await database
              .db('mail_outbox')
              .where({ user_id: members.player.user._id })
              .whereIn('kind', noticeKinds)
              .count({ n: '*' })
              .first())!.n,
          ),
        { timeout: 30_000 },
      )
      .toBe(10);
    await caughtUp();
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    const notices = await noticesOf(members.player.user._id);
    expect(notices).toHaveLength(10);
    expect(new Set(notices.map((n) => n.event_position)).size).toBe(10);
    const calls = await database.db('notice_test_calls').select('position');
    // The first process's batch was handed over again: five events were handled twice.
    expect(calls.length).toBeGreaterThan(10);
    expect(Number((await database.db('mail_outbox').count({ n: '*' }).first())!.n)).toBe(
      Number(before!.n) + 10,
    );
    console.info(`notifications crash test: ${calls.length} handler calls, ${notices.length} notices`);
  });
});
