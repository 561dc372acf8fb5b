/**
 * What a member's data export ("Meine Daten", `GET /api/account/export`) may cost (docs/security/cost.md,
 * "The data export reads one member's rows"): a few exports per member in 15 minutes, and each one
 * reads the member's rows of the log, not the club's.
 */
import { describe, expect, it } from 'vitest';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import { exportAccount, type AccountExport } from '../src/accounts/export';
import { defaultRateLimits } from '../src/accounts/rate-limits';
import { apiForFile } from './support/api-for-file';
import { clubWithMembers, loggedIn, signUp } from './support/fixtures';

const api = apiForFile({ now: new Date('2026-11-23T08:00:00Z') });
const NEXT_MONDAY = '2026-11-30';
/** Another member's bookings, more than the member's by far. */
const OTHERS = 5_000;

describe('the data export is counted', () => {
  it(`answers ${defaultRateLimits.accountExportsPerUser} exports per member in 15 minutes, then 429 in German with Retry-After; other members are not held up`, async () => {
    const { club, player, admin } = await clubWithMembers(api.url);
    for (let i = 0; i < defaultRateLimits.accountExportsPerUser; i++) {
      expect((await player.client.get('/api/account/export')).status).toBe(200);
    }
    const refused = await player.client.get<{ error: string }>('/api/account/export');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(accountTexts.exportTooOften);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-disposition')).toBeNull();

    expect((await admin.client.get('/api/account/export')).status).toBe(200);
    const other = await loggedIn(api.url, (await signUp(api.url, club._id)).email);
    expect((await other.client.get('/api/account/export')).status).toBe(200);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows a plan read from `events` (kept and filtered out), and the ways it read them. */
function eventsRead(node: PlanNode): { rows: number; scans: string[] } {
  const own =
    node['Relation Name'] === 'events'
      ? {
          rows:
            (node['Actual Rows'] +
              (node['Rows Removed by Filter'] ?? 0) +
              (node['Rows Removed by Index Recheck'] ?? 0)) *
            node['Actual Loops'],
          scans: [`${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`],
        }
      : { rows: 0, scans: [] };
  return (node.Plans ?? [])
    .map(eventsRead)
    .reduce((sum, child) => ({ rows: sum.rows + child.rows, scans: [...sum.scans, ...child.scans] }), own);
}

describe('the data export reads one member’s rows', () => {
  it(`reads the member's events only, in a club whose log holds ${OTHERS} events of another member`, async () => {
    const { club, admin, player } = await clubWithMembers(api.url);
    const book = (court: string, start: number) =>
      player.client.post('/api/reservations', {
        club_id: club._id,
        court_num: court,
        start_time: start,
        end_time: start + 1,
        date: NEXT_MONDAY,
      });
    expect((await book('1', 10)).status).toBe(201);
    expect((await book('2', 12)).status).toBe(201);
    // Another member's long history: bookings made and called off by them, all in this club's log.
    await api.db.raw(
      `INSERT INTO events (club_seq, stream_type, stream_id, version, club_id, type, data, actor_id, occurred_at)
       SELECT (SELECT max(club_seq) FROM events WHERE club_id = :club) + n, 'reservation', gen_random_uuid(), 1,
              :club, 'ReservationMade',
              jsonb_build_object('club_id', :club::text, 'user_id', :other::text, 'court_num', '3',
                'start_time', 8, 'end_time', 9, 'date', '2025-01-01', 'recurring', false),
              :other, now()
       FROM generate_series(1, :count) AS n`,
      { club: club._id, other: admin.user._id, count: OTHERS },
    );
    await api.db.raw('ANALYZE events');

    const queries: { sql: string; bindings: readonly unknown[] }[] = [];
    const record = (query: { sql: string; bindings?: readonly unknown[] }) => {
      if (query.sql.includes('"events"') && query.bindings?.includes(player.user._id)) {
        queries.push({ sql: query.sql, bindings: query.bindings });
      }
    };
    api.db.on('query', record);
    let exported: AccountExport | undefined;
    try {
      exported = await exportAccount(api.db, player.user._id, new Date('2026-11-23T08:00:00Z'));
    } finally {
      api.db.off('query', record);
    }
    expect(exported?.bookings).toHaveLength(2);
    expect(queries.length).toBeGreaterThanOrEqual(2);

    const ownEvents = Number(
      (
        await api
          .db('events')
          .where({ club_id: club._id })
          .andWhere((q) => q.where({ actor_id: player.user._id }).orWhere({ stream_id: player.user._id }))
          .count({ n: '*' })
      )[0]!.n,
    );
    for (const { sql, bindings } of queries) {
      // Recorded as sent, with $1, $2 … in order: knex binds `?`.
      const { rows } = await api.db.raw(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${sql.replace(/\$\d+/g, '?')}`,
        bindings as never,
      );
      const read = eventsRead((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
      // The member's events, each found once or twice (its opening and its stream); never the club's.
      expect(read.rows, `${sql}\nread by ${read.scans.join(', ')}`).toBeLessThanOrEqual(4 * ownEvents + 4);
    }
  });
});
