/**
 * What the prices card holds and sends, kept apart from the view so it is tested without a
 * browser (docs/architecture/money.md). A price is typed in euros with a comma ("18,50") and sent
 * in cents, read digit by digit (`centsOf`), never through a float; a price that is no amount
 * goes out as typed, so the schema answers it with its German message.
 */
import { centsOf, euroAmount } from '@platzbuchung/domain/cents';
import { courtName } from '@platzbuchung/domain/courts';
import { formValidator } from '@platzbuchung/domain/form-validators';
import { formatEuros, priceErrors, priceOfHour, weeklyHourText } from '@platzbuchung/domain/money/prices';
import {
  PRICE_RULES_MAX,
  type PlayRules,
  type ClubSettingsBody,
  type Payment,
  type PriceRule,
  type PriceSettings,
} from '@platzbuchung/domain/schemas';
import type { Club, FieldError } from '@platzbuchung/domain/types';
import { unchangedCore } from './core-settings';

export interface PriceRuleDraft {
  label: string;
  /** Every court, or only those in `courts`. */
  all_courts: boolean;
  courts: string[];
  days: number[];
  from_hour: number;
  to_hour: number;
  /** Euros as typed: "18,00". */
  price: string;
  /** The member categories it is for, kept as saved (absent: everyone). */
  categories?: string[];
}

/** The hour the card prices as an example: a court, an ISO weekday, the hour it starts, the booker's category. */
export interface PreviewHour {
  court_num: string;
  weekday: number;
  hour: number;
  category_id: string;
}

export interface PricesDraft {
  rules: PriceRuleDraft[];
  split_court_fee: boolean;
  payment: Payment;
  preview: PreviewHour;
}

/** A new rule: every court, every day, the whole opening hours; label and price still to type. */
export const newPriceRule = (club: Pick<Club, 'start_hour' | 'end_hour'>): PriceRuleDraft => ({
  label: '',
  all_courts: true,
  courts: [],
  days: [1, 2, 3, 4, 5, 6, 7],
  from_hour: club.start_hour,
  to_hour: club.end_hour,
  price: '',
});

function ruleDraft(rule: PriceRule): PriceRuleDraft {
  return {
    ...(rule.categories ? { categories: rule.categories } : {}),
    label: rule.label,
    all_courts: rule.courts === null,
    courts: rule.courts ?? [],
    days: rule.days,
    from_hour: rule.from_hour,
    to_hour: rule.to_hour,
    price: euroAmount(rule.cents_per_hour),
  };
}

/** The rule as sent: days and courts in order, the price in cents (or as typed, for the schema). */
function ruleBody(rule: PriceRuleDraft): PriceRule {
  return {
    label: rule.label,
    courts: rule.all_courts ? null : [...rule.courts].sort((a, b) => Number(a) - Number(b)),
    days: [...rule.days].sort((a, b) => a - b),
    from_hour: rule.from_hour,
    to_hour: rule.to_hour,
    cents_per_hour: centsOf(rule.price) as number,
    ...(rule.categories ? { categories: rule.categories } : {}),
  };
}

/** The rules of a draft whose price is an amount: what the preview can price while one is typed. */
function priceableRules(draft: PricesDraft): PriceRule[] {
  return draft.rules.map(ruleBody).filter((rule) => Number.isInteger(rule.cents_per_hour));
}

/**
 * The club's most expensive hour under these rules for a member of `category_id` (the first, on a
 * tie), for the preview to start at.
 */
export function mostExpensiveHour(
  club: Club,
  prices: readonly PriceRule[],
  category_id: string,
): PreviewHour {
  let best: PreviewHour = { court_num: '1', weekday: 1, hour: club.start_hour, category_id };
  let bestCents = -1;
  for (let court = 1; court <= club.courts_count; court++) {
    for (let weekday = 1; weekday <= 7; weekday++) {
      for (let hour = club.start_hour; hour < club.end_hour; hour++) {
        const candidate = { court_num: String(court), weekday, hour, category_id };
        const cents = priceOfHour(prices, candidate).cents;
        if (cents > bestCents) [best, bestCents] = [candidate, cents];
      }
    }
  }
  return best;
}

/** The card opens on the most expensive hour for a member of the club's first category. */
export function draftOf(club: Club, settings: PriceSettings & Pick<PlayRules, 'categories'>): PricesDraft {
  return {
    rules: settings.prices.map(ruleDraft),
    split_court_fee: settings.split_court_fee,
    payment: settings.payment,
    preview: mostExpensiveHour(club, settings.prices, settings.categories[0]!.id),
  };
}

/** The example hour and its cost, apart, so the view keeps "21,00 €" on one line. */
export function previewParts(club: Club, draft: PricesDraft): { hour: string; amount: string } {
  const { court_num, weekday, hour } = draft.preview;
  const price = priceOfHour(priceableRules(draft), draft.preview);
  return {
    hour: weeklyHourText({ court_label: courtName(club, court_num), weekday, hour }),
    amount: formatEuros(price.cents),
  };
}

/** "Di 19–20 Uhr, Platz 5: 21,00 €": the example hour as a member would read its cost. */
export function previewText(club: Club, draft: PricesDraft): string {
  const { hour, amount } = previewParts(club, draft);
  return `${hour}: ${amount}`;
}

/** The body of PUT /api/admin/club: the core settings unchanged, the prices and the split as shown. */
export function pricesBody(club: Club, draft: PricesDraft): ClubSettingsBody {
  return {
    ...unchangedCore(club),
    prices: draft.rules.map(ruleBody),
    split_court_fee: draft.split_court_fee,
    payment: draft.payment,
  };
}

export const canAddPriceRule = (draft: PricesDraft) => draft.rules.length < PRICE_RULES_MAX;

const validatePriceSettings = formValidator<Partial<PriceSettings>>('priceSettings');

/**
 * What the browser finds before sending: the schema the API uses (compiled ahead of time), then
 * the checks that need the club (its courts, its opening hours), the same functions the API asks.
 */
export function pricesErrors(club: Club, draft: PricesDraft): FieldError[] {
  const { prices = [], split_court_fee, payment } = pricesBody(club, draft);
  const shape = validatePriceSettings?.({ prices, split_court_fee, payment });
  if (shape && !shape.ok) return shape.errors;
  return priceErrors(prices, club);
}
