/**
 * Bodies and queries of the reservation calls, validated by the API with the same
 * helpers as the forms. Hour and duration bounds beyond these shapes are the decider's business.
 */
import {
  courtNumber,
  FREE_TEXT_PATTERN,
  GUEST_NAME_PATTERN,
  hour,
  isoDate,
  jsonObjectBody,
  MAX_COURTS,
} from '../shapes';
import { LABEL_MAX_LENGTH } from './limits';
import * as reservationTexts from './texts';
import type { PlayerBody } from '../types';

const uuid = (message: string) => ({ type: 'string', format: 'uuid', errorMessage: message }) as const;

/** The co-players a booking names (docs/who-plays.md): members by id, guests by name. */
const players = {
  type: 'array',
  maxItems: 3,
  items: {
    type: 'object',
    properties: {
      user_id: uuid(reservationTexts.unknownMember),
      guest_name: {
        type: 'string',
        pattern: GUEST_NAME_PATTERN,
        errorMessage: "Der Name eines Gastes hat 2 bis 60 Zeichen: Buchstaben, Leerzeichen und -'.",
      },
    },
    minProperties: 1,
    maxProperties: 1,
    additionalProperties: false,
    errorMessage: 'Bitte nennen Sie jeden Mitspieler als Mitglied (user_id) oder als Gast (guest_name).',
  },
  errorMessage: {
    maxItems: 'Eine Reservierung hat höchstens 3 Mitspieler.',
    type: 'Mitspieler sind eine Liste.',
  },
} as const;

export const makeReservationSchema = {
  $id: 'makeReservation',
  ...jsonObjectBody,
  properties: {
    club_id: uuid('Unbekannter Verein.'),
    user_id: uuid(reservationTexts.unknownMember),
    court_num: courtNumber,
    /** Admins: several courts at once, instead of `court_num`. */
    court_nums: {
      type: 'array',
      items: courtNumber,
      minItems: 1,
      maxItems: MAX_COURTS,
      errorMessage: 'Bitte wählen Sie mindestens einen Platz.',
    },
    start_time: hour(23),
    end_time: hour(24),
    date: isoDate,
    label: {
      type: ['string', 'null'],
      maxLength: LABEL_MAX_LENGTH,
      pattern: FREE_TEXT_PATTERN,
      errorMessage: {
        pattern: 'Die Bezeichnung darf keine Steuer- oder Schreibrichtungszeichen enthalten.',
        _: `Die Bezeichnung darf höchstens ${LABEL_MAX_LENGTH} Zeichen lang sein.`,
      },
    },
    recurring: { type: 'boolean', errorMessage: 'Bitte geben Sie an, ob die Reservierung wiederkehrt.' },
    players,
    /** A child of the logged-in member whom the booking is for (docs/who-plays.md, "Families"). */
    on_behalf_of: uuid(reservationTexts.notYourChild),
  },
  // Club and user come from the session; when a client names them they must be the session's.
  // One of `court_num` and `court_nums` is needed; the route says so when both or none are sent.
  required: ['start_time', 'end_time', 'date'],
} as const;

export interface MakeReservationBody {
  club_id?: string;
  user_id?: string;
  /** Exactly one of `court_num` and `court_nums`. */
  court_num?: string;
  court_nums?: string[];
  start_time: number;
  end_time: number;
  date: string;
  label?: string | null;
  recurring?: boolean;
  on_behalf_of?: string;
  players?: PlayerBody[];
}

export const deleteReservationSchema = {
  $id: 'deleteReservation',
  ...jsonObjectBody,
  properties: {
    form_method: { const: 'delete', errorMessage: 'Unbekannte Aktion.' },
    date: isoDate,
    delete_type: {
      enum: ['once', 'once_and_future', 'all'],
      errorMessage: 'Bitte wählen Sie, was gelöscht werden soll.',
    },
    // The original client may send the club with every call; it must be the member's own.
    club_id: uuid('Unbekannter Verein.'),
    /** For a booking made over several courts: delete it on every court of its group. */
    whole_group: { type: 'boolean', errorMessage: 'Bitte geben Sie an, ob alle Plätze gemeint sind.' },
    players,
  },
  required: ['form_method', 'date', 'delete_type'],
} as const;

export interface DeleteReservationBody {
  form_method: 'delete';
  date: string;
  delete_type: 'once' | 'once_and_future' | 'all';
  club_id?: string;
  whole_group?: boolean;
}

/** PUT /api/reservations/:id: the booking's new slot; for a series also which occurrences. */
export const changeReservationSchema = {
  $id: 'changeReservation',
  ...jsonObjectBody,
  properties: {
    club_id: uuid('Unbekannter Verein.'),
    court_num: courtNumber,
    start_time: hour(23),
    end_time: hour(24),
    date: isoDate,
    label: makeReservationSchema.properties.label,
    scope: {
      enum: ['once', 'once_and_future', 'all'],
      errorMessage: 'Bitte wählen Sie, welche Termine der Serie geändert werden sollen.',
    },
    occurrence_date: isoDate,
    /** For a booking made over several courts: the same change on every court of its group. */
    whole_group: { type: 'boolean', errorMessage: 'Bitte geben Sie an, ob alle Plätze gemeint sind.' },
    players,
  },
  required: ['court_num', 'start_time', 'end_time', 'date'],
} as const;

export interface ChangeReservationBody {
  club_id?: string;
  court_num: string;
  start_time: number;
  end_time: number;
  date: string;
  label?: string | null;
  scope?: 'once' | 'once_and_future' | 'all';
  occurrence_date?: string;
  whole_group?: boolean;
  /** Absent: the co-players stay as they are. */
  players?: PlayerBody[];
}

/** The longest range one GET may ask for: a year of grid is plenty for any screen. */
export const MAX_RANGE_DAYS = 400;
