/**
 * The club's numbers for a range of days, from the facts the stats projection keeps (./facts):
 * every occurrence of a booking in the range, hour by hour, on the club's wall clock. A weekly series
 * is expanded here, at read time, into its dates within the range, so an open-ended series needs
 * no rows materialised ahead and no horizon that moves with the clock (docs/architecture/club-numbers.md,
 * "The club's numbers").
 *
 * Rules: an hour counts as booked unless it was called off before it began (what began took place;
 * an admin tidying up afterwards does not unmake it). A call-off counts with how long before the
 * booking's start it came, in real hours (a night of a clock change has 23 or 25).
 */
import { blockTimes } from '../blocks/blocks';
import { slotStart } from '../club-time';
import type { IsoDate } from '../types';
import type { StatsBooking, StatsCancellation, StatsKind } from './facts';
import { RangeDays } from './range-days';

/** How long before its start a booking was called off, in real hours: under 2, 2-24, 24-168, more. */
export type LatenessBucket = 'under_2h' | 'under_24h' | 'under_7d' | 'later';
export const latenessBuckets: readonly { bucket: LatenessBucket; below: number }[] = [
  { bucket: 'under_2h', below: 2 },
  { bucket: 'under_24h', below: 24 },
  { bucket: 'under_7d', below: 168 },
  { bucket: 'later', below: Infinity },
];

export interface StatsClub {
  courts_count: number;
  start_hour: number;
  end_hour: number;
  time_zone: string;
}

/** A court block as the bookings projection keeps it (club-local `YYYY-MM-DDTHH:00`). */
export interface StatsBlock {
  court_nums: string[];
  from: string;
  until: string;
  /** A weekly block's last day. */
  repeat_until?: IsoDate;
}

/**
 * The single bookings of the range that were never called off, summed per figure: most of a club's
 * bookings, which need no rule applied one by one, so the database sums them (projections/stats-read)
 * instead of sending each; `standingSingles` sums them alike here.
 */
export interface StandingSingles {
  /** How many bookings start and end at these hours on this ISO weekday. */
  slots: { weekday: number; start_time: number; end_time: number; count: number }[];
  courts: { court_num: string; hours: number }[];
  kinds: { kind: StatsKind; hours: number }[];
  /** Hours of members' own bookings, and as named co-players. */
  members: { user_id: string; hours: number; co_player_hours: number }[];
  guests: { guest_hours: number; fee_cents: number };
}

export interface StatsInput {
  club: StatsClub;
  from: IsoDate;
  to: IsoDate;
  standing: StandingSingles;
  /** The other bookings that may take place in the range: series, and singles called off. */
  bookings: readonly StatsBooking[];
  /** The call-offs of days in the range (more is harmless). */
  cancellations: readonly StatsCancellation[];
  blocks: readonly StatsBlock[];
}

/** One weekday (ISO, 1 = Monday) at one hour: court-hours the club had, booked, blocked, open. */
export interface HeatCell {
  weekday: number;
  hour: number;
  capacity: number;
  booked: number;
  blocked: number;
  open: number;
}

export interface StatsReport {
  from: IsoDate;
  to: IsoDate;
  start_hour: number;
  end_hour: number;
  totals: { capacity: number; booked: number; blocked: number; open: number };
  heatmap: HeatCell[];
  courts: { court_num: string; booked: number; blocked: number }[];
  kinds: Record<StatsKind | 'block', number>;
  /** Hours each member held (own bookings) and played as a named co-player; most first. */
  members: { user_id: string; hours: number; co_player_hours: number }[];
  guests: { guest_hours: number; fee_cents: number };
  cancellations: {
    count: number;
    hours: number;
    by_block: number;
    buckets: { bucket: LatenessBucket; count: number; hours: number }[];
  };
  /** Hours given back because nobody checked in; each release is one member's no-show (docs/check-in.md). */
  released: { hours: number; no_shows: number };
}

const cellKey = (weekday: number, hour: number) => weekday * 100 + hour;

/** The share of a cell's court-hours that were booked, in whole percent (0 without capacity). */
export function bookedPercent(cell: Pick<HeatCell, 'booked' | 'capacity'>): number {
  return cell.capacity > 0 ? Math.min(100, Math.round((100 * cell.booked) / cell.capacity)) : 0;
}

export function bucketOf(hoursBefore: number): LatenessBucket {
  return latenessBuckets.find(({ below }) => hoursBefore < below)!.bucket;
}

function emptyCells(): Map<number, HeatCell> {
  const cells = new Map<number, HeatCell>();
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      cells.set(cellKey(weekday, hour), { weekday, hour, capacity: 0, booked: 0, blocked: 0, open: 0 });
    }
  }
  return cells;
}

class Tally {
  readonly cells: Map<number, HeatCell>;
  readonly courts = new Map<string, { court_num: string; booked: number; blocked: number }>();
  readonly kinds: Record<StatsKind | 'block', number> = { member: 0, label: 0, series: 0, block: 0 };
  readonly members = new Map<string, { user_id: string; hours: number; co_player_hours: number }>();
  readonly guests = { guest_hours: 0, fee_cents: 0 };
  readonly cancelled = new Map<LatenessBucket, { bucket: LatenessBucket; count: number; hours: number }>(
    latenessBuckets.map(({ bucket }) => [bucket, { bucket, count: 0, hours: 0 }]),
  );
  byBlock = 0;
  readonly released = { hours: 0, no_shows: 0 };

  constructor(club: StatsClub) {
    this.cells = emptyCells();
    for (let court = 1; court <= club.courts_count; court++) this.court(String(court));
  }

  court(court_num: string) {
    let court = this.courts.get(court_num);
    if (!court) this.courts.set(court_num, (court = { court_num, booked: 0, blocked: 0 }));
    return court;
  }

  member(user_id: string) {
    let member = this.members.get(user_id);
    if (!member) this.members.set(user_id, (member = { user_id, hours: 0, co_player_hours: 0 }));
    return member;
  }

  booked(booking: StatsBooking, weekday: number) {
    const hours = booking.end_time - booking.start_time;
    for (let hour = booking.start_time; hour < booking.end_time; hour++) {
      this.cells.get(cellKey(weekday, hour))!.booked++;
    }
    this.court(booking.court_num).booked += hours;
    this.kinds[booking.kind] += hours;
    if (booking.kind === 'member') this.member(booking.user_id).hours += hours;
    for (const id of booking.co_player_ids) this.member(id).co_player_hours += hours;
    this.guests.guest_hours += hours * booking.guests;
    this.guests.fee_cents += hours * booking.guest_fee_cents;
  }

  addStanding(standing: StandingSingles) {
    for (const slot of standing.slots) {
      for (let hour = slot.start_time; hour < slot.end_time; hour++) {
        this.cells.get(cellKey(slot.weekday, hour))!.booked += slot.count;
      }
    }
    for (const { court_num, hours } of standing.courts) this.court(court_num).booked += hours;
    for (const { kind, hours } of standing.kinds) this.kinds[kind] += hours;
    for (const { user_id, hours, co_player_hours } of standing.members) {
      const member = this.member(user_id);
      member.hours += hours;
      member.co_player_hours += co_player_hours;
    }
    this.guests.guest_hours += standing.guests.guest_hours;
    this.guests.fee_cents += standing.guests.fee_cents;
  }

  calledOff(booking: StatsBooking, day: StatsCancellation, hoursAhead: number) {
    if (day.by_block) {
      this.byBlock++;
      return;
    }
    const bucket = this.cancelled.get(bucketOf(hoursAhead))!;
    bucket.count++;
    bucket.hours += booking.end_time - booking.start_time;
  }
}

/** The figures of the range `from`…`to` (both inclusive). */
export function computeStats(input: StatsInput): StatsReport {
  const { club, from, to } = input;
  const tally = new Tally(club);
  const range = new RangeDays(from, to);
  for (const weekday of range.weekdays) {
    for (let hour = club.start_hour; hour < club.end_hour; hour++) {
      tally.cells.get(cellKey(weekday, hour))!.capacity += club.courts_count;
    }
  }
  tally.addStanding(input.standing);
  countBookings(input, range, tally);
  countBlocks(input, range, tally);
  return report(input, tally);
}

function countBookings(input: StatsInput, range: RangeDays, tally: Tally) {
  const { club } = input;
  const calledOff = new Map(input.cancellations.map((c) => [`${c.reservation_id}:${c.date}`, c]));
  for (const booking of input.bookings) {
    for (const i of range.occurrences(booking)) {
      const date = range.days[i]!;
      const weekday = range.weekdays[i]!;
      const day = calledOff.get(`${booking.reservation_id}:${date}`);
      if (day?.released) {
        // Nobody came: not played, and not called off either.
        tally.released.hours += booking.end_time - booking.start_time;
        tally.released.no_shows++;
        continue;
      }
      if (!day && booking.cancelled_at === null) {
        tally.booked(booking, weekday);
        continue;
      }
      const start = slotStart(club.time_zone, date, booking.start_time).getTime();
      const ahead = (cancelledAt: string | null | undefined) =>
        cancelledAt == null ? 0 : start - Date.parse(cancelledAt);
      const dayAhead = ahead(day?.cancelled_at);
      if (dayAhead <= 0 && ahead(booking.cancelled_at) <= 0) {
        tally.booked(booking, weekday);
      } else if (day && dayAhead > 0 && !day.moved) {
        tally.calledOff(booking, day, dayAhead / 3_600_000);
      }
    }
  }
}

/** Block hours inside the opening hours of the range, per court the club has. */
function countBlocks(input: StatsInput, range: RangeDays, tally: Tally) {
  const { club, from, to } = input;
  // A weekly block counts each of its times (blocks/blocks).
  for (const block of input.blocks.flatMap((b) => blockTimes(b, from, to))) {
    const courts = block.court_nums.filter((c) => Number(c) >= 1 && Number(c) <= club.courts_count);
    const first = block.from.slice(0, 10) > from ? block.from.slice(0, 10) : from;
    const last = block.until.slice(0, 10) < to ? block.until.slice(0, 10) : to;
    const [start, end] = [range.indexOf(first), range.indexOf(last)];
    if (start === undefined || end === undefined) continue;
    for (let i = start; i <= end; i++) {
      const [date, weekday] = [range.days[i]!, range.weekdays[i]!];
      for (let hour = club.start_hour; hour < club.end_hour; hour++) {
        const slot = `${date}T${String(hour).padStart(2, '0')}:00`;
        if (slot < block.from || slot >= block.until) continue;
        tally.cells.get(cellKey(weekday, hour))!.blocked += courts.length;
        for (const court of courts) tally.court(court).blocked++;
        tally.kinds.block += courts.length;
      }
    }
  }
}

function report(input: StatsInput, tally: Tally): StatsReport {
  const { club } = input;
  const heatmap = [...tally.cells.values()].filter(
    (cell) => cell.capacity > 0 || cell.booked > 0 || cell.blocked > 0,
  );
  for (const cell of heatmap) cell.open = Math.max(0, cell.capacity - cell.booked - cell.blocked);
  const sum = (pick: (cell: HeatCell) => number) => heatmap.reduce((total, cell) => total + pick(cell), 0);
  const buckets = [...tally.cancelled.values()];
  return {
    from: input.from,
    to: input.to,
    start_hour: club.start_hour,
    end_hour: club.end_hour,
    totals: {
      capacity: sum((c) => c.capacity),
      booked: sum((c) => c.booked),
      blocked: sum((c) => c.blocked),
      open: sum((c) => c.open),
    },
    heatmap,
    courts: [...tally.courts.values()].sort((a, b) => Number(a.court_num) - Number(b.court_num)),
    kinds: tally.kinds,
    members: [...tally.members.values()]
      .sort((a, b) => b.hours + b.co_player_hours - (a.hours + a.co_player_hours) || compareIds(a, b))
      .filter((m) => m.hours + m.co_player_hours > 0),
    guests: tally.guests,
    cancellations: {
      count: buckets.reduce((n, b) => n + b.count, 0),
      hours: buckets.reduce((n, b) => n + b.hours, 0),
      by_block: tally.byBlock,
      buckets,
    },
    released: tally.released,
  };
}

const compareIds = (a: { user_id: string }, b: { user_id: string }) =>
  a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0;

/** Whether a booking is a single one that was never called off: what `StandingSingles` sums. */
export const isStandingSingle = (booking: StatsBooking): boolean =>
  !booking.recurring && booking.cancelled_at === null;

/** `StandingSingles` of the range, summed here as the database sums them. */
export function standingSingles(
  bookings: readonly StatsBooking[],
  from: IsoDate,
  to: IsoDate,
): StandingSingles {
  const range = new RangeDays(from, to);
  const sum = <K extends string>(map: Map<K, number>, key: K, value: number) =>
    map.set(key, (map.get(key) ?? 0) + value);
  const slots = new Map<string, number>();
  const courts = new Map<string, number>();
  const kinds = new Map<StatsKind, number>();
  const own = new Map<string, number>();
  const co = new Map<string, number>();
  const guests = { guest_hours: 0, fee_cents: 0 };
  for (const booking of bookings) {
    const i = range.indexOf(booking.date);
    if (!isStandingSingle(booking) || i === undefined) continue;
    const hours = booking.end_time - booking.start_time;
    sum(slots, `${range.weekdays[i]}:${booking.start_time}:${booking.end_time}`, 1);
    sum(courts, booking.court_num, hours);
    sum(kinds, booking.kind, hours);
    if (booking.kind === 'member') sum(own, booking.user_id, hours);
    for (const id of booking.co_player_ids) sum(co, id, hours);
    guests.guest_hours += booking.guests * hours;
    guests.fee_cents += booking.guest_fee_cents * hours;
  }
  return {
    slots: [...slots].map(([key, count]) => {
      const [weekday, start_time, end_time] = key.split(':').map(Number) as [number, number, number];
      return { weekday, start_time, end_time, count };
    }),
    courts: [...courts].map(([court_num, hours]) => ({ court_num, hours })),
    kinds: [...kinds].map(([kind, hours]) => ({ kind, hours })),
    members: [...new Set([...own.keys(), ...co.keys()])].map((user_id) => ({
      user_id,
      hours: own.get(user_id) ?? 0,
      co_player_hours: co.get(user_id) ?? 0,
    })),
    guests,
  };
}
