/**
 * What the categories card holds and sends (docs/who-plays.md, "Member categories"), kept apart
 * from the view so it is tested without a browser. A category's id is made from its name when it
 * is added ("Jugend" → `jugend`, the id juniors by age go to) and kept after; numbers are held as
 * typed and go out as typed when they are none, so the schema answers with its German message.
 */
import { categoriesErrors } from '@platzbuchung/domain/categories/categories';
import { formValidator } from '@platzbuchung/domain/form-validators';
import {
  CATEGORIES_MAX,
  CATEGORY_WINDOWS_MAX,
  type CategoryWindow,
  type ClubSettingsBody,
  type MemberCategory,
  type PlayRules,
} from '@platzbuchung/domain/schemas';
import type { Club, FieldError } from '@platzbuchung/domain/types';
import { unchangedCore } from './core-settings';
import { wholeNumber } from './play-rules-body';

/** The club's limit, none, or one of its own (`limit` as typed). */
export type LimitChoice = 'club' | 'none' | 'own';

export interface CategoryDraft {
  id: string;
  name: string;
  can_book: boolean;
  limit_choice: LimitChoice;
  limit: string;
  quota_exempt: boolean;
  windows: CategoryWindow[];
}

export interface CategoriesDraft {
  categories: CategoryDraft[];
  /** As typed; blank: no juniors by age. */
  junior_until_age: string;
}

/** "Jugend" → "jugend", "Ü 60 Senioren" → "ue-60-senioren": an id the schema takes. */
export function idOf(name: string): string {
  const folded = name
    .toLocaleLowerCase('de')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30);
  return folded || 'kategorie';
}

/** After a save, a new row keeps the id it was saved with, whatever it is renamed to later. */
export const withIds = (draft: CategoriesDraft): CategoriesDraft => ({
  ...draft,
  categories: draft.categories.map((c) => (c.id ? c : { ...c, id: idOf(c.name) })),
});

/** A new row: may book, the club's limit, no windows; named by the admin. */
export const newCategory = (): CategoryDraft => ({
  id: '',
  name: '',
  can_book: true,
  limit_choice: 'club',
  limit: '1',
  quota_exempt: false,
  windows: [],
});

/** A new window: weekdays until 18 Uhr, the commonest junior rule. */
export const newWindow = (club: Pick<Club, 'start_hour'>): CategoryWindow => ({
  days: [1, 2, 3, 4, 5],
  from_hour: club.start_hour,
  to_hour: 18,
});

function categoryDraft(category: MemberCategory): CategoryDraft {
  const limit = category.reservations_limit;
  return {
    id: category.id,
    name: category.name,
    can_book: category.can_book,
    limit_choice: limit === undefined ? 'club' : limit === null ? 'none' : 'own',
    limit: typeof limit === 'number' ? String(limit) : '1',
    quota_exempt: category.quota_exempt ?? false,
    windows: category.windows ?? [],
  };
}

export function draftOf(rules: Pick<PlayRules, 'categories' | 'junior_until_age'>): CategoriesDraft {
  return {
    categories: rules.categories.map(categoryDraft),
    junior_until_age: rules.junior_until_age === null ? '' : String(rules.junior_until_age),
  };
}

/** The category as sent: only what sets it apart from the club's rules. */
function categoryBody(draft: CategoryDraft): MemberCategory {
  const body: MemberCategory = {
    id: draft.id || idOf(draft.name),
    name: draft.name.trim(),
    can_book: draft.can_book,
  };
  if (draft.windows.length)
    body.windows = draft.windows.map((w) => ({ ...w, days: [...w.days].sort((a, b) => a - b) }));
  if (draft.limit_choice === 'none') body.reservations_limit = null;
  if (draft.limit_choice === 'own') body.reservations_limit = wholeNumber(draft.limit) as number;
  if (draft.quota_exempt) body.quota_exempt = true;
  return body;
}

type CategoriesBody = Pick<PlayRules, 'categories' | 'junior_until_age'>;

function categoriesPart(draft: CategoriesDraft): CategoriesBody {
  const age = draft.junior_until_age.trim();
  return {
    categories: draft.categories.map(categoryBody),
    junior_until_age: age === '' ? null : (wholeNumber(age) as number),
  };
}

/** The body of PUT /api/admin/club: the core settings unchanged, the categories as shown. */
export const categoriesBody = (club: Club, draft: CategoriesDraft): ClubSettingsBody => ({
  ...unchangedCore(club),
  ...categoriesPart(draft),
});

export const canAddCategory = (draft: CategoriesDraft) => draft.categories.length < CATEGORIES_MAX;
export const canAddWindow = (category: CategoryDraft) => category.windows.length < CATEGORY_WINDOWS_MAX;

const validatePlayRules = formValidator<Partial<PlayRules>>('playRules');

/** What the browser finds before sending: the API's schema, then the same checks the API asks. */
export function categoriesDraftErrors(draft: CategoriesDraft): FieldError[] {
  const part = categoriesPart(draft);
  const shape = validatePlayRules?.(part);
  if (shape && !shape.ok) return shape.errors;
  return categoriesErrors(part);
}
