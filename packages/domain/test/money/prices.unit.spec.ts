import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costText,
  formatEuros,
  priceErrors,
  priceOfBooking,
  priceOfHour,
  priceRuleText,
  priceSettingsOf,
  weeklyHourText,
} from '../../src/money/prices';
import { compileValidator, createAjv } from '../../src/validation';
import { clubSettingsSchema, type ClubSettingsBody, type PriceRule } from '../../src/schemas';

const hall: PriceRule = {
  label: 'Hallenmiete',
  courts: null,
  days: [1, 2, 3, 4, 5, 6, 7],
  from_hour: 8,
  to_hour: 22,
  cents_per_hour: 1800,
};
const floodlight: PriceRule = {
  label: 'Flutlicht',
  courts: ['5'],
  days: [1, 2, 3, 4, 5],
  from_hour: 18,
  to_hour: 22,
  cents_per_hour: 300,
};
const club = { courts_count: 6, start_hour: 8, end_hour: 22 };
// 2026-12-01 is a Tuesday, 2026-12-05 a Saturday.
const tuesday = '2026-12-01';
const saturday = '2026-12-05';

describe('given no prices', () => {
  it('when an hour is priced, then it is free and says nothing', () => {
    const price = priceOfHour([], { court_num: '1', weekday: 2, hour: 19 });
    expect(price).toEqual({ cents: 0, lines: [] });
    expect(costText(price)).toBeNull();
  });

  it('when older settings lack them, then they read as no prices and no split', () => {
    expect(priceSettingsOf({})).toEqual({ prices: [], split_court_fee: false, payment: 'none' });
  });
});

describe('given a hall rent for every court and floodlight on court 5 on weekday evenings', () => {
  it('when Tuesday 19–20 on court 5 is priced, then both rules add up, each with its label', () => {
    const price = priceOfBooking([hall, floodlight], {
      court_num: '5',
      date: tuesday,
      start_time: 19,
      hours: 1,
    });
    expect(price).toEqual({
      cents: 2100,
      lines: [
        { label: 'Hallenmiete', cents: 1800 },
        { label: 'Flutlicht', cents: 300 },
      ],
    });
    expect(costText(price)).toBe('Kosten: 21,00\u00a0€ (Hallenmiete 18,00\u00a0€, Flutlicht 3,00\u00a0€)');
  });

  it('when the same hour is on court 4 or on a Saturday, then only the hall rent applies', () => {
    const onCourt4 = priceOfBooking([hall, floodlight], {
      court_num: '4',
      date: tuesday,
      start_time: 19,
      hours: 1,
    });
    const onSaturday = priceOfBooking([hall, floodlight], {
      court_num: '5',
      date: saturday,
      start_time: 19,
      hours: 1,
    });
    expect(onCourt4.cents).toBe(1800);
    expect(onSaturday.cents).toBe(1800);
    expect(costText(onCourt4)).toBe('Kosten: 18,00\u00a0€ (Hallenmiete)');
  });

  it('when two hours span the start of the floodlight, then each hour is priced by its own rules', () => {
    const price = priceOfBooking([hall, floodlight], {
      court_num: '5',
      date: tuesday,
      start_time: 17,
      hours: 2,
    });
    expect(price).toEqual({
      cents: 3900,
      lines: [
        { label: 'Hallenmiete', cents: 3600 },
        { label: 'Flutlicht', cents: 300 },
      ],
    });
  });

  it('when the rule ends at 22 Uhr, then the hour from 22 is not in it (the end is exclusive)', () => {
    expect(priceOfHour([floodlight], { court_num: '5', weekday: 1, hour: 22 }).cents).toBe(0);
    expect(priceOfHour([floodlight], { court_num: '5', weekday: 1, hour: 21 }).cents).toBe(300);
  });

  it('when the admin previews Tuesday 19 Uhr on court 5, then the line reads as a member would', () => {
    const price = priceOfHour([hall, floodlight], { court_num: '5', weekday: 2, hour: 19 });
    expect(
      `${weeklyHourText({ court_label: 'Platz 5', weekday: 2, hour: 19 })}: ${formatEuros(price.cents)}`,
    ).toBe('Di 19–20 Uhr, Platz 5: 21,00\u00a0€');
  });

  it('when the rules are listed for members, then each reads in plain German', () => {
    expect(priceRuleText(hall)).toBe('Hallenmiete: 18,00\u00a0€ pro Stunde, Mo–So 8–22 Uhr, alle Plätze');
    expect(priceRuleText(floodlight)).toBe('Flutlicht: 3,00\u00a0€ pro Stunde, Mo–Fr 18–22 Uhr, Platz 5');
  });
});

describe('given a rule of 0 €', () => {
  it('when its hour is priced, then it adds no line and the cost says nothing', () => {
    const free = { ...hall, label: 'Sommer', cents_per_hour: 0 };
    const price = priceOfBooking([free], { court_num: '1', date: tuesday, start_time: 10, hours: 2 });
    expect(price).toEqual({ cents: 0, lines: [] });
    expect(costText(price)).toBeNull();
  });
});

describe('the euro format', () => {
  it('writes cents as German euros', () => {
    expect(formatEuros(2100)).toBe('21,00\u00a0€');
    expect(formatEuros(5)).toBe('0,05\u00a0€');
    expect(formatEuros(50000)).toBe('500,00\u00a0€');
  });
});

describe('checking prices', () => {
  const validate = compileValidator<ClubSettingsBody>(createAjv(), clubSettingsSchema);
  const body = (prices: unknown) => ({
    name: 'TC Grün',
    courts_count: 6,
    start_hour: 8,
    end_hour: 22,
    reservations_limit: 3,
    prices,
  });
  const messageAt = (prices: unknown, path: string): string | undefined => {
    const result = validate(body(prices));
    return result.ok ? undefined : result.errors.find((e) => e.instancePath.startsWith(path))?.message;
  };

  it('takes valid rules and refuses bad fields with German words', () => {
    expect(validate(body([hall, floodlight])).ok).toBe(true);
    expect(messageAt([{ ...hall, label: '' }], '/prices/0/label')).toMatch(/Bezeichnung/);
    expect(messageAt([{ ...hall, label: 'x'.repeat(41) }], '/prices/0/label')).toMatch(/40 Zeichen/);
    expect(messageAt([{ ...hall, days: [0] }], '/prices/0/days')).toMatch(/Wochentag/);
    expect(messageAt([{ ...hall, days: [8] }], '/prices/0/days')).toMatch(/Wochentag/);
    expect(messageAt([{ ...hall, from_hour: 20, to_hour: 20 }], '/prices/0/to_hour')).toMatch(
      /nach seinem Beginn/,
    );
    expect(messageAt([{ ...hall, cents_per_hour: 50001 }], '/prices/0/cents_per_hour')).toMatch(/500,00 €/);
    expect(messageAt([{ ...hall, cents_per_hour: -1 }], '/prices/0/cents_per_hour')).toMatch(/0,00 €/);
    expect(messageAt([{ ...hall, cents_per_hour: 18.5 }], '/prices/0/cents_per_hour')).toMatch(/ganzen Cent/);
    expect(
      messageAt(
        Array.from({ length: 31 }, () => hall),
        '/prices',
      ),
    ).toBe('Höchstens 30 Preise.');
  });

  it('refuses what needs the club: a blank label, a court it lacks, hours outside its opening hours', () => {
    expect(priceErrors([hall, floodlight], club)).toEqual([]);
    expect(priceErrors([{ ...hall, label: '   ' }], club)).toEqual([
      {
        instancePath: '/prices/0/label',
        message: 'Bitte geben Sie dem Preis eine Bezeichnung (z. B. Hallenmiete).',
      },
    ]);
    expect(priceErrors([hall, { ...floodlight, courts: ['7'] }], club)).toEqual([
      {
        instancePath: '/prices/1/courts',
        message: 'Platz 7 gibt es nicht. Bitte wählen Sie Plätze von 1 bis 6.',
      },
    ]);
    expect(priceErrors([{ ...hall, from_hour: 7 }], club)).toEqual([
      {
        instancePath: '/prices/0/from_hour',
        message: 'Ein Preis gilt nur innerhalb der Öffnungszeiten (8–22 Uhr).',
      },
    ]);
    expect(priceErrors([{ ...hall, to_hour: 23 }], club)).toHaveLength(1);
  });
});

describe('any prices and any booking', () => {
  const rule = fc.record({
    label: fc.constantFrom('Hallenmiete', 'Flutlicht', 'Gast', 'Wochenende'),
    courts: fc.option(
      fc.uniqueArray(fc.integer({ min: 1, max: 6 }).map(String), { minLength: 1, maxLength: 6 }),
      {
        nil: null,
      },
    ),
    days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    from_hour: fc.integer({ min: 0, max: 23 }),
    span: fc.integer({ min: 1, max: 24 }),
    cents_per_hour: fc.integer({ min: 0, max: 50000 }),
  });
  const prices = fc
    .array(rule, { maxLength: 30 })
    .map((rules) =>
      rules.map(({ span, ...r }): PriceRule => ({ ...r, to_hour: Math.min(24, r.from_hour + span) })),
    );
  const booking = fc.record({
    court_num: fc.integer({ min: 1, max: 6 }).map(String),
    date: fc.constantFrom(
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ),
    start_time: fc.integer({ min: 0, max: 21 }),
    hours: fc.integer({ min: 1, max: 3 }),
  });

  it('costs the sum of its hours’ prices, in whole cents, never below zero', () => {
    fc.assert(
      fc.property(prices, booking, (rules, b) => {
        const price = priceOfBooking(rules, b);
        const weekday = new Date(`${b.date}T00:00:00Z`).getUTCDay() || 7;
        const hours = Array.from({ length: b.hours }, (_, i) =>
          priceOfHour(rules, { court_num: b.court_num, weekday, hour: b.start_time + i }),
        );
        expect(price.cents).toBe(hours.reduce((sum, h) => sum + h.cents, 0));
        expect(price.cents).toBe(price.lines.reduce((sum, l) => sum + l.cents, 0));
        expect(Number.isInteger(price.cents)).toBe(true);
        expect(price.cents).toBeGreaterThanOrEqual(0);
        expect(price.lines.every((line) => line.cents > 0)).toBe(true);
      }),
    );
  });
});

describe('given an admin booking two courts at once', () => {
  it('when priced, then each court’s hours count', () => {
    const price = priceOfBooking([hall, floodlight], {
      court_num: '4',
      courts: ['4', '5'],
      date: tuesday,
      start_time: 19,
      hours: 1,
    });
    expect(price).toEqual({
      cents: 3900,
      lines: [
        { label: 'Hallenmiete', cents: 3600 },
        { label: 'Flutlicht', cents: 300 },
      ],
    });
  });
});
