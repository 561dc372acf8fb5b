import { describe, expect, it } from 'vitest';
import { defaultFiguresRange, MAX_STATS_DAYS, statsRange } from '../../src/stats/range';
import { statsTexts } from '../../src/stats/texts';

const today = '2026-11-26';

describe('the days the club’s numbers are asked for', () => {
  it('are the last four weeks up to today when none are named', () => {
    expect(statsRange({ from: undefined, to: undefined }, today)).toEqual({
      ok: true,
      from: '2026-10-30',
      to: '2026-11-26',
    });
  });

  it('are by default the one range "Auslastung" and "Gäste" both open with', () => {
    expect(defaultFiguresRange(today)).toEqual({ from: '2026-10-30', to: '2026-11-26' });
    const { from, to } = defaultFiguresRange(today);
    expect(statsRange({ from: undefined, to: undefined }, today)).toEqual({ ok: true, from, to });
  });

  it('run four weeks back from a named end, and up to today from a named start', () => {
    expect(statsRange({ from: undefined, to: '2026-06-30' }, today)).toMatchObject({ from: '2026-06-03' });
    expect(statsRange({ from: '2026-01-01', to: undefined }, today)).toMatchObject({ to: today });
  });

  it('refuse what is no date, under its field, in German', () => {
    expect(statsRange({ from: '31.12.2026', to: '2026-02-30' }, today)).toEqual({
      ok: false,
      errors: [
        { instancePath: '/from', message: statsTexts.badDate },
        { instancePath: '/to', message: statsTexts.badDate },
      ],
    });
  });

  it('refuse an end before the start and a range longer than three years', () => {
    expect(statsRange({ from: '2026-05-02', to: '2026-05-01' }, today)).toEqual({
      ok: false,
      errors: [{ instancePath: '/to', message: statsTexts.toBeforeFrom }],
    });
    expect(statsRange({ from: '2023-01-01', to: '2026-01-01' }, today)).toEqual({
      ok: false,
      errors: [{ instancePath: '/to', message: statsTexts.rangeTooLong(MAX_STATS_DAYS) }],
    });
  });
});
