/**
 * The national database's shape, worked out before anything is written: how many courts, members,
 * weekly series and single bookings each club gets, from a seeded random source so that the same
 * shape comes out on every machine. Club sizes are skewed as real ones are (a few big clubs, many
 * small ones: a log-normal spread), and every club's bookings fit its courts without overlap.
 */

/** What `npm run bench -- national` generates; a test asks for a small one. */
export interface NationalShape {
  clubs: number;
  /** Events of the generated clubs (the busy club's 60,416 come on top). */
  events: number;
  /** Members of an average club; the spread follows the club's bookings. */
  membersPerClub: number;
  /** Days of history, all before the day of generation. */
  days: number;
}

export const NATIONAL_SHAPE: NationalShape = {
  clubs: 9_000,
  events: 10_000_000,
  // About 1.4 million members in 9,000 clubs.
  membersPerClub: 155,
  days: 730,
};

/** Single bookings take the afternoon and evening hours; weekly series the morning, as in seed.ts. */
export const SINGLE_HOURS = { first: 12, count: 10 } as const;
export const SERIES_HOURS = { first: 8, count: 4 } as const;
/** One single booking in this many is cancelled again (a second event in its stream). */
export const CANCELLED_ONE_IN = 20;

export interface ClubPlan {
  index: number;
  courts: number;
  members: number;
  series: number;
  /** Single bookings over the whole history. */
  singles: number;
}

/** mulberry32: a small seeded generator, so the shape is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Events a plan writes: each series once, each single once, each cancelled single twice. */
export function eventsOf(plan: ClubPlan): number {
  return plan.series + plan.singles + Math.floor(plan.singles / CANCELLED_ONE_IN);
}

export function planClubs(shape: NationalShape): ClubPlan[] {
  const random = seededRandom(35);
  const weights = Array.from({ length: shape.clubs }, () => Math.exp(0.8 * normal(random)));
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((weight, index) => {
    const share = weight / totalWeight;
    // Most clubs have 4 to 8 courts; the busiest up to 20.
    const courts = Math.min(20, Math.max(3, Math.round(3 + 5 * (weight / (totalWeight / shape.clubs)))));
    const series = courts;
    const capacity = shape.days * courts * SINGLE_HOURS.count;
    const wanted = Math.max(0, shape.events * share - series) / (1 + 1 / CANCELLED_ONE_IN);
    return {
      index,
      courts,
      members: Math.max(10, Math.round(shape.membersPerClub * shape.clubs * share)),
      series,
      singles: Math.min(capacity, Math.round(wanted)),
    };
  });
}
