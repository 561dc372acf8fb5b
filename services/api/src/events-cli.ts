/**
 * `npm run events -- <list|follow|show|export|rebuild|verify> [options]`: the event log for operators,
 * without SQL. Reads DATABASE_URL, or the embedded PostgreSQL that `npm start` runs.
 */
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { formatDateDe } from '@platzbuchung/domain/dates';
import { eventTypes, streamTypes, type StreamType } from '@platzbuchung/domain/events/catalogue';
import { ConfigError, readToolConfig } from './config';
import { connectDb, type Db } from './db/connect';
import { logEnd, readCommitted, type LogCursor } from './events/reader';
import { listEvents, readStream } from './events/store';
import { RESERVATION_COLUMNS, toReservation } from './projections/reservation-rows';
import { projections, rebuildProjections, verifyProjections } from './projections/registry';
import { filterFrom, parsePositive, resolveClub, UsageError, type Options } from './events-cli/arguments';
import { eventLines } from './exports/event-lines';
import { loadNames, printEvents } from './events-cli/table';
import { isUuid } from '@platzbuchung/domain/shapes';

const toolConfig = readToolConfigOrExit();

const usage = `Usage: npm run events -- <command> [options]

Commands:
  list                 the latest events (oldest first), filtered
  follow               print every event as it commits, none skipped, none twice (Ctrl+C ends)
  show <stream id>     one stream's whole history (a reservation: also its current state)
  export               the log as JSON Lines on stdout, one event a line, streamed
                       (--club <id|name>: that club's, numbered by its own positions;
                       --after <position>: resume behind the last line of an earlier export)
  rebuild              recreate the read models from the events (--projection to choose)
  verify               replay beside the read models and list every difference (exit 1 if any)

Filters (list, follow):
  --club <id|name>     one club
  --stream-type <S>    ${streamTypes.join(', ')}
  --stream <id>        one stream (a reservation's, club's or member's id)
  --reservation <id>   one reservation (same as --stream-type reservation --stream <id>)
  --type <T[,T]>       ${eventTypes.join(', ')}
  --user <id|e-mail>   events caused by this member
  --since <time>       at or after (ISO 8601, e.g. 2026-11-23 or 2026-11-23T10:00)
  --until <time>       before
  --after <position>   only events after this position
  --limit <n>          how many (list; default 50)
  --json               one JSON object per line instead of a table

Rebuild and verify:
  --projection <P[,P]> ${projections.map((p) => p.name).join(', ')} (default: all)`;

async function list(db: Db, options: Options): Promise<void> {
  const filter = await filterFrom(db, options);
  const limit = parsePositive('limit', options.limit as string | undefined) ?? 50;
  const newestFirst = filter.afterPosition === undefined;
  const events = await listEvents(db, filter, { limit, newestFirst });
  if (newestFirst) events.reverse();
  if (!events.length && !options.json) console.log('(keine Ereignisse)');
  else printEvents(events, await loadNames(db, toolConfig.timeZone), Boolean(options.json));
}

/**
 * Prints each event once it has committed, in the order the settled log grows (see
 * events/reader): none is skipped when a later position commits first, none is printed twice.
 */
async function follow(db: Db, options: Options): Promise<void> {
  const { afterPosition, ...filter } = await filterFrom(db, options);
  let cursor: LogCursor = await logEnd(db);
  if (afterPosition !== undefined) cursor = { transaction_id: '0', position: afterPosition };
  let names = await loadNames(db, toolConfig.timeZone);
  if (!options.json) console.log('Warte auf neue Ereignisse … (Strg+C beendet)');
  let stopped = false;
  process.on('SIGINT', () => {
    stopped = true;
  });
  process.on('SIGTERM', () => {
    stopped = true;
  });
  while (!stopped) {
    const page = await readCommitted(db, cursor, 500, filter);
    // --after counts positions; the reader's order is by transaction first, so filter here as well.
    const events = page.events.filter((e) => afterPosition === undefined || e.position > afterPosition);
    cursor = page.cursor;
    if (events.length) {
      if (events.some((e) => !names.users.has(e.actor_id) || !names.clubs.has(e.club_id)))
        names = await loadNames(db, toolConfig.timeZone);
      printEvents(events, names, Boolean(options.json), false);
    }
    if (page.events.length < 500)
      await new Promise((resolve) => setTimeout(resolve, toolConfig.followPollMs));
  }
}

/**
 * Writes the log as JSON Lines to stdout (docs/architecture/exports.md), waiting for stdout to
 * take each batch, so a million events go out without being held in memory.
 */
async function exportLines(db: Db, options: Options): Promise<void> {
  const clubId = typeof options.club === 'string' ? await resolveClub(db, options.club) : undefined;
  const after = parsePositive('after', options.after as string | undefined);
  await pipeline(
    eventLines(db, { ...(clubId ? { clubId } : {}), ...(after === undefined ? {} : { after }) }),
    process.stdout,
    { end: false },
  );
}

async function show(db: Db, streamId: string | undefined, options: Options): Promise<void> {
  if (!isUuid(streamId)) throw new UsageError('show needs a stream id (UUID)');
  const streamType = await streamTypeOfId(db, streamId);
  if (!streamType) throw new UsageError(`no events for stream ${streamId}`);
  const events = await readStream(db, streamType, streamId);
  const names = await loadNames(db, toolConfig.timeZone);
  printEvents(events, names, Boolean(options.json));
  if (streamType !== 'reservation') return;
  const reservationId = streamId;
  const row = await db('reservations')
    .where({ id: reservationId })
    .first([...RESERVATION_COLUMNS]);
  const state = row ? toReservation(row) : null;
  if (options.json) {
    console.log(JSON.stringify({ state }));
  } else if (!state) {
    console.log('\nJetzt: gelöscht');
  } else {
    const series = state.recurring ? `wöchentlich ab ${formatDateDe(state.date)}` : formatDateDe(state.date);
    const end = state.end_date ? `, endet vor ${formatDateDe(state.end_date)}` : '';
    const skipped = state.deleted_dates.length
      ? `, ohne ${state.deleted_dates.map(formatDateDe).join(', ')}`
      : '';
    console.log(
      `\nJetzt: Platz ${state.court_num}, ${series}${end}${skipped}, ${state.start_time}-${state.end_time} Uhr`,
    );
  }
}

/** A stream id names one stream; its type is whatever its events say. */
async function streamTypeOfId(db: Db, streamId: string): Promise<StreamType | undefined> {
  const row = await db('events').where({ stream_id: streamId }).first('stream_type');
  return row?.stream_type;
}

function printReports(
  verb: string,
  reports: { name: string; rows: number; differences: unknown[] }[],
  ms?: number,
): number {
  let differences = 0;
  for (const report of reports) {
    const count = report.differences.length;
    const suffix = verb !== 'verified' ? '' : count ? `, ${count} difference(s)` : ', no difference';
    console.log(`${report.name}: ${verb} ${report.rows} rows${suffix}`);
    for (const difference of report.differences) console.log(`  ${JSON.stringify(difference)}`);
    differences += report.differences.length;
  }
  if (ms !== undefined) console.log(`in ${Math.round(ms)} ms`);
  return differences === 0 ? 0 : 1;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      club: { type: 'string' },
      reservation: { type: 'string' },
      'stream-type': { type: 'string' },
      stream: { type: 'string' },
      projection: { type: 'string' },
      type: { type: 'string' },
      user: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      after: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, argument] = positionals;
  if (!command || values.help) {
    console.log(usage);
    return command ? 0 : 2;
  }
  const db = connectDb(toolConfig.databaseUrl, { max: 2 });
  try {
    switch (command) {
      case 'list':
        await list(db, values);
        return 0;
      case 'follow':
        await follow(db, values);
        return 0;
      case 'show':
        await show(db, argument, values);
        return 0;
      case 'export':
        await exportLines(db, values);
        return 0;
      case 'rebuild': {
        const started = performance.now();
        const reports = await rebuildProjections(db, projectionNames(values.projection));
        return printReports('rebuilt', reports, performance.now() - started);
      }
      case 'verify':
        return printReports('verified', await verifyProjections(db, projectionNames(values.projection)));
      default:
        throw new UsageError(`unknown command "${command}"\n\n${usage}`);
    }
  } finally {
    await db.destroy();
  }
}

function readToolConfigOrExit(): ReturnType<typeof readToolConfig> {
  try {
    return readToolConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

function projectionNames(value: string | boolean | undefined): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const names = value.split(',').map((name) => name.trim());
  const known = projections.map((p) => p.name);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new UsageError(`unknown --projection ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return names;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(error.message);
    else if ((error as { code?: string }).code === 'ECONNREFUSED') {
      console.error('Cannot reach the database: set DATABASE_URL, or run `npm start` for the embedded one.');
    } else console.error(error);
    process.exit(2);
  },
);
