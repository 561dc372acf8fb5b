import { describe, expect, it } from 'vitest';
import { dayInQuery, dayQuery } from '../../src/reservations/day-address';

describe('the day in the address', () => {
  it('reads back the day it wrote', () => {
    expect(dayInQuery(dayQuery('2026-12-01'))).toBe('2026-12-01');
  });

  it('reads a query with or without its question mark, among other parameters', () => {
    expect(dayInQuery('date=2026-12-01')).toBe('2026-12-01');
    expect(dayInQuery('?x=1&date=2026-12-01&y=2')).toBe('2026-12-01');
  });

  it('names no day for a missing, malformed or impossible date', () => {
    expect(dayInQuery('')).toBeNull();
    expect(dayInQuery('?date=')).toBeNull();
    expect(dayInQuery('?date=01.12.2026')).toBeNull();
    expect(dayInQuery('?date=2026-02-30')).toBeNull();
  });
});
