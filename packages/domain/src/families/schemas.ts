/**
 * Bodies of a member's children routes (docs/who-plays.md, "Families"): names as guests' names
 * are, a birth year and nothing more (a minor's data kept to what booking needs). Whether the year
 * lies in the last `CHILD_MAX_AGE` years is the route's (it needs the club's year).
 */
import { GUEST_NAME_PATTERN, jsonObjectBody } from '../shapes';
import * as familyTexts from './texts';

/** A family, not a youth team: more children than this in one account is a mistake. */
export const CHILDREN_MAX = 10;

const name = (message: string) =>
  ({ type: 'string', pattern: GUEST_NAME_PATTERN, errorMessage: message }) as const;

export const childSchema = {
  $id: 'child',
  ...jsonObjectBody,
  properties: {
    first_name: name(familyTexts.firstNameInvalid),
    last_name: name(familyTexts.lastNameInvalid),
    birth_year: { type: 'integer', minimum: 1900, maximum: 2100, errorMessage: familyTexts.birthYearShape },
  },
  required: ['first_name', 'last_name', 'birth_year'],
  errorMessage: {
    ...jsonObjectBody.errorMessage,
    required: {
      first_name: familyTexts.firstNameInvalid,
      last_name: familyTexts.lastNameInvalid,
      birth_year: familyTexts.birthYearShape,
    },
  },
} as const;

export interface ChildBody {
  first_name: string;
  last_name: string;
  birth_year: number;
}

/** A child as the parent's Konto shows them, with the category that holds today. */
export interface Child extends ChildBody {
  _id: string;
  category: string;
}
