/**
 * Bodies of the admin's category routes (docs/who-plays.md, "Member categories"): whether the
 * category exists is the decider's, whether the birth year lies in the past the route's (it needs
 * the club's year).
 */
import { CATEGORY_ID_PATTERN } from '../schemas';
import { jsonObjectBody } from '../shapes';
import * as categoryTexts from './texts';

/** The earliest birth year the admin may give: nobody plays at 127. */
export const BIRTH_YEAR_MIN = 1900;
/** A selection changed at once is at most this large: a club's members, not a whole federation. */
export const BULK_MAX = 500;

const categoryId = {
  type: 'string',
  pattern: CATEGORY_ID_PATTERN,
  errorMessage: categoryTexts.categoryIdRequired,
} as const;

export const memberCategorySchema = {
  $id: 'memberCategory',
  ...jsonObjectBody,
  properties: {
    category_id: categoryId,
    birth_year: {
      type: ['integer', 'null'],
      minimum: BIRTH_YEAR_MIN,
      maximum: 2100,
      errorMessage: categoryTexts.birthYearShape,
    },
  },
  required: ['category_id'],
  errorMessage: {
    ...jsonObjectBody.errorMessage,
    required: { category_id: categoryTexts.categoryIdRequired },
  },
} as const;

export interface MemberCategoryBody {
  category_id: string;
  /** Absent: unchanged; null: unknown. */
  birth_year?: number | null;
}

export const membersCategorySchema = {
  $id: 'membersCategory',
  ...jsonObjectBody,
  properties: {
    category_id: categoryId,
    user_ids: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_MAX,
      uniqueItems: true,
      items: { type: 'string', format: 'uuid' },
      errorMessage: categoryTexts.selectionInvalid(BULK_MAX),
    },
  },
  required: ['category_id', 'user_ids'],
  errorMessage: {
    ...jsonObjectBody.errorMessage,
    required: {
      category_id: categoryTexts.categoryIdRequired,
      user_ids: categoryTexts.selectionInvalid(BULK_MAX),
    },
  },
} as const;

export interface MembersCategoryBody {
  category_id: string;
  user_ids: string[];
}
