/**
 * Bodies and queries of the reservation calls (SPEC section 7), validated by the API with the same
 * helpers as the forms. Hour and duration bounds beyond these shapes are the decider's business.
 */
import { LABEL_MAX_LENGTH } from './make-reservation';

const uuid = (message: string) => ({ type: 'string', format: 'uuid', errorMessage: message }) as const;
const isoDate = {
  type: 'string',
  format: 'date',
  errorMessage: 'Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).',
} as const;
const hour = (max: number) =>
  ({
    type: 'integer',
    minimum: 0,
    maximum: max,
    errorMessage: 'Bitte geben Sie eine volle Stunde an.',
  }) as const;

export const makeReservationSchema = {
  $id: 'makeReservation',
  type: 'object',
  properties: {
    club_id: uuid('Unbekannter Verein.'),
    user_id: uuid('Unbekanntes Mitglied.'),
    court_num: {
      type: 'string',
      pattern: '^[0-9]{1,2}$',
      errorMessage: 'Bitte wählen Sie einen Platz.',
    },
    start_time: hour(23),
    end_time: hour(24),
    date: isoDate,
    label: {
      type: ['string', 'null'],
      maxLength: LABEL_MAX_LENGTH,
      errorMessage: `Die Bezeichnung darf höchstens ${LABEL_MAX_LENGTH} Zeichen lang sein.`,
    },
    recurring: { type: 'boolean', errorMessage: 'Bitte geben Sie an, ob die Reservierung wiederkehrt.' },
  },
  required: ['club_id', 'court_num', 'start_time', 'end_time', 'date'],
  additionalProperties: false,
  errorMessage: { type: 'Die Anfrage muss ein JSON-Objekt sein.' },
} as const;

export interface MakeReservationBody {
  club_id: string;
  user_id?: string;
  court_num: string;
  start_time: number;
  end_time: number;
  date: string;
  label?: string | null;
  recurring?: boolean;
}

export const deleteReservationSchema = {
  $id: 'deleteReservation',
  type: 'object',
  properties: {
    form_method: { const: 'delete', errorMessage: 'Unbekannte Aktion.' },
    date: isoDate,
    delete_type: {
      enum: ['once', 'once_and_future', 'all'],
      errorMessage: 'Bitte wählen Sie, was gelöscht werden soll.',
    },
    // The SPEC's client may send the club with every call; it must be the member's own.
    club_id: uuid('Unbekannter Verein.'),
  },
  required: ['form_method', 'date', 'delete_type'],
  additionalProperties: false,
  errorMessage: { type: 'Die Anfrage muss ein JSON-Objekt sein.' },
} as const;

export interface DeleteReservationBody {
  form_method: 'delete';
  date: string;
  delete_type: 'once' | 'once_and_future' | 'all';
  club_id?: string;
}

/** The longest range one GET may ask for: a year of grid is plenty for any screen. */
export const MAX_RANGE_DAYS = 400;
