/**
 * The days the club's numbers are asked for: `from`/`to` (inclusive, club-local), by default the
 * last four weeks up to today.
 */
import { addDays, daysBetween, isIsoDate } from '../dates';
import type { FieldError, IsoDate } from '../types';
import { statsTexts } from './texts';

/** Three years: enough for two seasons compared, small enough to answer at once. */
export const MAX_STATS_DAYS = 1096;
/** Four weeks, today included. */
export const DEFAULT_STATS_DAYS = 28;

/**
 * The days the admin's figures open with, "Auslastung" and "Gäste" alike: the last four weeks up
 * to today, so the two screens' sums (guest fees among them) agree and count hours played.
 */
export function defaultFiguresRange(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: addDays(today, 1 - DEFAULT_STATS_DAYS), to: today };
}

export type StatsRange = { ok: true; from: IsoDate; to: IsoDate } | { ok: false; errors: FieldError[] };

/** `today` is the club's (club-local); an absent field takes its default, a present one must be a date. */
export function statsRange(
  query: { from: string | undefined; to: string | undefined },
  today: IsoDate,
): StatsRange {
  const errors: FieldError[] = [];
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isIsoDate(value)) {
      errors.push({ instancePath: `/${field}`, message: statsTexts.badDate });
    }
  }
  if (errors.length) return { ok: false, errors };
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  const from = query.from ?? defaultFiguresRange(to).from;
  const days = daysBetween(from, to);
  if (days < 0) return { ok: false, errors: [{ instancePath: '/to', message: statsTexts.toBeforeFrom }] };
  if (days >= MAX_STATS_DAYS) {
    return { ok: false, errors: [{ instancePath: '/to', message: statsTexts.rangeTooLong(MAX_STATS_DAYS) }] };
  }
  return { ok: true, from, to };
}
