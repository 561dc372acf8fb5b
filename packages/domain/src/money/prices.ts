/**
 * What an hour costs (docs/architecture/money.md): the club's price rules, checked against the
 * club, and the one way every screen prices an hour or a booking. Money is integer cents; a sum
 * of integers stays exact, so nothing here ever divides or rounds.
 */
import { isCourtOf } from '../courts';
import { weekdayOf } from '../dates';
import { formatEuros, sumCents, toCents, type Cents } from '../cents';
import { weekdaysText } from '../players/play-rules';
import type { ClubCoreSettings, PriceRule, PriceSettings } from '../schemas';
import type { FieldError } from '../types';

/** No prices: booking stays free, as it was for every club before prices existed. */
export const DEFAULT_PRICE_SETTINGS: Readonly<PriceSettings> = Object.freeze({
  prices: [],
  split_court_fee: false,
  payment: 'none',
});

/** The price settings of any settings-like value, the defaults where it lacks them (older events). */
export function priceSettingsOf(settings: Partial<PriceSettings> | null | undefined): PriceSettings {
  return {
    prices: settings?.prices ?? [],
    split_court_fee: settings?.split_court_fee ?? DEFAULT_PRICE_SETTINGS.split_court_fee,
    payment: settings?.payment ?? DEFAULT_PRICE_SETTINGS.payment,
  };
}

export const priceTexts = {
  heading: 'Preise',
  sumExplained:
    'Eine Stunde kostet die Summe aller Preise, die zu ihr passen. Die Kosten stehen vor dem Buchen im Fenster.',
  blankLabel: 'Bitte geben Sie dem Preis eine Bezeichnung (z. B. Hallenmiete).',
  outsideOpeningHours: (start: number, end: number): string =>
    `Ein Preis gilt nur innerhalb der Öffnungszeiten (${start}–${end} Uhr).`,
  unknownCourt: (court: string, courts: number): string =>
    `Platz ${court} gibt es nicht. Bitte wählen Sie Plätze von 1 bis ${courts}.`,
  allCourts: 'alle Plätze',
  perHour: 'pro Stunde',
  cost: 'Kosten',
  // The admin's card "Preise und Zahlung" (Verein).
  cardTitle: 'Preise und Zahlung',
  cardIntro:
    'Was eine Stunde kostet: Jeder passende Preis zählt, z. B. Hallenmiete und Flutlicht zusammen. Mitglieder sehen die Kosten vor dem Buchen; wie abgerechnet wird, steht unten.',
  loading: 'Preise werden geladen …',
  none: 'Keine Preise: Buchen kostet nichts.',
  add: 'Preis hinzufügen',
  rule: (index: number): string => `Preis ${index + 1}`,
  label: 'Bezeichnung',
  labelHint: 'z. B. Hallenmiete, Flutlicht',
  euros: 'Preis pro Stunde (€)',
  eurosHint: '0,00 bis 500,00 €',
  allCourtsChoice: 'Alle Plätze',
  chosenCourts: 'Nur diese Plätze',
  from: 'Von',
  to: 'Bis',
  split: 'Eingetragene Mitspieler teilen sich die Platzgebühr (die buchende Person trägt den Rest-Cent)',
  payment: 'Abrechnung',
  /** What the Platzordnung tells members about paying, by the club's `payment`. */
  paymentExplained: {
    account:
      'Die Kosten werden bei der Buchung Ihrem Mitgliedskonto belastet; storniert oder verlegt wird gutgeschrieben bzw. nachberechnet. Ihren Kontostand sehen Sie unter Konto.',
    prepaid:
      'Gebucht wird mit Guthaben: Eine Buchung ist möglich, wenn Ihr Guthaben die Kosten deckt. Ihr Guthaben sehen Sie unter Konto.',
  },
  paymentChoices: {
    none: 'Keine: Preise werden nur angezeigt',
    account: 'Aufs Mitgliedskonto: jede Buchung wird dem Konto belastet',
    prepaid: 'Nur mit Guthaben: gebucht wird, was das Guthaben deckt',
  },
  previewLegend: 'Beispielstunde',
  previewCourt: 'Platz',
  previewDay: 'Tag',
  previewHour: 'Beginn',
} as const;

/**
 * What the schema cannot check of the prices: a label that is more than blanks, courts the club
 * has, and hours inside its opening hours (the club as it will be after the save).
 */
export function priceErrors(
  prices: readonly PriceRule[],
  club: Pick<ClubCoreSettings, 'courts_count' | 'start_hour' | 'end_hour'>,
): FieldError[] {
  return prices.flatMap((rule, index) => {
    const path = `/prices/${index}`;
    const errors: FieldError[] = [];
    if (rule.label.trim() === '')
      errors.push({ instancePath: `${path}/label`, message: priceTexts.blankLabel });
    const unknown = (rule.courts ?? []).find((court) => !isCourtOf(club, court));
    if (unknown !== undefined) {
      errors.push({
        instancePath: `${path}/courts`,
        message: priceTexts.unknownCourt(unknown, club.courts_count),
      });
    }
    if (rule.from_hour < club.start_hour || rule.to_hour > club.end_hour) {
      errors.push({
        instancePath: `${path}/from_hour`,
        message: priceTexts.outsideOpeningHours(club.start_hour, club.end_hour),
      });
    }
    return errors;
  });
}

/** The hour being priced: a court, an ISO weekday (1 = Monday … 7 = Sunday, club time), its start. */
export interface PricedHour {
  court_num: string;
  weekday: number;
  hour: number;
}

/** The ISO weekday of a club-local date, as the rules' `days` count it. */
export const isoWeekdayOf = (date: string): number => weekdayOf(date) || 7;

/** One line of a price: which rule, and what it adds. */
export interface PriceLine {
  label: string;
  cents: Cents;
}

export interface Price {
  cents: Cents;
  lines: PriceLine[];
}

function ruleMatches(rule: PriceRule, { court_num, weekday, hour }: PricedHour): boolean {
  const onCourt = rule.courts === null || rule.courts.some((court) => Number(court) === Number(court_num));
  return onCourt && rule.days.includes(weekday) && hour >= rule.from_hour && hour < rule.to_hour;
}

/**
 * Lines with the same label add up into one, in the order their rules first appear; a line of
 * 0 € says nothing and is left out.
 */
function mergeLines(lines: readonly PriceLine[]): PriceLine[] {
  const byLabel = new Map<string, Cents>();
  for (const line of lines) byLabel.set(line.label, sumCents([byLabel.get(line.label) ?? 0, line.cents]));
  return [...byLabel].map(([label, cents]) => ({ label, cents })).filter((line) => line.cents > 0);
}

const total = (lines: readonly PriceLine[]): Cents => sumCents(lines.map((line) => line.cents));

/** An hour costs the sum of every rule that matches it ("Hallenmiete" and "Flutlicht" both apply). */
export function priceOfHour(prices: readonly PriceRule[], pricedHour: PricedHour): Price {
  const lines = mergeLines(
    prices
      .filter((rule) => ruleMatches(rule, pricedHour))
      .map((rule) => ({ label: rule.label.trim(), cents: toCents(rule.cents_per_hour) })),
  );
  return { cents: total(lines), lines };
}

/**
 * A booking of `hours` hours from `start_time` on one court, or on each of `courts` (an admin's
 * booking of several): the sum of its hours' prices, line by line.
 */
export function priceOfBooking(
  prices: readonly PriceRule[],
  booking: { court_num: string; courts?: readonly string[]; date: string; start_time: number; hours: number },
): Price {
  const weekday = isoWeekdayOf(booking.date);
  const courts = booking.courts?.length ? booking.courts : [booking.court_num];
  const hourLines = courts.flatMap((court_num) =>
    Array.from({ length: booking.hours }, (_, offset) =>
      priceOfHour(prices, { court_num, weekday, hour: booking.start_time + offset }),
    ).flatMap((price) => price.lines),
  );
  const lines = mergeLines(hourLines);
  return { cents: total(lines), lines };
}

export { formatEuros } from '../cents';

/**
 * "Kosten: 21,00 € (Hallenmiete 18,00 €, Flutlicht 3,00 €)", or null when the hours cost nothing:
 * a free hour says nothing, as booking said before prices existed.
 */
export function costText(price: Price): string | null {
  if (price.cents === 0) return null;
  const parts = price.lines.map((line) => `${line.label} ${formatEuros(line.cents)}`).join(', ');
  const amount = `${priceTexts.cost}: ${formatEuros(price.cents)}`;
  return price.lines.length > 1 ? `${amount} (${parts})` : `${amount} (${price.lines[0]!.label})`;
}

/** "Flutlicht: 3,00 € pro Stunde, Mo–Fr 18–22 Uhr, Platz 1, 2": a rule in plain German. */
export function priceRuleText(rule: PriceRule): string {
  const courts =
    rule.courts === null
      ? priceTexts.allCourts
      : `${rule.courts.length === 1 ? 'Platz' : 'Plätze'} ${[...rule.courts].sort((a, b) => Number(a) - Number(b)).join(', ')}`;
  return `${rule.label.trim()}: ${formatEuros(rule.cents_per_hour)} ${priceTexts.perHour}, ${weekdaysText(rule.days)} ${rule.from_hour}–${rule.to_hour} Uhr, ${courts}`;
}

/** "Di 19–20 Uhr, Platz 5": one hour of the week on a court, as the admin's preview names it. */
export function weeklyHourText(pricedHour: { court_label: string; weekday: number; hour: number }): string {
  return `${weekdaysText([pricedHour.weekday])} ${pricedHour.hour}–${pricedHour.hour + 1} Uhr, ${pricedHour.court_label}`;
}
