/**
 * The event log's export as JSON Lines (docs/architecture.md, "Exports"): streamed from a database
 * cursor, so 100,000 events go out with the memory of a batch, and resumable by position, from the
 * admin's route and from `npm run events -- export`.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { eventLines, type EventLine } from '../src/exports/event-lines';
import { apiForFile } from './support/api-for-file';
import { runEventsCli } from './support/events-cli';
import { clubWithMembers } from './support/fixtures';

const api = apiForFile({ now: new Date('2026-11-23T09:30:00Z') });
const EVENTS = 100_000;

/** `count` events of one club, written straight into the log (their content does not matter here). */
async function manyEvents(clubId: string, actorId: string, count: number): Promise<void> {
  await api.db.raw(
    `INSERT INTO events (club_seq, stream_type, stream_id, version, club_id, type, data, actor_id, occurred_at)
     SELECT (SELECT coalesce(max(club_seq), 0) FROM events WHERE club_id = :club) + n, 'reservation',
            gen_random_uuid(), 1, :club, 'ReservationCancelled',
            jsonb_build_object('delete_type', 'all'), :actor, now()
     FROM generate_series(1, :count) AS n`,
    { club: clubId, actor: actorId, count },
  );
}

describe('the export of a large log', { timeout: 180_000 }, () => {
  it('streams 100,000 events with bounded memory, every line once and in order', async () => {
    const { club, admin } = await clubWithMembers(api.url);
    await manyEvents(club._id, admin.user._id, EVENTS);

    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    let peakRss = rssBefore;
    let peakHeap = heapBefore;
    let lines = 0;
    let lastPosition = 0;
    let inOrder = true;
    let partial = '';
    const started = performance.now();
    await pipeline(
      eventLines(api.db, { clubId: club._id }),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          const text = partial + chunk.toString('utf8');
          const complete = text.split('\n');
          partial = complete.pop() ?? '';
          for (const line of complete) {
            const { position } = JSON.parse(line) as EventLine;
            inOrder &&= position === lastPosition + 1;
            lastPosition = position;
            lines++;
          }
          if (lines % 5000 < complete.length) {
            const usage = process.memoryUsage();
            peakRss = Math.max(peakRss, usage.rss);
            peakHeap = Math.max(peakHeap, usage.heapUsed);
          }
          done();
        },
      }),
    );
    const ms = performance.now() - started;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      `export of ${lines} events: ${Math.round(ms)} ms, peak RSS growth ${mb(peakRss - rssBefore)} MB, ` +
        `peak heap growth ${mb(peakHeap - heapBefore)} MB`,
    );
    expect(lines).toBe(EVENTS);
    expect(inOrder).toBe(true);
    expect(partial).toBe('');
    // A generous bound: holding 100,000 events at once takes several times this.
    expect(peakRss - rssBefore).toBeLessThan(50 * 1024 * 1024);
    expect(peakHeap - heapBefore).toBeLessThan(50 * 1024 * 1024);
  });
});

describe('npm run events -- export', { timeout: 120_000 }, () => {
  it('writes a club’s events as JSON Lines and resumes after a position; the whole log has global positions', async () => {
    const { club, admin } = await clubWithMembers(api.url);
    await manyEvents(club._id, admin.user._id, 5);
    const url = api.databaseUrl!;

    const all = await runEventsCli(url, 'export', '--club', club._id);
    expect(all.status, all.stderr).toBe(0);
    const lines = all.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as EventLine);
    expect(lines.map((line) => line.position)).toEqual([1, 2, 3, 4, 5]);
    expect(lines[0]).toMatchObject({ type: 'ReservationCancelled', version: 1, actor: admin.user._id });

    const rest = await runEventsCli(url, 'export', '--club', club._id, '--after', '3');
    expect(
      rest.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as EventLine),
    ).toEqual(lines.slice(3));

    // The whole log (less the large one above, which would not fit the test's output buffer).
    const { rows } = await api.db.raw('SELECT min(position) AS first FROM events WHERE club_id = ?', [
      club._id,
    ]);
    const whole = await runEventsCli(url, 'export', '--after', String(Number(rows[0].first) - 1));
    const global = whole.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as EventLine);
    const positions = global.map((line) => line.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(global.filter((line) => line.club_id === club._id)).toHaveLength(5);

    const refused = await runEventsCli(url, 'export', '--after', 'gestern');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--after must be a whole number');
  });
});
