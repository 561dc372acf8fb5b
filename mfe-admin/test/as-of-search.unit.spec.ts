import { describe, expect, it } from 'vitest';
import { LATEST, cutOf, searchFromView, viewBefore, viewFromSearch } from '../src/shared/as-of-search';

const now = new Date('2026-11-22T07:30:00.000Z'); // 08:30 in Berlin

describe('"Stand am" in the address bar', () => {
  it('without a moment shows today as it stands now', () => {
    const view = viewFromSearch(new URLSearchParams(), now, 'Europe/Berlin');
    expect(view).toEqual({
      day: '2026-11-22',
      moment: { date: '2026-11-22', time: '08:30:00' },
      position: null,
      live: true,
    });
    expect(cutOf(view, now, 'Europe/Berlin')).toBe(LATEST);
    expect(searchFromView(view).toString()).toBe('tag=2026-11-22');
  });

  it('a chosen moment is sent as that instant', () => {
    const view = viewFromSearch(
      new URLSearchParams({ tag: '2026-11-17', datum: '2026-11-18', zeit: '14:03' }),
      now,
      'Europe/Berlin',
    );
    expect(view.moment).toEqual({ date: '2026-11-18', time: '14:03:00' });
    expect(cutOf(view, now, 'Europe/Berlin')).toEqual({ at: '2026-11-18T13:03:00.000Z' });
    expect(viewFromSearch(searchFromView(view), now, 'Europe/Berlin')).toEqual(view);
  });

  it('a moment that is not yet past is asked as now', () => {
    const view = viewFromSearch(
      new URLSearchParams({ datum: '2026-11-22', zeit: '08:30:00' }),
      now,
      'Europe/Berlin',
    );
    expect(cutOf(view, now, 'Europe/Berlin')).toBe(LATEST);
  });

  it('from the log: the position just before the event, labelled one second earlier', () => {
    const view = viewBefore(
      { position: 42, occurred_at: '2026-11-18T13:03:05.000Z' },
      '2026-11-24',
      'Europe/Berlin',
    );
    expect(view).toEqual({
      day: '2026-11-24',
      moment: { date: '2026-11-18', time: '14:03:04' },
      position: 41,
      live: false,
    });
    expect(cutOf(view, now, 'Europe/Berlin')).toEqual({ position: 41 });
    expect(viewFromSearch(searchFromView(view), now, 'Europe/Berlin')).toEqual(view);
  });
});
