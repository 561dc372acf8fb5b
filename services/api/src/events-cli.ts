/**
 * `npm run events -- <list|follow|show|rebuild|verify> [options]`: the reservation log for operators,
 * without SQL. Reads DATABASE_URL, or the embedded PostgreSQL that `npm start` runs.
 */
import { parseArgs } from 'node:util';
import { formatDateDe } from '@platzbuchung/domain/dates';
import { describeEvent, eventTitles } from '@platzbuchung/domain/reservations/describe';
import {
  reservationEventTypes,
  type EventEnvelope,
  type ReservationEventType,
} from '@platzbuchung/domain/reservations/events';
import { connectDb, type Db } from './db/connect';
import { listEvents, readStream, type EventFilter } from './reservations/event-store';
import { rebuildReadModel, verifyReadModel } from './reservations/rebuild';
import { RESERVATION_COLUMNS, toReservation } from './reservations/rows';

const EMBEDDED_URL = `postgres://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? 54329}/platzbuchung`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const usage = `Usage: npm run events -- <command> [options]

Commands:
  list                 the latest events (oldest first), filtered
  follow               print new events as they are appended (Ctrl+C ends)
  show <reservation>   one reservation's whole history and its current state
  rebuild              recreate the reservations read model from the events
  verify               rebuild into a scratch table and list every difference (exit 1 if any)

Filters (list, follow):
  --club <id|name>     one club
  --reservation <id>   one reservation
  --type <T[,T]>       ${reservationEventTypes.join(', ')}
  --user <id|e-mail>   events caused by this member
  --since <time>       at or after (ISO 8601, e.g. 2026-11-23 or 2026-11-23T10:00)
  --until <time>       before
  --after <position>   only events after this position
  --limit <n>          how many (list; default 50)
  --json               one JSON object per line instead of a table`;

class UsageError extends Error {}

interface Names {
  clubs: Map<string, string>;
  users: Map<string, string>;
}

async function loadNames(db: Db): Promise<Names> {
  const clubs = await db('clubs').select('id', 'name');
  const users = await db('users').select('id', 'first_name', 'last_name');
  return {
    clubs: new Map(clubs.map((c: { id: string; name: string }) => [c.id, c.name])),
    users: new Map(
      users.map((u: { id: string; first_name: string; last_name: string }) => [
        u.id,
        `${u.first_name} ${u.last_name}`,
      ]),
    ),
  };
}

async function resolveClub(db: Db, value: string): Promise<string> {
  if (UUID.test(value)) return value;
  const matches = await db('clubs').whereILike('name', `%${value}%`).select('id', 'name');
  if (matches.length !== 1) {
    throw new UsageError(
      matches.length
        ? `--club "${value}" matches ${matches.map((m: { name: string }) => m.name).join(', ')}`
        : `no club matches "${value}"`,
    );
  }
  return matches[0].id;
}

async function resolveUser(db: Db, value: string): Promise<string> {
  if (UUID.test(value)) return value;
  const user = await db('users').whereRaw('lower(email) = lower(?)', [value]).first('id');
  if (!user) throw new UsageError(`no member with e-mail "${value}"`);
  return user.id;
}

function parseTime(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${name} "${value}" is not a time`);
  return date;
}

function parsePositive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

function parseTypes(value: string | undefined): ReservationEventType[] | undefined {
  if (value === undefined) return undefined;
  const types = value.split(',').map((t) => t.trim());
  for (const type of types) {
    if (!(reservationEventTypes as readonly string[]).includes(type))
      throw new UsageError(`unknown --type "${type}"`);
  }
  return types as ReservationEventType[];
}

const localTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: process.env.APP_TIMEZONE ?? 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function asRow(event: EventEnvelope, names: Names): string[] {
  return [
    String(event.position),
    localTime.format(new Date(event.occurred_at)),
    names.clubs.get(event.club_id) ?? event.club_id.slice(0, 8),
    eventTitles[event.type],
    event.reservation_id.slice(0, 8),
    names.users.get(event.actor_id) ?? event.actor_id.slice(0, 8),
    describeEvent(event),
  ];
}

const HEADER = ['Pos', 'Zeit', 'Verein', 'Ereignis', 'Reserv.', 'Von', 'Was'];

function printTable(rows: string[][]): void {
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  console.log(line(HEADER));
  console.log(line(widths.map((w) => '─'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

function printEvents(events: EventEnvelope[], names: Names, json: boolean, header = true): void {
  if (json) {
    for (const event of events) {
      console.log(JSON.stringify({ ...event, actor_name: names.users.get(event.actor_id) ?? null }));
    }
  } else if (header) {
    printTable(events.map((e) => asRow(e, names)));
  } else {
    for (const event of events) console.log(asRow(event, names).join('  '));
  }
}

type Options = Record<string, string | boolean | undefined>;

async function filterFrom(db: Db, options: Options): Promise<EventFilter> {
  const str = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  return {
    clubId: str('club') && (await resolveClub(db, str('club')!)),
    reservationId: str('reservation'),
    types: parseTypes(str('type')),
    actorId: str('user') && (await resolveUser(db, str('user')!)),
    since: parseTime('since', str('since')),
    until: parseTime('until', str('until')),
    afterPosition: parsePositive('after', str('after')),
  };
}

async function list(db: Db, options: Options): Promise<void> {
  const filter = await filterFrom(db, options);
  const limit = parsePositive('limit', options.limit as string | undefined) ?? 50;
  const newestFirst = filter.afterPosition === undefined;
  const events = await listEvents(db, filter, { limit, newestFirst });
  if (newestFirst) events.reverse();
  if (!events.length && !options.json) console.log('(keine Ereignisse)');
  else printEvents(events, await loadNames(db), Boolean(options.json));
}

async function follow(db: Db, options: Options): Promise<void> {
  const filter = await filterFrom(db, options);
  let after =
    filter.afterPosition ?? Number((await db('reservation_events').max({ p: 'position' }).first())?.p ?? 0);
  let names = await loadNames(db);
  if (!options.json) console.log(`Warte auf neue Ereignisse nach Position ${after} … (Strg+C beendet)`);
  let stopped = false;
  process.on('SIGINT', () => {
    stopped = true;
  });
  while (!stopped) {
    const events = await listEvents(
      db,
      { ...filter, afterPosition: after },
      { limit: 500, newestFirst: false },
    );
    if (events.length) {
      if (events.some((e) => !names.users.has(e.actor_id) || !names.clubs.has(e.club_id)))
        names = await loadNames(db);
      printEvents(events, names, Boolean(options.json), false);
      after = events.at(-1)!.position;
    } else {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function show(db: Db, reservationId: string | undefined, options: Options): Promise<void> {
  if (!reservationId || !UUID.test(reservationId)) throw new UsageError('show needs a reservation id');
  const events = await readStream(db, reservationId);
  if (!events.length) throw new UsageError(`no events for reservation ${reservationId}`);
  const names = await loadNames(db);
  printEvents(events, names, Boolean(options.json));
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

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      club: { type: 'string' },
      reservation: { type: 'string' },
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
  const db = connectDb(process.env.DATABASE_URL ?? EMBEDDED_URL, { max: 2 });
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
      case 'rebuild': {
        const started = performance.now();
        const rows = await rebuildReadModel(db);
        console.log(
          `read model rebuilt: ${rows} reservations in ${Math.round(performance.now() - started)} ms`,
        );
        return 0;
      }
      case 'verify': {
        const { rows, differences } = await verifyReadModel(db);
        if (!differences.length) {
          console.log(`read model verified: ${rows} reservations, no difference`);
          return 0;
        }
        console.log(`${differences.length} difference(s) between the live read model and the events:`);
        for (const difference of differences) console.log(JSON.stringify(difference));
        return 1;
      }
      default:
        throw new UsageError(`unknown command "${command}"\n\n${usage}`);
    }
  } finally {
    await db.destroy();
  }
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
