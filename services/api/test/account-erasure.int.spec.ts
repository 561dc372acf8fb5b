import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { erasureTexts } from '@platzbuchung/domain/members/erasure';
import { ERASED_MEMBER, fullName } from '@platzbuchung/domain/names';
import type { Reservation } from '@platzbuchung/domain/types';
import { insertOutboxMail } from '@platzbuchung/outbox/outbox';
import { readCheckpoint, startSubscriptions } from '../src/events/subscriptions';
import { createLogger } from '../src/logger';
import { NOTIFICATIONS_SUBSCRIPTION, notificationsSubscription } from '../src/notifications/notices';
import { TestClient } from './support/client';
import { runEventsCli } from './support/events-cli';
import { PASSWORD, clubWithMembers, loggedIn, registerClub, signUp, unique } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 23 November 2026, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
/** A week earlier, when the member booked what now lies in the past. */
const WEEK_BEFORE = new Date('2026-11-16T09:30:00Z');

const api = apiForFile({ now: NOW });

type Client = TestClient;

/** Letters only (names are validated), and no other fixture uses them. */
function distinctNames() {
  const letters = unique().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  return { first_name: `Wiebke${letters}`, last_name: `Quandtberg${letters}` };
}

const book = (client: Client, clubId: string, slot: Record<string, unknown>) =>
  client.post<{ data: Reservation[] }>('/api/reservations', { club_id: clubId, ...slot });

const eraseOwn = (client: Client, body: unknown) =>
  client.request<{ message?: string; error?: unknown }>('DELETE', '/api/account', body);

const eraseByAdmin = (admin: Client, clubId: string, memberId: string) =>
  admin.request<{ message?: string; error?: unknown }>(
    'DELETE',
    `/api/admin/members/${memberId}?club_id=${clubId}`,
    {},
  );

const deactivate = (admin: Client, clubId: string, memberId: string) =>
  admin.request('PUT', `/api/admin/members/${memberId}/status?club_id=${clubId}`, { status: 'inactive' });

/** Every column of every table of the public schema that holds `needle` (any letter case). */
async function columnsHolding(needle: string): Promise<string[]> {
  const columns: { table_name: string; column_name: string }[] = await api
    .db('information_schema.columns')
    .where({ table_schema: 'public' })
    .select('table_name', 'column_name');
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [row] = await api
      .db(table_name)
      .whereRaw('??::text ILIKE ?', [column_name, `%${needle}%`])
      .count({ n: '*' });
    if (Number(row!.n) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/**
 * The notices' subscription, running as in production, from now on; `caughtUp` waits until it has
 * handled every event of the log so far.
 */
async function noticesRunning() {
  const runner = startSubscriptions({
    db: api.db,
    databaseUrl: api.databaseUrl!,
    logger: createLogger('account-erasure-test', 'silent'),
    subscriptions: [notificationsSubscription({ publicUrl: 'http://localhost:3000' })],
    timing: { pollMs: 100 },
  });
  await expect
    .poll(() => readCheckpoint(api.db, NOTIFICATIONS_SUBSCRIPTION), { timeout: 15_000 })
    .toBeTruthy();
  return {
    async caughtUp() {
      const { rows } = await api.db.raw('SELECT max(position) AS position FROM events');
      const end = Number(rows[0].position);
      await expect
        .poll(async () => (await readCheckpoint(api.db, NOTIFICATIONS_SUBSCRIPTION))?.position ?? 0, {
          timeout: 15_000,
        })
        .toBeGreaterThanOrEqual(end);
    },
    stop: () => runner.stop(),
  };
}

/** How the rate limits store a key (accounts/rate-limits): hashed, yet found again by whoever knows it. */
const storedKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('base64url');

/**
 * A member (an admin, for the series) with something in every place an account leaves traces: bookings past and to come (a
 * single and a weekly series), a reset mail and a notice in the outbox, a reset token, a calendar
 * link, a rate-limit counter of a wrong password, a second session, and an address change waiting
 * for its link (the link and the notice to the old address in the outbox, the new address stored).
 */
async function memberWithTraces() {
  const names = distinctNames();
  const { club, email: adminEmail } = await registerClub(api.url);
  const admin = await loggedIn(api.url, adminEmail);
  const { email } = await signUp(api.url, club._id, { ...names, email: `${names.last_name}@example.de` });
  api.setNow(WEEK_BEFORE);
  const signedUp = await loggedIn(api.url, email);
  // Weekly series are for admins: the member is one (the club keeps its other admin).
  const role = `/api/admin/members/${signedUp.user._id}/role?club_id=${club._id}`;
  expect((await admin.client.request('PUT', role, { role: 'admin' })).status).toBe(200);
  const member = await loggedIn(api.url, email);
  expect(
    (await book(member.client, club._id, { court_num: '1', start_time: 9, end_time: 10, date: '2026-11-17' }))
      .status,
  ).toBe(201);
  expect(
    (
      await book(member.client, club._id, {
        court_num: '2',
        start_time: 18,
        end_time: 19,
        date: '2026-11-17',
        recurring: true,
      })
    ).status,
  ).toBe(201);
  api.setNow(NOW);
  expect(
    (
      await book(member.client, club._id, {
        court_num: '3',
        start_time: 17,
        end_time: 18,
        date: '2026-11-25',
      })
    ).status,
  ).toBe(201);
  expect((await member.client.get('/api/account/calendar')).status).toBe(200);
  expect((await new TestClient(api.url).post('/api/forgot-password', { email })).status).toBe(200);
  await expect
    .poll(async () => Number((await api.db('password_resets').count({ n: '*' }))[0]!.n))
    .toBeGreaterThan(0);
  await insertOutboxMail(api.db, {
    kind: 'booking-confirmed',
    clubId: club._id,
    userId: member.user._id,
    recipientConfirmed: true,
    to: email,
    toName: `${names.first_name} ${names.last_name}`,
    payload: {
      firstName: names.first_name,
      lastName: names.last_name,
      link: 'http://localhost:3000/',
      facts: {
        kind: 'booking-confirmed',
        clubName: club.name,
        slot: { court: '3', date: '2026-11-25', start: 17, end: 18 },
      },
    },
  });
  expect((await new TestClient(api.url).post('/api/login', { email, password: 'Falsch123!' })).status).toBe(
    401,
  );
  const secondSession = await loggedIn(api.url, email);
  await namedAsCoPlayer(club, admin, member);
  // Another member asks to move to the member's address: answered as any request, it stores the
  // address with that member's waiting change (never mailed a link).
  const probe = await admin.client.request('PUT', '/api/account/email', { email, password: PASSWORD });
  expect(probe.status).toBe(200);
  const pendingEmail = `${names.last_name}-neu@example.org`;
  const change = await member.client.request('PUT', '/api/account/email', {
    email: pendingEmail,
    password: PASSWORD,
  });
  expect(change.status).toBe(200);
  return { club, admin, member, secondSession, email, names, pendingEmail };
}

type Member = Awaited<ReturnType<typeof loggedIn>>;

/**
 * The member books with the club's other admin as co-player, and leaves a booking of that admin's
 * that named them: the other admin is told of both (notices that used to carry the member's name).
 */
async function namedAsCoPlayer(club: { _id: string }, other: Member, member: Member) {
  const rules = `/api/admin/club?club_id=${club._id}`;
  const settings = (await other.client.get<Record<string, unknown>>(rules)).body;
  const { name, courts_count, start_hour, end_hour, reservations_limit } = settings;
  const core = { name, courts_count, start_hour, end_hour, reservations_limit };
  expect((await other.client.request('PUT', rules, { ...core, co_players: 'optional' })).status).toBe(200);
  const slot = { court_num: '4', start_time: 16, end_time: 17, date: '2026-11-26' };
  const players = (id: string) => [{ user_id: id }];
  expect((await book(member.client, club._id, { ...slot, players: players(other.user._id) })).status).toBe(
    201,
  );
  const theirs = await book(other.client, club._id, {
    ...slot,
    court_num: '1',
    start_time: 19,
    end_time: 20,
    players: players(member.user._id),
  });
  expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
  const left = await member.client.request(
    'DELETE',
    `/api/reservations/${theirs.body.data.find((r) => r.user_id === other.user._id)!._id}/players/me?club_id=${club._id}`,
    {},
  );
  expect(left.status).toBe(204);
}

describe('DELETE /api/account', () => {
  it('cancels what is to come, keeps the past, and leaves the name and address in no column of any table', async () => {
    const notices = await noticesRunning();
    try {
      await erasesEverything(notices);
    } finally {
      notices.stop();
    }
  });

  async function erasesEverything(notices: Awaited<ReturnType<typeof noticesRunning>>) {
    const { club, admin, member, secondSession, email, names, pendingEmail } = await memberWithTraces();
    await notices.caughtUp();
    // The other admin was told of the member's booking with them and of the member leaving theirs.
    const toOther = await api
      .db('mail_outbox')
      .where({ user_id: admin.user._id })
      .where('kind', 'like', 'co-player-%')
      .pluck('kind');
    expect(toOther.sort()).toEqual(['co-player-left', 'co-player-named']);
    for (const needle of [names.first_name, names.last_name, email, pendingEmail]) {
      expect(await columnsHolding(needle)).not.toEqual([]);
    }

    const answer = await eraseOwn(member.client, { password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(erasureTexts.accountErased);
    // The booking with the other admin was cancelled, and they are told so, naming nobody.
    await notices.caughtUp();
    expect(
      await api
        .db('mail_outbox')
        .where({ user_id: admin.user._id, kind: 'co-player-cancelled' })
        .pluck('kind'),
    ).toEqual(['co-player-cancelled']);

    for (const needle of [
      names.first_name,
      names.last_name,
      email,
      pendingEmail,
      storedKey(email.toLowerCase()),
    ]) {
      expect(await columnsHolding(needle), needle).toEqual([]);
    }
    // The log still says that this id booked; every projection matches it.
    expect(
      Number((await api.db('events').where({ actor_id: member.user._id }).count({ n: '*' }))[0]!.n),
    ).toBeGreaterThan(0);
    const verify = await runEventsCli(api.databaseUrl!, 'verify');
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);

    // The hours to come are free; the past single stays, the series keeps its past week only.
    const list = (await admin.client.get<Reservation[]>(`/api/reservations?club_id=${club._id}`)).body;
    const theirs = list.filter((r) => r.user_id === member.user._id);
    expect(theirs.map((r) => [r.court_num, r.date, r.recurring, r.end_date ?? null])).toEqual([
      ['1', '2026-11-17', false, null],
      ['2', '2026-11-17', true, '2026-11-24'],
    ]);
    const wednesday = (
      await admin.client.get<Reservation[]>(
        `/api/reservations?club_id=${club._id}&from=2026-11-25&to=2026-11-25`,
      )
    ).body;
    expect(wednesday.filter((r) => r.user_id === member.user._id)).toEqual([]);

    // Logged out everywhere, and the address opens nothing any more.
    for (const client of [member.client, secondSession.client]) {
      expect((await client.get<{ error?: string }>('/api/verifyAuth')).body.error).toBeDefined();
    }
    expect((await new TestClient(api.url).post('/api/login', { email, password: PASSWORD })).status).toBe(
      401,
    );

    // The admin's log names them as erased.
    const log = await admin.client.get<{
      data: { actor: { _id: string; first_name: string | null; last_name: string | null } }[];
    }>(`/api/events?club_id=${club._id}&user_id=${member.user._id}`);
    expect(log.body.data.length).toBeGreaterThan(0);
    expect(new Set(log.body.data.map((event) => fullName(event.actor)))).toEqual(new Set([ERASED_MEMBER]));
  }

  it('erases the children with their parent and says so; their names are in no column (docs/who-plays.md, "Families")', async () => {
    const { player } = await clubWithMembers(api.url);
    const children = [distinctNames(), distinctNames()];
    for (const names of children) {
      const added = await player.client.post('/api/account/children', { ...names, birth_year: 2015 });
      expect(added.status).toBe(201);
    }
    const answer = await eraseOwn(player.client, { password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(`${erasureTexts.accountErased} ${erasureTexts.childrenErased(2)}`);
    for (const names of children) {
      expect(await columnsHolding(names.first_name)).toEqual([]);
      expect(await columnsHolding(names.last_name)).toEqual([]);
    }
    expect(await api.db('users').where({ parent_id: player.user._id }).first('id')).toBeUndefined();
  });

  it('refuses a wrong or missing password under /password and changes nothing', async () => {
    const { player } = await clubWithMembers(api.url);
    const wrong = await eraseOwn(player.client, { password: 'Falsch123!' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual([{ instancePath: '/password', message: erasureTexts.wrongPassword }]);
    const missing = await eraseOwn(player.client, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual([
      { instancePath: '/password', message: erasureTexts.passwordMissing },
    ]);
    expect(await api.db('users').where({ id: player.user._id }).first('id')).toBeDefined();
    expect((await player.client.get<{ _id?: string }>('/api/verifyAuth')).body._id).toBe(player.user._id);
  });

  it('counts wrong passwords like logins: past the limit of tries, 429', async () => {
    const { player } = await clubWithMembers(api.url);
    // This browser logged into the account: its tries are counted per device (10), as a login's.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await eraseOwn(player.client, { password: `Falsch${i}23!` })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(403), 429]);
  });

  it('refuses the last active admin of a club with other members (409) and says what to do', async () => {
    const { admin } = await clubWithMembers(api.url);
    const answer = await eraseOwn(admin.client, { password: PASSWORD });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(erasureTexts.lastAdmin);
    expect(await api.db('users').where({ id: admin.user._id }).first('id')).toBeDefined();
  });

  it('lets an admin alone in the club go', async () => {
    const { email } = await registerClub(api.url);
    const admin = await loggedIn(api.url, email);
    expect((await eraseOwn(admin.client, { password: PASSWORD })).status).toBe(200);
    expect(await api.db('users').where({ id: admin.user._id }).first('id')).toBeUndefined();
  });
});

describe('DELETE /api/admin/members/:id', () => {
  it('erases an inactive member of the club, cancelling their bookings to come', async () => {
    const { club, admin, player } = await clubWithMembers(api.url);
    expect(
      (
        await book(player.client, club._id, {
          court_num: '4',
          start_time: 12,
          end_time: 13,
          date: '2026-11-26',
        })
      ).status,
    ).toBe(201);
    expect((await deactivate(admin.client, club._id, player.user._id)).status).toBe(200);
    const answer = await eraseByAdmin(admin.client, club._id, player.user._id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(erasureTexts.memberErased('Steffi Graf'));
    expect(await api.db('users').where({ id: player.user._id }).first('id')).toBeUndefined();
    expect(await columnsHolding(player.user.email)).toEqual([]);
    const list = (await admin.client.get<Reservation[]>(`/api/reservations?club_id=${club._id}`)).body;
    expect(list.filter((r) => r.user_id === player.user._id)).toEqual([]);
  });

  it('refuses an active member with 409', async () => {
    const { club, admin, player } = await clubWithMembers(api.url);
    const answer = await eraseByAdmin(admin.client, club._id, player.user._id);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(erasureTexts.onlyInactive);
    expect(await api.db('users').where({ id: player.user._id }).first('id')).toBeDefined();
  });

  it('refuses another club with 403, and a player with 403', async () => {
    const ours = await clubWithMembers(api.url);
    const theirs = await clubWithMembers(api.url);
    expect((await deactivate(theirs.admin.client, theirs.club._id, theirs.player.user._id)).status).toBe(200);
    expect((await eraseByAdmin(ours.admin.client, theirs.club._id, theirs.player.user._id)).status).toBe(403);
    expect((await eraseByAdmin(ours.admin.client, ours.club._id, theirs.player.user._id)).status).toBe(404);
    expect((await eraseByAdmin(theirs.player.client, theirs.club._id, theirs.player.user._id)).status).toBe(
      403,
    );
    expect(await api.db('users').where({ id: theirs.player.user._id }).first('id')).toBeDefined();
  });
});

describe('the schema', () => {
  it('says for every foreign key to users what erasing a member does to the row (CASCADE or SET NULL)', async () => {
    const { rows } = await api.db.raw<{ rows: { name: string; on_delete: string }[] }>(`
      SELECT conrelid::regclass::text || '.' || conname AS name, confdeltype AS on_delete
      FROM pg_constraint WHERE contype = 'f' AND confrelid = 'users'::regclass ORDER BY 1`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.on_delete !== 'c' && row.on_delete !== 'n')).toEqual([]);
  });
});
