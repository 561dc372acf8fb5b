/**
 * What the clubhouse screen shows (docs/architecture/clubhouse-screen.md): today's courts ×
 * hours as the API answers them, already named as the club chose (`display_names`), and the next
 * free hours of each court. The API builds the day here and the screen reads the free hours here,
 * so the rules of a cell are the grid's own (day-slots, blocks).
 */
import { blockAt, type Block } from '../blocks/blocks';
import { courtName } from '../courts';
import { fullName, type Named } from '../names';
import { courtNumbers, reservationsBySlot, slotKey, startHours } from '../reservations/day-slots';
import type { DisplayNames } from '../schemas';
import type { CourtNames, IsoDate, Reservation } from '../types';
import type { LocalMoment } from '../dates';

export type DisplaySlotState = 'free' | 'booked' | 'blocked';

export interface DisplaySlot {
  hour: number;
  state: DisplaySlotState;
  /** Who or what holds it as the club lets the screen say (a label, a name, a block's reason); null: nothing. */
  text: string | null;
}

export interface DisplayCourt {
  court: number;
  /** What the club calls it: its own name, else "Platz N" (`courtName`). */
  name: string;
  slots: DisplaySlot[];
}

/** `GET /api/display/<secret>`: the club's day as the screen draws it. No ids, no e-mail addresses. */
export interface DisplayDay {
  club_name: string;
  time_zone: string;
  date: IsoDate;
  /** The club's newest event number when the day was read: a stream starting later means reload. */
  club_seq: number;
  courts: DisplayCourt[];
}

/** A person as the club lets the screen name them: nobody, "S. G." or "Steffi Graf". */
export function displayName(person: Named | undefined, mode: DisplayNames): string | null {
  if (mode === 'none' || !person) return null;
  if (person.first_name === null && person.last_name === null) return null;
  if (mode === 'full') return fullName(person);
  const initials = [person.first_name, person.last_name]
    .map((name) => [...(name?.trim() ?? '')][0])
    .filter(Boolean)
    .map((initial) => `${initial}.`);
  return initials.length ? initials.join(' ') : null;
}

export interface DisplayDayInput {
  club: {
    name: string;
    courts_count: number;
    start_hour: number;
    end_hour: number;
    time_zone: string;
    court_names?: CourtNames;
  };
  displayNames: DisplayNames;
  date: IsoDate;
  clubSeq: number;
  reservations: readonly Reservation[];
  blocks: readonly Block[];
  /** The holders of the day's bookings, by user id. */
  people: ReadonlyMap<string, Named>;
}

/** The day's cells: a booking's label is the club's own word and always shown; a holder as chosen. */
export function displayDay(input: DisplayDayInput): DisplayDay {
  const { club, date } = input;
  const bySlot = reservationsBySlot(input.reservations, date);
  const courts = courtNumbers(club).map((court) => ({
    court,
    name: courtName(club, court),
    slots: startHours(club).map((hour): DisplaySlot => {
      const booking = bySlot.get(slotKey(court, hour));
      if (booking) {
        const label = booking.label?.trim();
        const text = label || displayName(input.people.get(booking.user_id), input.displayNames);
        return { hour, state: 'booked', text };
      }
      const block = blockAt(input.blocks, court, date, hour);
      if (block) return { hour, state: 'blocked', text: block.reason };
      return { hour, state: 'free', text: null };
    }),
  }));
  return { club_name: club.name, time_zone: club.time_zone, date, club_seq: input.clubSeq, courts };
}

/**
 * A court's next free hours from `now` on: the first run of free hours that has not ended, as
 * [from, to) — the current hour counts while it lasts. Null when nothing is free any more today.
 */
export function nextFreeHours(
  court: DisplayCourt,
  now: LocalMoment,
  date: IsoDate,
): { from: number; to: number } | null {
  if (now.date > date) return null;
  const fromHour = now.date < date ? 0 : now.hour;
  let run: { from: number; to: number } | null = null;
  for (const slot of court.slots) {
    if (slot.hour < fromHour) continue;
    if (slot.state === 'free') {
      if (run && run.to === slot.hour) run.to = slot.hour + 1;
      else if (!run) run = { from: slot.hour, to: slot.hour + 1 };
    } else if (run) break;
  }
  return run;
}

/**
 * The hours of `day` the screen shows at `now`: from the current hour on, as the people at the door
 * ask what is free now and later, not what was played this morning. A day still to come shows
 * whole; after the last hour the last one stays, so the screen is never empty.
 */
export function shownHours(hours: readonly number[], now: LocalMoment, date: IsoDate): number[] {
  if (now.date < date) return [...hours];
  const fromHour = now.date > date ? Infinity : now.hour;
  const shown = hours.filter((hour) => hour >= fromHour);
  return shown.length || hours.length === 0 ? shown : hours.slice(-1);
}
