/** The CLI's options read and checked: each refusal names the option and what it accepts. */
import {
  eventTypes,
  isEventType,
  streamTypes,
  type EventType,
  type StreamType,
} from '@platzbuchung/domain/events/catalogue';
import type { Db } from '../db/connect';
import type { EventFilter } from '../events/store';
import { isUuid } from '@platzbuchung/domain/shapes';

/** A mistake in the command line: printed with the usage. */
export class UsageError extends Error {}

export type Options = Record<string, string | boolean | undefined>;

export async function resolveClub(db: Db, value: string): Promise<string> {
  if (isUuid(value)) return value;
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
  if (isUuid(value)) return value;
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

export function parsePositive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

function parseTypes(value: string | undefined): EventType[] | undefined {
  if (value === undefined) return undefined;
  const types = value.split(',').map((t) => t.trim());
  for (const type of types) {
    if (!isEventType(type)) throw new UsageError(`unknown --type "${type}"; known: ${eventTypes.join(', ')}`);
  }
  return types as EventType[];
}

function parseStreamType(value: string | undefined): StreamType | undefined {
  if (value === undefined) return undefined;
  if (!(streamTypes as readonly string[]).includes(value)) {
    throw new UsageError(`unknown --stream-type "${value}"; known: ${streamTypes.join(', ')}`);
  }
  return value as StreamType;
}

function parseUuid(name: string, value: string | undefined): string | undefined {
  if (value !== undefined && !isUuid(value)) throw new UsageError(`--${name} must be an id (UUID)`);
  return value;
}

export async function filterFrom(db: Db, options: Options): Promise<EventFilter> {
  const str = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  const reservation = parseUuid('reservation', str('reservation'));
  return {
    clubId: str('club') && (await resolveClub(db, str('club')!)),
    streamType: reservation ? 'reservation' : parseStreamType(str('stream-type')),
    streamId: reservation ?? parseUuid('stream', str('stream')),
    types: parseTypes(str('type')),
    actorId: str('user') && (await resolveUser(db, str('user')!)),
    since: parseTime('since', str('since')),
    until: parseTime('until', str('until')),
    afterPosition: parsePositive('after', str('after')),
  };
}
