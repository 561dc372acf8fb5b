import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import type { Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../src/db/connect';
import { rebuildProjections, verifyProjections } from '../src/projections/registry';
import { verifyWith } from '../src/projections/reservations';

/** The reservations projection's part of a rebuild or verify run. */
async function verifyReadModel(db: Db) {
  const [report] = await verifyProjections(db, ['reservations']);
  return { rows: report!.rows, differences: report!.differences };
}
async function rebuildReadModel(db: Db) {
  const [report] = await rebuildProjections(db, ['reservations']);
  return report!.rows;
}
import { startApiProcess } from './support/api-process';
import { runEventsCli } from './support/events-cli';
import type { TestClient } from './support/client';
import { clubWithMembers, loggedIn, signUp } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

const NOW = new Date('2026-11-23T09:30:00Z');
const MONDAY = '2026-11-23';
let api: TestApi;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
});
afterAll(async () => {
  await api.close();
  await database.drop();
});

/** A small deterministic generator, so a failure can be replayed with the same seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const liveRows = async () => api.db('reservations').orderBy('id').select('*');

const runCli = (...args: string[]) => runEventsCli(database.url, ...args);

describe('the read model is exactly what the events say', () => {
  it('rebuild and verify agree with the live table after 1,000 random commands', async () => {
    api.setNow(NOW);
    const members = await clubWithMembers(api.url, { courts_count: 4, reservations_limit: 5 });
    const second = await loggedIn(api.url, (await signUp(api.url, members.club._id)).email);
    const actors: TestClient[] = [members.admin.client, members.player.client, second.client];
    const rng = random(20261123);
    const known: Reservation[] = [];
    const statuses = new Map<number, number>();

    for (let i = 0; i < 1000; i++) {
      const client = rng.pick(actors);
      const isAdmin = client === members.admin.client;
      let response;
      if (known.length && rng.chance(0.35)) {
        const target = rng.pick(known);
        const date = target.recurring ? addDays(target.date, 7 * rng.int(0, 6)) : target.date;
        response = await client.post<{ data: Reservation[] }>(
          `/api/reservations?reservation_id=${target._id}`,
          {
            form_method: 'delete',
            date,
            delete_type: rng.pick(['once', 'once_and_future', 'all'] as const),
          },
        );
      } else {
        const start = rng.int(8, 19);
        const duration = isAdmin ? rng.int(1, 3) : 1;
        response = await client.post<{ data: Reservation[] }>('/api/reservations', {
          club_id: members.club._id,
          court_num: String(rng.int(1, 4)),
          start_time: start,
          end_time: Math.min(20, start + duration),
          date: addDays(MONDAY, rng.int(0, 27)),
          ...(isAdmin && rng.chance(0.3)
            ? { recurring: true, label: rng.chance(0.5) ? 'Training' : undefined }
            : {}),
        });
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      if (response.status < 300) known.splice(0, known.length, ...response.body.data);
    }
    // The run exercised successes and each kind of refusal, not just one path.
    expect(statuses.get(201)).toBeGreaterThan(50);
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(statuses.get(409)).toBeGreaterThan(10);

    const before = await liveRows();
    expect(await verifyReadModel(api.db)).toEqual({ rows: before.length, differences: [] });
    expect(await rebuildReadModel(api.db)).toBe(before.length);
    expect(await liveRows()).toEqual(before);
  }, 180_000);

  it('verify names a tampered row, and the CLI exits 1 until a rebuild repairs it', async () => {
    const [row] = await liveRows();
    await api.db('reservations').where({ id: row.id }).update({ court_num: '99' });
    const single = await verifyReadModel(api.db);
    const { differences } = single;
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatchObject({
      id: row.id,
      live: { court_num: '99' },
      rebuilt: { court_num: row.court_num },
    });
    // A big log is replayed by worker threads, each over a range of stream ids: same answer.
    expect(await api.db.transaction((trx) => verifyWith(trx, 3))).toEqual(single);

    const failed = await runCli('verify');
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('1 difference(s)');
    expect((await runCli('rebuild')).status).toBe(0);
    const verified = await runCli('verify');
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(/no difference/);
  });

  it('a rebuild into an emptied table writes every row back, exactly as they were', async () => {
    const before = await liveRows();
    expect(before.length).toBeGreaterThan(0);
    await api.db('reservations').delete();
    expect(await rebuildReadModel(api.db)).toBe(before.length);
    expect(await liveRows()).toEqual(before);
    expect(await verifyReadModel(api.db)).toEqual({ rows: before.length, differences: [] });
  });

  it('the CLI lists, filters and shows the history readably and as JSON lines', async () => {
    const table = await runCli('list', '--limit', '5');
    expect(table.status).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^Pos\s+Zeit\s+Verein\s+Ereignis/);
    expect(table.stdout).toMatch(/Reservierung (angelegt|storniert)|Termin storniert|Serie beendet/);

    const json = await runCli('list', '--type', 'ReservationMade', '--limit', '3', '--json');
    const lines = json.stdout
      .trim()
      .split('\n')
      .map((l: string) => JSON.parse(l) as { type: string; actor_name: unknown; reservation_id: string });
    expect(lines).toHaveLength(3);
    expect(
      lines.every(
        (e: { type: string; actor_name: unknown }) =>
          e.type === 'ReservationMade' && typeof e.actor_name === 'string',
      ),
    ).toBe(true);

    const shown = await runCli('show', lines[0]!.reservation_id);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(/Jetzt: /);
    expect((await runCli('list', '--type', 'Nope')).status).toBe(2);
  });
});

describe('50 simultaneous requests for one slot, split over two API processes', () => {
  it('leave exactly one reservation; the other 49 get 409', async () => {
    api.setNow(undefined);
    const members = await clubWithMembers(api.url);
    const other = await startApiProcess(database.url);
    try {
      const tomorrow = addDays(new Date().toISOString().slice(0, 10), 2);
      const players = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const { email } = await signUp(api.url, members.club._id);
          return (await loggedIn(i % 2 ? other.url : api.url, email)).client;
        }),
      );
      const responses = await Promise.all(
        players.map((client) =>
          client.post('/api/reservations', {
            club_id: members.club._id,
            court_num: '2',
            start_time: 15,
            end_time: 16,
            date: tomorrow,
          }),
        ),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(49);
      const held = await api
        .db('reservations')
        .where({ club_id: members.club._id, date: tomorrow, court_num: '2' });
      expect(held).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});
