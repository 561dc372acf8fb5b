/** Body of POST /api/admin/blocks; bounds beyond its shape (hours, courts, length) are the decider's. */
import {
  COURT_NUMBER_MAX_LENGTH,
  COURT_NUMBER_PATTERN,
  HOUR_MOMENT_PATTERN,
  jsonObjectBody,
  MAX_COURTS,
} from '../shapes';
import { blockTexts, REASON_MAX_LENGTH } from './blocks';

const moment = {
  type: 'string',
  pattern: HOUR_MOMENT_PATTERN,
  errorMessage: blockTexts.invalidMoment,
} as const;

export const blockCourtsSchema = {
  $id: 'blockCourts',
  ...jsonObjectBody,
  properties: {
    court_nums: {
      type: 'array',
      items: { type: 'string', pattern: COURT_NUMBER_PATTERN, maxLength: COURT_NUMBER_MAX_LENGTH },
      minItems: 1,
      maxItems: MAX_COURTS,
      errorMessage: blockTexts.noCourts,
    },
    from: moment,
    until: moment,
    reason: {
      type: 'string',
      minLength: 1,
      maxLength: REASON_MAX_LENGTH,
      errorMessage: blockTexts.reasonInvalid,
    },
    /** Repeat weekly until this day, inclusive (the decider checks it further). */
    repeat_until: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      errorMessage: blockTexts.repeatUntilInvalid,
    },
    /** Only list the bookings the block would cancel; write nothing. */
    preview: { type: 'boolean', errorMessage: 'Bitte geben Sie an, ob nur eine Vorschau gemeint ist.' },
  },
  required: ['court_nums', 'from', 'until', 'reason'],
} as const;

export interface BlockCourtsBody {
  court_nums: string[];
  from: string;
  until: string;
  reason: string;
  repeat_until?: string;
  preview?: boolean;
}
