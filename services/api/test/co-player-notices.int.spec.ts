/**
 * Notices to co-players (docs/architecture/mail.md, "Notifications"): a named member hears when named,
 * taken off, moved, cancelled and when others play beside them; the booker when a co-player
 * leaves; nobody of their own doing; each once, held for an unconfirmed address, and none for a
 * member who switched them off.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import { noticeText, type NoticeFacts } from '@platzbuchung/domain/mail/notices';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { namerForMail } from '@platzbuchung/outbox/names';
import type { OutboxRow } from '@platzbuchung/outbox/outbox';
import { lockClub } from '../src/commands/club-lock';
import { appendEvents } from '../src/events/store';
import { readCheckpoint, startSubscriptions, type SubscriptionsRunner } from '../src/events/subscriptions';
import { createLogger } from '../src/logger';
import { NOTIFICATIONS_SUBSCRIPTION, notificationsSubscription } from '../src/notifications/notices';
import { project } from '../src/projections/registry';
import { clubWithMembers, loggedIn, signUp } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

const NOW = new Date('2026-11-23T09:30:00Z');
const THURSDAY = '2026-11-26';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;
let runner: SubscriptionsRunner;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  api.setNow(NOW);
  runner = startSubscriptions({
    db: database.db,
    databaseUrl: database.url,
    logger: createLogger('co-player-notices-test', 'silent'),
    subscriptions: [notificationsSubscription({ publicUrl: 'http://localhost:3000' })],
    timing: { pollMs: 100 },
  });
  while (!(await readCheckpoint(database.db, NOTIFICATIONS_SUBSCRIPTION))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  runner.stop();
  await api.close();
  await database.drop();
});

/** Appends one reservation event as its command would, with the read model kept. */
async function append(clubId: string, actorId: string, event: ReservationEvent): Promise<EventEnvelope> {
  return database.db.transaction(async (trx) => {
    await lockClub(trx, clubId);
    const [stored] = await appendEvents(trx, [event], new Map(), {
      club_id: clubId,
      actor_id: actorId,
      occurred_at: NOW,
    });
    await project(trx, [stored!]);
    return stored!;
  });
}

async function caughtUp(): Promise<void> {
  const { rows } = await database.db.raw('SELECT max(position) AS position FROM events');
  const end = Number(rows[0].position);
  await expect
    .poll(async () => (await readCheckpoint(database.db, NOTIFICATIONS_SUBSCRIPTION))?.position ?? 0, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(end);
}

const coPlayerNotices = (userId: string): Promise<OutboxRow[]> =>
  database
    .db('mail_outbox')
    .where({ user_id: userId })
    .where('kind', 'like', 'co-player-%')
    .orderBy('event_position');

/** The words the mailer makes of a notice, naming people as it does when it sends the mail. */
const words = async (row: OutboxRow) => {
  const text = noticeText(row.payload.facts as NoticeFacts, await namerForMail(database.db, row.payload));
  return { subject: text.subject, body: [...text.paragraphs, text.why].join('\n') };
};

async function member(clubId: string, firstName: string, options: { unconfirmed?: boolean } = {}) {
  const { email } = await signUp(api.url, clubId, { first_name: firstName, last_name: 'Müller' }, options);
  return loggedIn(api.url, email);
}

describe('notices to co-players', { timeout: 60_000 }, () => {
  it('named, moved, taken off, left and cancelled: each told once to whom it concerns', async () => {
    const { club, player: booker } = await clubWithMembers(api.url, { reservations_limit: 10 });
    const anna = await member(club._id, 'Anna');
    const bernd = await member(club._id, 'Bernd', { unconfirmed: true });
    const carla = await member(club._id, 'Carla');
    const bookerId = booker.user._id;
    const reservation = randomUUID();
    const slot = { court_num: '2', date: THURSDAY, start_time: 18, end_time: 19 };

    await append(club._id, bookerId, {
      type: 'ReservationMade',
      reservation_id: reservation,
      data: {
        club_id: club._id,
        user_id: bookerId,
        ...slot,
        recurring: false,
        players: [
          { user_id: anna.user._id },
          { user_id: bernd.user._id },
          { guest_id: randomUUID(), fee_cents: 500 },
        ],
      },
    });
    await caughtUp();
    const [named] = await coPlayerNotices(anna.user._id);
    expect(named).toMatchObject({ kind: 'co-player-named', status: 'waiting' });
    expect((await words(named!)).subject).toBe(
      `Steffi Graf hat Sie als Mitspieler eingetragen (${club.name})`,
    );
    expect((await words(named!)).body).toContain('Platz 2, Do., 26.11.2026, 18-19 Uhr');
    // An address not yet confirmed gets it once confirmed (docs/architecture/mail.md, "Confirmed addresses").
    expect((await coPlayerNotices(bernd.user._id)).map((n) => [n.kind, n.status])).toEqual([
      ['co-player-named', 'held'],
    ]);
    expect(await coPlayerNotices(bookerId)).toEqual([]);

    // Moved to court 3, Bernd replaced by Carla.
    await append(club._id, bookerId, {
      type: 'ReservationChanged',
      reservation_id: reservation,
      data: { ...slot, court_num: '3', players: [{ user_id: anna.user._id }, { user_id: carla.user._id }] },
    });
    await caughtUp();
    expect((await coPlayerNotices(anna.user._id)).map((n) => n.kind)).toEqual([
      'co-player-named',
      'co-player-moved',
    ]);
    expect((await words((await coPlayerNotices(anna.user._id))[1]!)).body).toContain(
      'Jetzt: Platz 3, Do., 26.11.2026, 18-19 Uhr',
    );
    expect((await coPlayerNotices(bernd.user._id)).map((n) => n.kind)).toEqual([
      'co-player-named',
      'co-player-removed',
    ]);
    expect((await coPlayerNotices(carla.user._id)).map((n) => n.kind)).toEqual(['co-player-named']);

    // Anna takes herself off: the booker hears, Anna does not.
    await append(club._id, anna.user._id, {
      type: 'CoPlayerLeft',
      reservation_id: reservation,
      data: { user_id: anna.user._id },
    });
    await caughtUp();
    const left = await coPlayerNotices(bookerId);
    expect(left.map((n) => n.kind)).toEqual(['co-player-left']);
    expect((await words(left[0]!)).subject).toBe(`Anna Müller spielt nicht mehr mit (${club.name})`);
    expect(await coPlayerNotices(anna.user._id)).toHaveLength(2);

    // The booker cancels: only Carla is still named.
    await append(club._id, bookerId, {
      type: 'ReservationCancelled',
      reservation_id: reservation,
      data: { delete_type: 'all' },
    });
    await caughtUp();
    const carlas = await coPlayerNotices(carla.user._id);
    expect(carlas.map((n) => n.kind)).toEqual(['co-player-named', 'co-player-cancelled']);
    expect((await words(carlas[1]!)).body).toContain(
      'Die Buchung, in der Sie mitspielen, findet nicht statt',
    );
    expect(await coPlayerNotices(anna.user._id)).toHaveLength(2);
    expect(await coPlayerNotices(bernd.user._id)).toHaveLength(2);
  });

  it('a member who left comes back: the booker hears who, once, and of no move; who stays hears who plays now', async () => {
    const { club, player: booker } = await clubWithMembers(api.url, { reservations_limit: 10 });
    const anna = await member(club._id, 'Anna');
    const carla = await member(club._id, 'Carla');
    const bookerId = booker.user._id;
    const reservation = randomUUID();
    const slot = { court_num: '4', date: THURSDAY, start_time: 18, end_time: 19 };
    const players = [{ user_id: carla.user._id }, { user_id: anna.user._id }];
    await append(club._id, bookerId, {
      type: 'ReservationMade',
      reservation_id: reservation,
      data: { club_id: club._id, user_id: bookerId, ...slot, recurring: false, players },
    });
    await append(club._id, anna.user._id, {
      type: 'CoPlayerLeft',
      reservation_id: reservation,
      data: { user_id: anna.user._id },
    });
    await append(club._id, anna.user._id, {
      type: 'ReservationChanged',
      reservation_id: reservation,
      data: { ...slot, players },
    });
    await caughtUp();
    const toBooker = await database
      .db('mail_outbox')
      .where({ user_id: bookerId })
      .whereNotNull('event_position')
      .orderBy('event_position');
    expect(toBooker.map((n: OutboxRow) => n.kind)).toEqual(['co-player-left', 'co-player-back']);
    expect((await words(toBooker[1]!)).subject).toBe(`Anna Müller spielt wieder mit (${club.name})`);
    expect((await words(toBooker[1]!)).body).toContain(
      'hat sich wieder in Ihre Buchung eingetragen: Platz 4',
    );
    expect((await coPlayerNotices(anna.user._id)).map((n) => n.kind)).toEqual(['co-player-named']);
    expect((await coPlayerNotices(carla.user._id)).map((n) => n.kind)).toEqual([
      'co-player-named',
      'co-player-players-changed',
    ]);
  });

  it('an occurrence of a series cancelled: its named members hear of that date', async () => {
    const { club, admin, player } = await clubWithMembers(api.url, { reservations_limit: 10 });
    const reservation = randomUUID();
    await append(club._id, admin.user._id, {
      type: 'ReservationMade',
      reservation_id: reservation,
      data: {
        club_id: club._id,
        user_id: admin.user._id,
        court_num: '1',
        date: THURSDAY,
        start_time: 10,
        end_time: 12,
        recurring: true,
        players: [{ user_id: player.user._id }],
      },
    });
    await append(club._id, admin.user._id, {
      type: 'OccurrenceCancelled',
      reservation_id: reservation,
      data: { date: '2026-12-03' },
    });
    await caughtUp();
    const notices = await coPlayerNotices(player.user._id);
    expect(notices.map((n) => n.kind)).toEqual(['co-player-named', 'co-player-cancelled']);
    expect((await words(notices[1]!)).body).toContain(
      'Dieser Termin der Serie, in der Sie mitspielen, findet nicht statt: Platz 1, Do., 03.12.2026, 10-12 Uhr',
    );
  });

  it('the same hour with other players: who stays hears who plays now; the same people again tell nobody', async () => {
    const { club, player: booker } = await clubWithMembers(api.url, { reservations_limit: 10 });
    const anna = await member(club._id, 'Anna');
    const carla = await member(club._id, 'Carla');
    const bookerId = booker.user._id;
    const reservation = randomUUID();
    const slot = { court_num: '1', date: THURSDAY, start_time: 10, end_time: 11 };
    // A guest named again in a change is kept under a new id, with the same name.
    const guest = async () => {
      const guestId = randomUUID();
      await database.db('reservation_guests').insert({
        guest_id: guestId,
        club_id: club._id,
        reservation_id: reservation,
        name: 'Gisela Gast',
      });
      return { guest_id: guestId, fee_cents: 500 };
    };
    await append(club._id, bookerId, {
      type: 'ReservationMade',
      reservation_id: reservation,
      data: {
        club_id: club._id,
        user_id: bookerId,
        ...slot,
        recurring: false,
        players: [{ user_id: anna.user._id }, await guest()],
      },
    });
    await append(club._id, bookerId, {
      type: 'ReservationChanged',
      reservation_id: reservation,
      data: { ...slot, label: 'Training', players: [{ user_id: anna.user._id }, await guest()] },
    });
    await caughtUp();
    expect((await coPlayerNotices(anna.user._id)).map((n) => n.kind)).toEqual(['co-player-named']);

    await append(club._id, bookerId, {
      type: 'ReservationChanged',
      reservation_id: reservation,
      data: { ...slot, players: [{ user_id: anna.user._id }, { user_id: carla.user._id }] },
    });
    await caughtUp();
    const annas = await coPlayerNotices(anna.user._id);
    expect(annas.map((n) => n.kind)).toEqual(['co-player-named', 'co-player-players-changed']);
    expect((await words(annas[1]!)).subject).toBe(`Andere Mitspieler in Ihrer Buchung bei ${club.name}`);
    expect((await words(annas[1]!)).body).toContain('Platz 1, Do., 26.11.2026, 10-11 Uhr');
    expect((await words(annas[1]!)).body).toContain(
      'Es spielen jetzt: Steffi Graf mit Anna Müller und Carla Müller.',
    );
    expect((await coPlayerNotices(carla.user._id)).map((n) => n.kind)).toEqual(['co-player-named']);
    expect(await coPlayerNotices(bookerId)).toEqual([]);
  });

  it('a member who switched them off in the account panel gets none', async () => {
    const { club, admin } = await clubWithMembers(api.url, { reservations_limit: 10 });
    const quiet = await member(club._id, 'Quentin');
    const off = await quiet.client.request('PUT', '/api/account/notifications', {
      booking_confirmations: false,
      co_player_notices: false,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ data: { booking_confirmations: false, co_player_notices: false } });
    // A client that knows only the first switch leaves the second as it is.
    await quiet.client.request('PUT', '/api/account/notifications', { booking_confirmations: true });
    expect((await quiet.client.get('/api/account/notifications')).body).toEqual({
      data: { booking_confirmations: true, co_player_notices: false },
    });
    await append(club._id, admin.user._id, {
      type: 'ReservationMade',
      reservation_id: randomUUID(),
      data: {
        club_id: club._id,
        user_id: admin.user._id,
        court_num: '4',
        date: THURSDAY,
        start_time: 9,
        end_time: 10,
        recurring: false,
        players: [{ user_id: quiet.user._id }],
      },
    });
    await caughtUp();
    expect(await coPlayerNotices(quiet.user._id)).toEqual([]);
  });

  it('an event handed over again writes no second notice', async () => {
    const { club, admin, player } = await clubWithMembers(api.url, { reservations_limit: 10 });
    const made = await append(club._id, admin.user._id, {
      type: 'ReservationMade',
      reservation_id: randomUUID(),
      data: {
        club_id: club._id,
        user_id: admin.user._id,
        court_num: '5',
        date: THURSDAY,
        start_time: 9,
        end_time: 10,
        recurring: false,
        players: [{ user_id: player.user._id }],
      },
    });
    await caughtUp();
    const again = notificationsSubscription({ publicUrl: 'http://localhost:3000' });
    await again.handle(made, { db: database.db, logger: createLogger('again', 'silent') });
    expect((await coPlayerNotices(player.user._id)).map((n) => n.kind)).toEqual(['co-player-named']);
  });
});
