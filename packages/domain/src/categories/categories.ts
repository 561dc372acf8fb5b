/**
 * Member categories (docs/who-plays.md, "Member categories"): which category a member is in today,
 * and their category's rules in plain words. A junior's category follows their birth year and the
 * club-local date, so nobody has to move a member on 1 January and nothing derived is stored.
 */
import { weekdaysText } from '../players/play-rules';
import { JUNIOR_CATEGORY_ID, type CategoryWindow, type MemberCategory, type PlayRules } from '../schemas';
import type { Club, FieldError, IsoDate } from '../types';
import * as categoryTexts from './texts';

/** What a member's category is decided on: the admin's choice and their birth year, both may be unset. */
export interface CategorizedMember {
  category_id: string | null;
  birth_year: number | null;
}

type CategoryRules = Pick<PlayRules, 'categories' | 'junior_until_age'>;

/** A member in no category, or in one the club has since removed, is in the first. */
export const defaultCategory = (rules: Pick<PlayRules, 'categories'>): MemberCategory => rules.categories[0]!;

/** Juniors are members who turn at most `untilAge` this year: everyone turns a year older on 1 January. */
export function isJunior(birthYear: number, untilAge: number, today: IsoDate): boolean {
  return Number(today.slice(0, 4)) - birthYear <= untilAge;
}

/**
 * The member's category on `today` (club-local). With `junior_until_age` and a birth year, the
 * club's "Jugend" (id `jugend`) follows the age between itself and the first category; a member the
 * admin put in another category (Passiv, Trainer) stays there whatever their age.
 */
export function memberCategory(
  rules: CategoryRules,
  member: CategorizedMember,
  today: IsoDate,
): MemberCategory {
  const first = defaultCategory(rules);
  const assigned = rules.categories.find((c) => c.id === member.category_id) ?? first;
  const junior = rules.categories.find((c) => c.id === JUNIOR_CATEGORY_ID);
  if (!junior || rules.junior_until_age === null || member.birth_year === null) return assigned;
  if (assigned !== first && assigned !== junior) return assigned;
  return isJunior(member.birth_year, rules.junior_until_age, today) ? junior : first;
}

/** "nur bis 18 Uhr", "nur ab 10 Uhr", "nur von 10 bis 18 Uhr", "ganztags": a window's hours in the club's day. */
function hoursText(window: CategoryWindow, club: Pick<Club, 'start_hour' | 'end_hour'>): string {
  const fromStart = window.from_hour <= club.start_hour;
  const toEnd = window.to_hour >= club.end_hour;
  if (fromStart && toEnd) return 'ganztags';
  if (fromStart) return `nur bis ${window.to_hour} Uhr`;
  if (toEnd) return `nur ab ${window.from_hour} Uhr`;
  return `nur von ${window.from_hour} bis ${window.to_hour} Uhr`;
}

/** "Mo–Fr nur bis 18 Uhr und Sa, So ganztags": when a category's members may play. */
export function windowsText(
  windows: readonly CategoryWindow[],
  club: Pick<Club, 'start_hour' | 'end_hour'>,
): string {
  return windows.map((w) => `${weekdaysText(w.days)} ${hoursText(w, club)}`).join(' und ');
}

/**
 * Does every hour of the slot lie in one of the windows on its day? A day no window names is open
 * as the club is ("Mo–Fr nur bis 18 Uhr" leaves the weekend free); no windows: always.
 */
export function withinWindows(
  windows: readonly CategoryWindow[] | undefined,
  isoWeekday: number,
  startHour: number,
  endHour: number,
): boolean {
  if (!windows?.length) return true;
  const today = windows.filter((w) => w.days.includes(isoWeekday));
  if (!today.length) return true;
  for (let hour = startHour; hour < endHour; hour += 1) {
    if (!today.some((w) => w.from_hour <= hour && hour < w.to_hour)) return false;
  }
  return true;
}

const reservationsWord = (n: number) =>
  n === 1 ? '1 anstehende Reservierung' : `${n} anstehende Reservierungen`;

/** One category's rules as a sentence, or null when it keeps the club's. */
function describeCategory(
  category: MemberCategory,
  club: Pick<Club, 'start_hour' | 'end_hour'>,
): string | null {
  if (!category.can_book) return `${category.name}: darf keine Plätze buchen.`;
  const parts: string[] = [];
  if (category.windows?.length) parts.push(`spielt ${windowsText(category.windows, club)}`);
  if (category.reservations_limit === null) parts.push('ohne Reservierungslimit');
  else if (category.reservations_limit !== undefined) {
    parts.push(`höchstens ${reservationsWord(category.reservations_limit)}`);
  }
  if (category.quota_exempt) parts.push('von den Kontingenten ausgenommen');
  return parts.length ? `${category.name}: ${parts.join('; ')}.` : null;
}

/**
 * The categories' rules as sentences for the Platzordnung page; none for a club with the default
 * (one category, the club's own rules).
 */
export function describeCategories(
  rules: CategoryRules,
  club: Pick<Club, 'start_hour' | 'end_hour'>,
): string[] {
  const lines = rules.categories.flatMap((c) => describeCategory(c, club) ?? []);
  const junior = rules.categories.find((c) => c.id === JUNIOR_CATEGORY_ID);
  if (junior && rules.junior_until_age !== null) {
    lines.push(
      `Wer in diesem Jahr höchstens ${rules.junior_until_age} Jahre alt wird, gehört zur Kategorie ${junior.name}.`,
    );
  }
  return lines;
}

/**
 * The field errors the schema cannot find: two categories with one id or one name, and juniors by
 * age without a "jugend" category to put them in.
 */
export function categoriesErrors(settings: Partial<CategoryRules>): FieldError[] {
  const errors: FieldError[] = [];
  const ids = new Set<string>();
  const names = new Set<string>();
  (settings.categories ?? []).forEach((category, n) => {
    if (ids.has(category.id)) {
      errors.push({ instancePath: `/categories/${n}/id`, message: categoryTexts.duplicateId(category.id) });
    }
    const name = category.name.trim().toLocaleLowerCase('de');
    if (names.has(name)) {
      errors.push({
        instancePath: `/categories/${n}/name`,
        message: categoryTexts.duplicateName(category.name),
      });
    }
    ids.add(category.id);
    names.add(name);
  });
  const juniors = settings.junior_until_age !== undefined && settings.junior_until_age !== null;
  if (juniors && settings.categories && !ids.has(JUNIOR_CATEGORY_ID)) {
    errors.push({ instancePath: '/junior_until_age', message: categoryTexts.juniorWithout });
  }
  return errors;
}
