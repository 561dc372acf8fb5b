/** Body of POST /api/admin/blocks; bounds beyond its shape (hours, courts, length) are the decider's. */
import { REASON_MAX_LENGTH } from './blocks';

const moment = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:00$',
  errorMessage: 'Bitte geben Sie Beginn und Ende als volle Stunde an (JJJJ-MM-TTTHH:00).',
} as const;

export const blockCourtsSchema = {
  $id: 'blockCourts',
  type: 'object',
  properties: {
    court_nums: {
      type: 'array',
      items: { type: 'string', pattern: '^[0-9]{1,2}$' },
      minItems: 1,
      maxItems: 20,
      errorMessage: 'Bitte wählen Sie mindestens einen Platz.',
    },
    from: moment,
    until: moment,
    reason: {
      type: 'string',
      minLength: 1,
      maxLength: REASON_MAX_LENGTH,
      errorMessage: `Bitte geben Sie einen Grund mit höchstens ${REASON_MAX_LENGTH} Zeichen an.`,
    },
    /** Only list the bookings the block would cancel; write nothing. */
    preview: { type: 'boolean', errorMessage: 'Bitte geben Sie an, ob nur eine Vorschau gemeint ist.' },
  },
  required: ['court_nums', 'from', 'until', 'reason'],
  additionalProperties: false,
  errorMessage: { type: 'Die Anfrage muss ein JSON-Objekt sein.' },
} as const;

export interface BlockCourtsBody {
  court_nums: string[];
  from: string;
  until: string;
  reason: string;
  preview?: boolean;
}
