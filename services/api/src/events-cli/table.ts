/** The event log as the CLI prints it: a table on the clubs' walls, or JSON lines. */
import { clubWallClock } from '@platzbuchung/domain/club-time';
import { courtName } from '@platzbuchung/domain/courts';
import { formatDayDe } from '@platzbuchung/domain/dates';
import {
  describeEvent,
  eventTitles,
  streamIdOf,
  streams,
  type EventEnvelope,
} from '@platzbuchung/domain/events/catalogue';
import type { CourtNames } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';

export interface Names {
  clubs: Map<string, string>;
  /** Each club's time zone: an event's time is shown on its club's wall. */
  zones: Map<string, string>;
  users: Map<string, string>;
  /** What each club calls its courts, so a line says "Center Court" as the admin's log does. */
  courtNames: Map<string, CourtNames>;
  /** For a club registered since the names were read: the app's time zone (APP_TIMEZONE). */
  fallbackZone: string;
}

export async function loadNames(db: Db, fallbackZone: string): Promise<Names> {
  const clubs: { id: string; name: string; time_zone: string; court_names: CourtNames }[] = await db(
    'clubs',
  ).select('id', 'name', 'time_zone', 'court_names');
  const users = await db('users').select('id', 'first_name', 'last_name');
  return {
    fallbackZone,
    clubs: new Map(clubs.map((c) => [c.id, c.name])),
    zones: new Map(clubs.map((c) => [c.id, c.time_zone])),
    courtNames: new Map(clubs.map((c) => [c.id, c.court_names])),
    users: new Map(
      users.map((u: { id: string; first_name: string; last_name: string }) => [
        u.id,
        `${u.first_name} ${u.last_name}`,
      ]),
    ),
  };
}

/** "23.11.2026, 14:03:05" on the club's wall; a club registered since the names were read: APP_TIMEZONE's. */
function localTime(event: EventEnvelope, names: Names): string {
  const zone = names.zones.get(event.club_id) ?? names.fallbackZone;
  const { date, time } = clubWallClock(zone, new Date(event.occurred_at));
  return `${formatDayDe(date)}, ${time}`;
}

function asRow(event: EventEnvelope, names: Names): string[] {
  return [
    String(event.position),
    localTime(event, names),
    names.clubs.get(event.club_id) ?? event.club_id.slice(0, 8),
    eventTitles[event.type],
    `${streams[event.stream_type].label} ${streamIdOf(event).slice(0, 8)}`,
    names.users.get(event.actor_id) ?? event.actor_id.slice(0, 8),
    describeEvent(
      event,
      (id) => names.users.get(id),
      undefined,
      (court) => courtName({ court_names: names.courtNames.get(event.club_id) }, court),
    ),
  ];
}

const HEADER = ['Pos', 'Zeit', 'Verein', 'Ereignis', 'Betrifft', 'Von', 'Was'];

function printTable(rows: string[][]): void {
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  console.log(line(HEADER));
  console.log(line(widths.map((w) => '─'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

export function printEvents(events: EventEnvelope[], names: Names, json: boolean, header = true): void {
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
