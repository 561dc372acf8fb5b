/**
 * Bookings that arrive while a club's transaction runs are decided together (commands/handle): one
 * lock, one append, one commit, each booking decided as if the ones accepted before it were
 * committed, and no booking's failure becomes another's. Different clubs' bookings that arrive
 * while a transaction runs share the next one (group commit), and a club whose lock is held
 * elsewhere holds up none of the others.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReservationMade } from '@platzbuchung/domain/reservations/events';
import type { MakeReservation } from '@platzbuchung/domain/reservations/make-reservation';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import * as texts from '@platzbuchung/domain/texts';
import { lockClub } from '../src/commands/club-lock';
import { handleCommand, queuedCommands } from '../src/commands/handle';
import { makeReservationCommand } from '../src/commands/reservations';
import type { TestClient } from './support/client';
import { clubWithMembers, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const MONDAY = '2026-11-23';

const api = apiForFile({ now: NOW });

const slot = (members: Members, court: string) => ({
  club_id: members.club._id,
  court_num: court,
  start_time: 12,
  end_time: 13,
  date: MONDAY,
});

const book = (client: TestClient, body: Record<string, unknown>) =>
  client.post<{ error?: string }>('/api/reservations', body);

/** Waits until `count` commands of the club are queued in the API process for its next batch. */
async function queued(clubId: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (queuedCommands(api.db, clubId) < count) {
    if (Date.now() > deadline) throw new Error(`never ${count} commands queued`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Other test files run beside this one, each on a database of its own cloned from one template: its
 * tables have the same numbers there, and its locks are in pg_locks too.
 */
const THIS_DATABASE = `database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

/** Waits until a transaction waits for an advisory lock (a club's). */
async function waitingForLock(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await api.db.raw(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND ${THIS_DATABASE}`,
    );
    if (rows[0].n > 0) return;
    if (Date.now() > deadline) throw new Error('nobody waits for the lock');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until `count` statements wait for a lock on the events table. */
async function waitingForEvents(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await api.db.raw(
      `SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'events'::regclass AND NOT granted AND ${THIS_DATABASE}`,
    );
    if (rows[0].n >= count) return;
    if (Date.now() > deadline) throw new Error(`never ${count} waiting for the events table`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const transactionOf = async (userId: string, court: string) =>
  (
    await api
      .db('events')
      .where({ actor_id: userId, type: 'ReservationMade' })
      .whereRaw(`data->>'court_num' = ?`, [court])
      .first(api.db.raw('transaction_id::text AS transaction_id'))
  )?.transaction_id as string | undefined;

describe('bookings decided together', () => {
  it('queued bookings commit in one transaction, each decided after the ones accepted before it', async () => {
    const members = await clubWithMembers(api.url, { reservations_limit: 2 });
    const { admin, player } = members;
    const holder = await api.db.transaction();
    await lockClub(holder, members.club._id);
    const first = book(admin.client, slot(members, '1'));
    await waitingForLock();
    // One after another, so the queue's order (the order they are decided in) is known.
    const later = [];
    for (const [client, court] of [
      [player.client, '2'],
      [player.client, '3'],
      [player.client, '4'],
      [admin.client, '2'],
    ] as const) {
      later.push(book(client, slot(members, court)));
      await queued(members.club._id, later.length);
    }
    await holder.commit();

    expect((await first).status).toBe(201);
    const answers = await Promise.all(later);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 409, 409]);
    expect(answers[2]!.body.error).toBe(texts.limitReached(2));
    expect(answers[3]!.body.error).toBe(reservationTexts.conflict('2', MONDAY, 12));

    const together = await transactionOf(player.user._id, '2');
    expect(together).toBeDefined();
    expect(await transactionOf(player.user._id, '3')).toBe(together);
    expect(await transactionOf(admin.user._id, '1')).not.toBe(together);
  });

  it('a command that fails is answered with its error; the others of its batch still commit', async () => {
    const members = await clubWithMembers(api.url);
    const failing: typeof makeReservationCommand = {
      ...makeReservationCommand,
      // An event its schema refuses: the append fails, after every decision of the batch was made.
      decide: (command, state, context, now) => {
        const decision = makeReservationCommand.decide(command, state, context, now);
        if (command.label !== 'Kaputt' || !decision.ok) return decision;
        const [made] = decision.events as [ReservationMade];
        const corrupt = { ...made, data: { ...made.data, start_time: 'fünfzehn' } };
        return { ok: true, events: [corrupt as unknown as ReservationMade] };
      },
    };
    const command = (court: string, label: string): MakeReservation => ({
      type: 'MakeReservation',
      reservation_id: randomUUID(),
      actor: { user_id: members.admin.user._id, role: 'admin' },
      court_num: court,
      start_time: 15,
      end_time: 16,
      date: MONDAY,
      label,
      recurring: false,
      players: [],
    });
    const run = (court: string, label: string) =>
      handleCommand(api.db, members.club._id, failing, command(court, label), { now: NOW });
    const holder = await api.db.transaction();
    await lockClub(holder, members.club._id);
    const first = run('1', 'Erster');
    await waitingForLock();
    const broken = run('2', 'Kaputt');
    const fine = run('3', 'Dritter');
    // Seen before the commit, so the rejection is never unhandled while the others wait.
    const brokenOutcome = broken.then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await queued(members.club._id, 2);
    await holder.commit();

    expect((await first)?.ok).toBe(true);
    expect(await brokenOutcome).toMatch(/does not match its schema/);
    const third = await fine;
    expect(third?.ok).toBe(true);
    const courts = await api.db('reservations').where({ club_id: members.club._id }).pluck('court_num');
    expect(courts.sort()).toEqual(['1', '3']);
  });

  it("clubs' bookings that arrive while transactions run commit together; a held club waits alone", async () => {
    const [first, second, third, fourth, held] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => clubWithMembers(api.url)),
    );
    expect((await book(third!.admin.client, slot(third!, '2'))).status).toBe(201);
    // Appends wait while the events table is held, so the transactions started meanwhile stay
    // open: two run at once, the first and the second club's, each alone.
    const appends = await api.db.transaction();
    await appends.raw('LOCK TABLE events IN SHARE MODE');
    const clubHolder = await api.db.transaction();
    await lockClub(clubHolder, held!.club._id);
    const running = book(first!.admin.client, slot(first!, '1'));
    await waitingForEvents(1);
    const alsoRunning = book(second!.admin.client, slot(second!, '1'));
    await waitingForEvents(2);
    // One after another: requests on different connections may overtake each other, and the
    // third club's first booking must be the one that waits beside the fourth club's.
    const later = [];
    for (const members of [third!, fourth!, held!]) {
      later.push(book(members.admin.client, slot(members, '1')));
      await queued(members.club._id, 1);
    }
    // Decided in the group on its own club's bookings: the slot is taken there, not elsewhere.
    const taken = book(third!.player.client, slot(third!, '2'));
    await queued(third!.club._id, 2);
    await appends.commit();

    expect((await running).status).toBe(201);
    expect((await alsoRunning).status).toBe(201);
    expect((await later[0]!).status).toBe(201);
    expect((await later[1]!).status).toBe(201);
    const refused = await taken;
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(reservationTexts.conflict('2', MONDAY, 12));
    const together = await transactionOf(third!.admin.user._id, '1');
    expect(together).toBeDefined();
    expect(await transactionOf(fourth!.admin.user._id, '1')).toBe(together);
    expect(await transactionOf(first!.admin.user._id, '1')).not.toBe(together);
    expect(await transactionOf(second!.admin.user._id, '1')).not.toBe(together);
    // The held club's booking waits for its lock, after the others were answered.
    expect(await transactionOf(held!.admin.user._id, '1')).toBeUndefined();
    await waitingForLock();
    await clubHolder.commit();
    expect((await later[2]!).status).toBe(201);
    expect(await transactionOf(held!.admin.user._id, '1')).not.toBe(together);
  });
});
