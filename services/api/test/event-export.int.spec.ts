/**
 * The event log's export as JSON Lines (docs/architecture/exports.md): read in pages, so 100,000
 * events go out with the memory of a page, resumable by position, from the admin's route and from
 * `npm run events -- export`; and slow readers hold no connection, a bounded number of slots, and
 * not for ever (docs/security/cost.md, "Exports that wait for their reader").
 */
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { exportTexts } from '@platzbuchung/domain/exports/texts';
import { eventLines, type EventLine } from '../src/exports/event-lines';
import { apiForFile } from './support/api-for-file';
import { waitUntil } from './support/event-log';
import { runEventsCli } from './support/events-cli';
import { clubWithMembers, type Members } from './support/fixtures';

/** An export whose reader takes nothing for this long is ended (EVENT_EXPORT_STALL_MS). */
const STALL_MS = 5_000;
const logLines: string[] = [];
const api = apiForFile({
  now: new Date('2026-11-23T09:30:00Z'),
  env: { EVENT_EXPORT_STALL_MS: String(STALL_MS) },
  logDestination: { write: (line: string) => void logLines.push(line) },
});
const stalledExports = () =>
  logLines.filter((line) => line.includes('event log export ended: its reader took nothing')).length;
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

/** A download that reads the answer's head and then nothing more, as a stalled client does. */
interface SlowReader {
  status: number;
  socket: Socket;
  /** Reads on to where the server ended the connection: the bytes received in all. */
  readToTheEnd(): Promise<number>;
}

async function slowReader(path: string, cookie: string): Promise<SlowReader> {
  const { hostname, port } = new URL(api.url);
  const socket = connect(Number(port), hostname);
  let received = 0;
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n\r\n`);
  const head = await new Promise<string>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      resolve(text);
    };
    socket.on('data', onData);
  });
  return {
    status: Number(head.split(' ')[1]),
    socket,
    readToTheEnd: () => {
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      socket.resume();
      return closed;
    },
  };
}

/** Connections of the API's pool lent out right now. */
const pooledInUse = () => (api.db.client as { pool: { numUsed(): number } }).pool.numUsed();

const exportPath = ({ club }: Members) => `/api/admin/events/export?club_id=${club._id}`;

describe('exports that wait for their reader', { timeout: 180_000 }, () => {
  it('eight stalled downloads hold no connection: a club gets two, the process eight, and other clubs are still served', async () => {
    const clubs = await Promise.all(Array.from({ length: 5 }, () => clubWithMembers(api.url)));
    const busy = clubs.slice(0, 4);
    // Far more than the socket buffers between server and reader hold, so the readers stall the export.
    for (const { club, admin } of busy) await manyEvents(club._id, admin.user._id, 30_000);

    const readers = await Promise.all(
      busy.flatMap((members) =>
        [1, 2].map(() => slowReader(exportPath(members), members.admin.client.cookieHeader())),
      ),
    );
    expect(readers.map((reader) => reader.status)).toEqual(Array(8).fill(200));

    const third = await busy[0]!.admin.client.get<{ error: string }>(exportPath(busy[0]!));
    expect(third.status).toBe(429);
    expect(third.body.error).toBe(exportTexts.tooManyEventExports(2));
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    const quiet = clubs[4]!;
    const ninth = await quiet.admin.client.get<{ error: string }>(exportPath(quiet));
    expect(ninth.status).toBe(503);
    expect(ninth.body.error).toBe(exportTexts.eventExportsBusy);

    // Between pages an export holds no connection: the pool is free for everyone else.
    await waitUntil('the stalled exports hold no connection', () => pooledInUse() === 0, 10_000);
    const started = performance.now();
    const grid = await quiet.player.client.get(`/api/reservations?club_id=${quiet.club._id}`);
    const log = await quiet.admin.client.get(`/api/events?club_id=${quiet.club._id}`);
    expect([grid.status, log.status]).toEqual([200, 200]);
    expect(performance.now() - started).toBeLessThan(STALL_MS);
    expect(readers.every((reader) => !reader.socket.destroyed)).toBe(true);

    // Taking nothing for STALL_MS, each download is ended where it stood, and its slot is free again.
    await waitUntil('the stalled downloads are ended', () => stalledExports() === 8, STALL_MS * 6);
    const again = await fetch(`${api.url}${exportPath(busy[0]!)}`, {
      headers: { Cookie: busy[0]!.admin.client.cookieHeader() },
    });
    expect(again.status).toBe(200);
    const text = await again.text();
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(30_000);
    expect(lines.map((line) => (JSON.parse(line) as EventLine).position)).toEqual(lines.map((_, i) => i + 1));
    // Each stalled reader, reading on, finds its download cut short (its head and lines, less than all).
    for (const received of await Promise.all(readers.map((reader) => reader.readToTheEnd()))) {
      expect(received).toBeLessThan(Buffer.byteLength(text));
    }
    expect(pooledInUse()).toBe(0);
    expect((await quiet.admin.client.get(exportPath(quiet))).status).toBe(200);
  });

  it('a reader that leaves gives its slot back at once', async () => {
    const members = await clubWithMembers(api.url);
    await manyEvents(members.club._id, members.admin.user._id, 30_000);
    for (let i = 0; i < 3; i++) {
      const [first, second] = await Promise.all(
        [1, 2].map(() => slowReader(exportPath(members), members.admin.client.cookieHeader())),
      );
      expect([first!.status, second!.status]).toEqual([200, 200]);
      first!.socket.destroy();
      second!.socket.destroy();
      await waitUntil(
        'the slots are free again',
        async () => (await members.admin.client.get(exportPath(members))).status === 200,
        5_000,
      );
    }
  });
});
