import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMoment } from '@platzbuchung/domain/dates';
import { verifyProjections } from '@platzbuchung/api/projections/registry';
import { dropNationalDatabase, nationalDatabase, type NationalDatabase } from '../src/national/database';
import { eventsOf, planClubs, type NationalShape } from '../src/national/shape';
import { BENCH_TIME_ZONE } from '../src/support/seed';

/** The national generator at a small scale: what it writes is a log the product could have written. */
const shape: NationalShape = { clubs: 20, events: 5_000, membersPerClub: 15, days: 60 };
const name = `pb_bench_national_test_${randomBytes(4).toString('hex')}`;
const today = localMoment(new Date(), BENCH_TIME_ZONE).date;

describe('the national generator, 20 clubs and 5,000 events', () => {
  let database: NationalDatabase;

  beforeAll(async () => {
    database = await nationalDatabase(name, shape, today, () => {});
  });

  afterAll(async () => {
    await database?.close();
    await dropNationalDatabase(name);
  });

  it('writes the planned clubs, members and events, and marks the database with its generator', () => {
    const plans = planClubs(shape);
    expect(database.fresh).toBe(true);
    expect(database.marker.generated).toMatchObject({
      clubs: 20,
      members: plans.reduce((sum, plan) => sum + plan.members, 0),
      events: plans.reduce((sum, plan) => sum + eventsOf(plan), 0),
    });
    // Sizes are spread, but the total is what was asked for, within rounding.
    expect(Math.abs(database.marker.generated.events - shape.events)).toBeLessThan(shape.clubs * 2);
  });

  it('gives every club its own numbers 1…n without gaps, in the order of the log', async () => {
    const { rows } = await database.db.raw(`
      SELECT count(*)::int AS clubs_out_of_order FROM (
        SELECT club_id, bool_and(club_seq = n) AS numbered FROM (
          SELECT club_id, club_seq, row_number() OVER (PARTITION BY club_id ORDER BY position) AS n FROM events
        ) e GROUP BY club_id
      ) c WHERE NOT numbered`);
    expect(rows[0].clubs_out_of_order).toBe(0);
  });

  it('refers only to clubs and members that exist, and holds no slot twice', async () => {
    const { rows } = await database.db.raw(`
      SELECT (SELECT count(*) FROM events e WHERE NOT EXISTS (SELECT FROM clubs c WHERE c.id = e.club_id))::int AS clubless,
             (SELECT count(*) FROM events e WHERE NOT EXISTS
                (SELECT FROM users u WHERE u.id = e.actor_id AND u.club_id = e.club_id))::int AS strangers,
             (SELECT count(*) FROM (
                SELECT 1 FROM reservations r, generate_series(r.start_time, r.end_time - 1) h
                WHERE NOT r.recurring GROUP BY r.club_id, r.court_num, r.date, h HAVING count(*) > 1) d)::int AS doubled`);
    expect(rows[0]).toEqual({ clubless: 0, strangers: 0, doubled: 0 });
  });

  it('leaves read models that equal the replay of the log', async () => {
    const reports = await verifyProjections(database.db);
    expect(reports.find((r) => r.name === 'reservations')!.rows).toBeGreaterThan(shape.events * 0.9);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
  });

  it('keeps the database on the next run instead of generating it again', async () => {
    const again = await nationalDatabase(name, shape, today, () => {});
    try {
      expect(again.fresh).toBe(false);
      expect(again.marker).toEqual(database.marker);
    } finally {
      await again.close();
    }
  });
});
