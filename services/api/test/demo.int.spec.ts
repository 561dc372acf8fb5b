import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import type { PasswordHasher } from '../src/accounts/passwords';
import type { Db } from '../src/db/connect';
import { DEMO_CLUB_NAME, seedDemo } from '../src/demo';
import { listReservations } from '../src/reservations/window-list';
import { blocksBetween } from '../src/projections/blocks';
import { createTestDatabase } from './support/test-api';
import { verifyProjections } from '../src/projections/registry';

/** bcrypt's cost is not what this test is about. */
const fastHasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (password, hash) => hash === `plain:${password}`,
  close: async () => {},
};

// A Monday morning in November: the whole week ahead is bookable.
const clock = { now: new Date('2026-11-23T07:00:00Z'), timeZone: 'Europe/Berlin' };
const WEEK = { from: '2026-11-23', to: '2026-11-29' };

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('the demo club', () => {
  it('has twelve members and a realistic week: singles, training series, a team match, a court block', async () => {
    const { clubId, booked } = await seedDemo(db, fastHasher, clock);
    const members: { id: string; role: string }[] = await db('users')
      .where({ club_id: clubId })
      .select('id', 'role');
    expect(members).toHaveLength(12);
    expect(members.filter((m) => m.role === 'admin')).toHaveLength(1);
    // Demo members get notices from the start (docs/architecture/mail.md, "Confirmed addresses").
    expect(await db('users').where({ club_id: clubId }).whereNull('email_confirmed_at').pluck('id')).toEqual(
      [],
    );

    const week = await listReservations(db, clubId, WEEK);
    const singles = week.filter((r) => !r.recurring && !r.label);
    const series = week.filter((r) => r.recurring);
    expect(singles.length).toBeGreaterThanOrEqual(25);
    expect(series.map((r) => r.label).sort()).toEqual(['Jugendtraining', 'Training Herren 40']);
    // Every day of the week has something on the grid.
    for (let day = 0; day < 7; day++) {
      expect(singles.some((r) => r.date === addDays(WEEK.from, day))).toBe(true);
    }
    // Players book within the club's limit of three, naming who plays: a singles is one hour,
    // a doubles (three co-players) two, and a guest plays with a member (docs/who-plays.md).
    const perPlayer = new Map<string, number>();
    for (const r of singles) {
      expect(r.end_time - r.start_time).toBe(r.players?.length === 3 ? 2 : 1);
      expect([1, 3]).toContain(r.players?.length);
      perPlayer.set(r.user_id, (perPlayer.get(r.user_id) ?? 0) + 1);
    }
    expect(singles.some((r) => r.players?.length === 1 && 'user_id' in r.players[0]!)).toBe(true);
    expect(singles.some((r) => r.players?.length === 3)).toBe(true);
    expect(singles.some((r) => r.players?.some((p) => 'guest_name' in p))).toBe(true);
    expect(perPlayer.size).toBe(11);
    expect(Math.max(...perPlayer.values())).toBeLessThanOrEqual(3);

    // The admin's team match: one booking over two courts, linked as a group.
    const match = week.filter((r) => r.label === 'Medenspiel Damen 30');
    expect(match.map((r) => r.court_num).sort()).toEqual(['3', '4']);
    expect(new Set(match.map((r) => r.group_id)).size).toBe(1);
    expect(match[0]?.group_id).toBeTruthy();

    // Court 6 closed for maintenance, and nobody booked into it.
    const blocks = await blocksBetween(db, clubId, WEEK.from, WEEK.to);
    expect(blocks).toEqual([expect.objectContaining({ court_nums: ['6'], reason: 'Platzpflege' })]);
    const [block] = blocks;
    const inBlock = week.filter(
      (r) =>
        r.court_num === '6' &&
        !r.recurring &&
        `${r.date}T${String(r.start_time).padStart(2, '0')}:00` >= block!.from &&
        `${r.date}T${String(r.start_time).padStart(2, '0')}:00` < block!.until,
    );
    expect(inBlock).toEqual([]);
    expect(booked).toBeGreaterThanOrEqual(30);
  });

  it('has the four weeks before played too, so the admin’s figures open on a filled month', async () => {
    const clubId: string = (await db('clubs').where({ name: DEMO_CLUB_NAME }).first('id')).id;
    for (let weeksAgo = 1; weeksAgo <= 4; weeksAgo++) {
      const from = addDays(WEEK.from, -7 * weeksAgo);
      const past = await listReservations(db, clubId, { from, to: addDays(from, 6) });
      expect(past.filter((r) => !r.recurring && !r.label).length).toBeGreaterThanOrEqual(25);
      expect(
        past
          .filter((r) => r.recurring)
          .map((r) => r.label)
          .sort(),
      ).toEqual(['Jugendtraining', 'Training Herren 40']);
    }
    // The training series began four weeks ago and run on; each booking was made on its week's clock.
    const series: { date: string }[] = await db('reservations')
      .where({ club_id: clubId, recurring: true })
      .select('date');
    expect(series.map((r) => r.date).sort()).toEqual([addDays(WEEK.from, -27), addDays(WEEK.from, -26)]);
    const first: { occurred_at: Date } = await db('events')
      .where({ club_id: clubId, type: 'ReservationMade' })
      .orderBy('position')
      .first('occurred_at');
    expect(first.occurred_at.toISOString()).toBe('2026-10-26T07:00:00.000Z');
  });

  it('charges floodlight and guests onto the members’ accounts, so its Kasse shows balances', async () => {
    const clubId: string = (await db('clubs').where({ name: DEMO_CLUB_NAME }).first('id')).id;
    const balances: { balance_cents: string }[] = await db('account_balances')
      .where({ club_id: clubId })
      .select('balance_cents');
    expect(balances.filter((b) => Number(b.balance_cents) > 0).length).toBeGreaterThanOrEqual(5);
    const evening: { cents: string }[] = await db('account_entries')
      .where({ club_id: clubId, kind: 'charge' })
      .whereRaw("text LIKE '%18-19 Uhr%'")
      .select('cents');
    expect(evening.length).toBeGreaterThan(0);
    // Floodlight alone, or with a guest's fee of 5 € for the hour.
    expect(new Set(evening.map((line) => Number(line.cents)))).toEqual(new Set([300, 800]));
    const [verified] = await verifyProjections(db, ['account-balances']);
    expect(verified!.differences).toEqual([]);
  });

  it('changes nothing when seeded again', async () => {
    const before = Number((await db('events').count({ n: '*' }))[0]!.n);
    const again = await seedDemo(db, fastHasher, clock);
    expect(again.booked).toBe(0);
    expect(Number((await db('events').count({ n: '*' }))[0]!.n)).toBe(before);
    expect(Number((await db('clubs').where({ name: DEMO_CLUB_NAME }).count({ n: '*' }))[0]!.n)).toBe(1);
    expect(Number((await db('users').count({ n: '*' }))[0]!.n)).toBe(12);
  });
});
